/**
 * What the editor sees when someone else saved the record after the form was loaded (issue 27 point
 * 4): the fields that differ, each with who changed it, and two ways on: reload the stored record
 * (what was typed is discarded) or save what was typed over it (sent again with the stored version).
 * The form keeps what was typed until one of them is chosen. One panel for every edit form.
 */
import { useEffect, useRef } from 'react';
import type { FieldConflict } from '../../domain/editorial/versions.ts';

export interface ConflictPanelProps {
  conflicts: readonly FieldConflict[];
  /** The label of a field (and its language) as the form shows it. */
  labelOf: (conflict: FieldConflict) => string;
  t: (key: string) => string;
  busy: boolean;
  onReload: () => void;
  onOverwrite: () => void;
}

const whoKey = (c: FieldConflict) => (c.mine && c.theirs ? 'admin.conflict.both' : c.mine ? 'admin.conflict.mine' : 'admin.conflict.theirs');

export default function ConflictPanel({ conflicts, labelOf, t, busy, onReload, onOverwrite }: ConflictPanelProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="result result--error admin-conflict" aria-labelledby="admin-conflict-title">
      <p id="admin-conflict-title">
        <strong>{t('admin.conflict.title')}</strong>
      </p>
      <p>{conflicts.length ? t('admin.conflict.intro') : t('admin.conflict.none')}</p>
      {conflicts.length > 0 && (
        <ul className="admin-conflict__fields">
          {conflicts.map((c) => (
            <li key={`${c.field}.${c.language ?? ''}`}>
              {labelOf(c)}: {t(whoKey(c))}
            </li>
          ))}
        </ul>
      )}
      <div className="form__actions">
        <button type="button" className="button" disabled={busy} onClick={onReload}>
          {t('admin.conflict.reload')}
        </button>
        <button type="button" className="button button--primary" disabled={busy} onClick={onOverwrite}>
          {t('admin.conflict.overwrite')}
        </button>
      </div>
    </div>
  );
}
