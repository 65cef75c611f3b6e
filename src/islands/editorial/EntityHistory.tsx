/**
 * An entity's admin history on its edit page (issue 13 point 8): who, when, what, and a before/after
 * table of the fields that changed (src/domain/editorial/history-diff.ts), newest first, a page at a
 * time. Values are shown as text, never as HTML.
 */
import { useCallback, useEffect, useState } from 'react';
import { historyChanges } from '../../domain/editorial/history-diff.ts';
import type { EditedEntity, HistoryEntry, HistoryPage } from '../../domain/schemas/editorial.ts';
import { tx, type EditorTexts } from './editor-texts.ts';
import { LoadingSpinner } from '../LoadingSpinner.tsx';

export interface EntityHistoryProps {
  entity: EditedEntity;
  id: number;
  /** Changes after each save, so the list reads the new entry. */
  version: number;
  load: (entity: EditedEntity, id: number, page: number) => Promise<HistoryPage>;
  texts: EditorTexts;
  locale: string;
}

const MAX_SHOWN = 400;
const clip = (value: string) => (value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value);

export default function EntityHistory({ entity, id, version, load, texts, locale }: EntityHistoryProps) {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [state, setState] = useState<'loading' | 'loaded' | 'error'>('loading');
  const [page, setPage] = useState(1);
  const [total, setTotal] = useState(0);

  const read = useCallback(
    async (wanted: number) => {
      try {
        const answer = await load(entity, id, wanted);
        setEntries((old) => (wanted === 1 ? answer.items : [...old, ...answer.items]));
        setTotal(answer.total);
        setPage(wanted);
        setState('loaded');
      } catch {
        setState('error');
      }
    },
    [entity, id, load],
  );

  useEffect(() => {
    void read(1);
  }, [read, version]);

  const when = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  return (
    <section className="entity-history" aria-labelledby="entity-history-title">
      <h2 id="entity-history-title">{tx(texts, 'admin.history.title')}</h2>
      {state === 'loading' && <LoadingSpinner label={tx(texts, 'common.loading')} />}
      {state === 'error' && <p className="result result--error">{tx(texts, 'admin.history.loadFailed')}</p>}
      {state === 'loaded' && entries.length === 0 && <p>{tx(texts, 'admin.history.empty')}</p>}
      {entries.length > 0 && (
        <ol className="entity-history__list">
          {entries.map((entry) => {
            const changes = historyChanges(entry.before, entry.after);
            return (
              <li key={entry.id} className="entity-history__entry">
                <p className="entity-history__head">
                  <strong>{tx(texts, `admin.history.${entry.action}`)}</strong> <time dateTime={entry.at}>{when(entry.at)}</time> {tx(texts, 'admin.history.by', { who: entry.actor.email })}
                </p>
                {changes.length === 0 ? (
                  <p className="entity-history__none">{tx(texts, 'admin.history.noChange')}</p>
                ) : (
                  <div className="data-table__scroll">
                    <table className="data-table entity-history__table">
                      <thead>
                        <tr>
                          <th scope="col">{tx(texts, 'admin.history.field')}</th>
                          <th scope="col">{tx(texts, 'admin.history.before')}</th>
                          <th scope="col">{tx(texts, 'admin.history.after')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {changes.map((change) => (
                          <tr key={change.field}>
                            <th scope="row">{change.field}</th>
                            <td>
                              <del>{clip(change.before)}</del>
                            </td>
                            <td>
                              <ins>{clip(change.after)}</ins>
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {state === 'loaded' && entries.length < total && (
        <button type="button" className="button button--secondary" onClick={() => void read(page + 1)}>
          {tx(texts, 'admin.history.more')}
        </button>
      )}
    </section>
  );
}
