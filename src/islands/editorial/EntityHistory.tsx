/**
 * An entity's admin history on its edit page (issue 13 point 8): who, when, what, and a before/after
 * table of the fields that changed (src/domain/editorial/history-diff.ts), newest first, a page at a
 * time. Values are shown as text, never as HTML. Ids are shown by name and fields by their form label;
 * a book's history also has its editions' changes and the award finalists saves that named it, each
 * headed by what it is about (issue 29 point 17).
 */
import { useCallback, useEffect, useState } from 'react';
import { historyChanges, type HistoryWords } from '../../domain/editorial/history-diff.ts';
import type { EditedEntity, HistoryEntry, HistoryNames, HistoryPage } from '../../domain/schemas/editorial.ts';
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

/** The form label of a recorded field where its name differs from the label's key. */
const FIELD_LABEL_KEY: Readonly<Record<string, string>> = {
  authorIds: 'admin.field.authors',
  genreIds: 'admin.field.genres',
  entries: 'admin.awards.entries',
  awardId: 'admin.awards.award',
  categoryId: 'admin.awards.category',
  customCategory: 'admin.awards.customCategory',
  noAward: 'admin.awards.noAward',
  year: 'admin.awards.year',
};

/** A field's label ('description.de': the label with the language), or its name when the form has none. */
function fieldLabel(texts: EditorTexts, field: string): string {
  const [base, language] = field.split('.') as [string, string | undefined];
  const key = FIELD_LABEL_KEY[base] ?? `admin.field.${base}`;
  const label = texts[key] ?? base;
  return language ? `${label} (${language})` : label;
}

/** What a record of another entity (an edition, an award's finalists) on this page is about. */
function subjectOf(entry: HistoryEntry, names: HistoryNames, texts: EditorTexts): string | null {
  const side = (entry.after ?? entry.before ?? {}) as Record<string, unknown>;
  if (entry.entity === 'edition') return tx(texts, 'admin.history.aboutEdition', { title: typeof side.title === 'string' ? side.title : `#${entry.entityId}` });
  if (entry.entity === 'award') return tx(texts, 'admin.history.aboutAward', { award: names.awards[String(side.awardId ?? entry.entityId)] ?? `#${entry.entityId}`, year: String(side.year ?? '') });
  return null;
}

const NO_NAMES: HistoryNames = { authors: {}, genres: {}, series: {}, awards: {}, categories: {} };
const clip = (value: string) => (value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value);

export default function EntityHistory({ entity, id, version, load, texts, locale }: EntityHistoryProps) {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [state, setState] = useState<'loading' | 'loaded' | 'error'>('loading');
  const [page, setPage] = useState(1);
  const [total, setTotal] = useState(0);
  const [names, setNames] = useState<HistoryNames>(NO_NAMES);

  const read = useCallback(
    async (wanted: number) => {
      try {
        const answer = await load(entity, id, wanted);
        setEntries((old) => (wanted === 1 ? answer.items : [...old, ...answer.items]));
        // Names of later pages add to those of earlier ones.
        setNames((old) => (wanted === 1 ? answer.names : (Object.fromEntries(Object.entries(old).map(([k, v]) => [k, { ...v, ...answer.names[k as keyof HistoryNames] }])) as HistoryNames)));
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
            const words: HistoryWords = { names, winner: tx(texts, 'admin.history.winner') };
            const changes = historyChanges(entry.before, entry.after, words);
            const subject = entry.entity === entity ? null : subjectOf(entry, names, texts);
            return (
              <li key={entry.id} className="entity-history__entry">
                <p className="entity-history__head">
                  {subject && <span className="entity-history__subject">{subject}: </span>}
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
                            <th scope="row">{fieldLabel(texts, change.field)}</th>
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
