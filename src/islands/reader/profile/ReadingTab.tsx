/**
 * The profile's reading tab (issue 12, point 9; spec §2 "/profile?tab=reading"): the reader's list
 * with the status filter (spec §9: want to read, currently reading, read), a status change and
 * removal per entry, and 'load more' with 'x of y'. Reads GET /api/reading-list; changes go through
 * PATCH and DELETE /api/reading-list/{bookId}. The outcome of each change is announced in the tab.
 */
import { useEffect, useState } from 'react';
import { READING_STATUSES, type ReadingStatus } from '../../../domain/enums.ts';
import { ReadingListPageSchema, type ReadingListEntry, type ReadingListPage } from '../../../domain/schemas/reader.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { LoadFailed, OutcomeMessage } from '../../account/fields.tsx';
import { LoadingSpinner } from '../../LoadingSpinner.tsx';
import { ChoiceChips } from '../../ChoiceChips.tsx';
import { fill } from '../../account/texts.ts';
import { STATUS_TEXT_KEYS } from '../ReadingListControl.tsx';

export const READING_TEXT_KEYS = [
  'account.profile.reading.empty',
  'account.profile.reading.hint',
  'account.profile.reading.emptyStatus',
  'account.profile.reading.filterLabel',
  'account.profile.reading.all',
  ...Object.values(STATUS_TEXT_KEYS),
  'account.profile.reading.statusOf',
  'account.profile.reading.remove',
  'account.profile.reading.removeLabel',
  'account.profile.reading.removed',
  'account.profile.reading.updated',
  'account.profile.reading.updateFailed',
  'account.profile.reading.removeFailed',
  'account.profile.reading.count',
  'account.profile.reading.more',
  'account.profile.reading.loadFailed',
  'account.profile.browseBooks',
  'account.profile.retry',
  'common.loading',
] as const;
export type ReadingTexts = Readonly<Record<(typeof READING_TEXT_KEYS)[number], string>>;

type Filter = ReadingStatus | 'all';
type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; page: ReadingListPage; items: ReadingListEntry[] };

export default function ReadingTab({ client, locale, texts, links }: { client: ApiClient; locale: string; texts: ReadingTexts; links: { books: string } }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const number = new Intl.NumberFormat(locale);

  function fetchPage(page: number, keep: ReadingListEntry[] = []) {
    if (!keep.length) setLoad({ state: 'loading' });
    const status = filter === 'all' ? '' : `&status=${filter}`;
    client.get(`/api/reading-list?page=${page}${status}`, { schema: ReadingListPageSchema }).then(
      // A removal since the last page shifts the pages: an entry already shown is not shown twice.
      (answer) => setLoad({ state: 'ready', page: answer, items: [...keep, ...answer.items.filter((item) => !keep.some((k) => k.bookId === item.bookId))] }),
      () => setLoad({ state: 'failed' }),
    );
  }
  useEffect(() => fetchPage(1), [filter]);

  async function change(entry: ReadingListEntry, status: ReadingStatus) {
    setBusy(entry.bookId);
    setMessage(null);
    try {
      await client.patch(`/api/reading-list/${entry.bookId}`, { status });
      setMessage({ text: fill(texts['account.profile.reading.updated'], { title: entry.book.title }), failed: false });
      if (load.state === 'ready') {
        const items = filter === 'all' || filter === status ? load.items.map((e) => (e.bookId === entry.bookId ? { ...e, status } : e)) : load.items.filter((e) => e.bookId !== entry.bookId);
        const counts = { ...load.page.counts, [entry.status]: load.page.counts[entry.status] - 1, [status]: load.page.counts[status] + 1 };
        const total = items.length < load.items.length ? load.page.total - 1 : load.page.total;
        setLoad({ state: 'ready', items, page: { ...load.page, counts, total } });
      }
    } catch {
      setMessage({ text: texts['account.profile.reading.updateFailed'], failed: true });
    } finally {
      setBusy(null);
    }
  }

  async function remove(entry: ReadingListEntry) {
    setBusy(entry.bookId);
    setMessage(null);
    try {
      await client.delete(`/api/reading-list/${entry.bookId}`);
      setMessage({ text: fill(texts['account.profile.reading.removed'], { title: entry.book.title }), failed: false });
      if (load.state === 'ready') {
        const counts = { ...load.page.counts, [entry.status]: load.page.counts[entry.status] - 1 };
        setLoad({ state: 'ready', items: load.items.filter((e) => e.bookId !== entry.bookId), page: { ...load.page, counts, total: load.page.total - 1 } });
      }
    } catch {
      setMessage({ text: texts['account.profile.reading.removeFailed'], failed: true });
    } finally {
      setBusy(null);
    }
  }

  const statusLabel = (status: ReadingStatus) => texts[STATUS_TEXT_KEYS[status]];
  const counts = load.state === 'ready' ? load.page.counts : null;
  const everything = counts ? counts.to_read + counts.reading + counts.read : 0;

  return (
    <div className="reading-tab">
      <ChoiceChips
        legend={texts['account.profile.reading.filterLabel']}
        value={filter}
        onChange={setFilter}
        options={(['all', ...READING_STATUSES] as const).map((value) => ({
          value,
          label: (
            <>
              {value === 'all' ? texts['account.profile.reading.all'] : statusLabel(value)}
              {counts && <span className="muted"> ({number.format(value === 'all' ? everything : counts[value])})</span>}
            </>
          ),
        }))}
      />
      <OutcomeMessage outcome={message} />
      {load.state === 'loading' && <LoadingSpinner label={texts['common.loading']} />}
      {load.state === 'failed' && <LoadFailed message={texts['account.profile.reading.loadFailed']} retryLabel={texts['account.profile.retry']} onRetry={() => fetchPage(1)} />}
      {load.state === 'ready' && load.items.length === 0 && (
        <div className="empty-state">
          <h2 className="empty-state__title">{filter === 'all' ? texts['account.profile.reading.empty'] : fill(texts['account.profile.reading.emptyStatus'], { status: statusLabel(filter) })}</h2>
          <p className="muted">{texts['account.profile.reading.hint']}</p>
          <a className="button button--secondary" href={links.books}>
            {texts['account.profile.browseBooks']}
          </a>
        </div>
      )}
      {load.state === 'ready' && load.items.length > 0 && (
        <>
          <ul role="list" className="reading-tab__list">
            {load.items.map((entry) => (
              <li key={entry.bookId} className="reading-tab__entry">
                <div className="reading-tab__book">
                  <a href={`/${locale}/books/${entry.book.slug}`} className="reading-tab__title">
                    {entry.book.title}
                  </a>
                  <span className="muted">
                    {entry.book.authors.map((a) => a.name).join(', ')}
                    {entry.book.year !== null && ` · ${entry.book.year}`}
                  </span>
                </div>
                <div className="reading-tab__actions">
                  <label className="visually-hidden" htmlFor={`reading-status-${entry.bookId}`}>
                    {fill(texts['account.profile.reading.statusOf'], { title: entry.book.title })}
                  </label>
                  <select
                    id={`reading-status-${entry.bookId}`}
                    className="field__input reading-tab__status"
                    value={entry.status}
                    disabled={busy === entry.bookId}
                    onChange={(event) => void change(entry, event.target.value as ReadingStatus)}
                  >
                    {READING_STATUSES.map((status) => (
                      <option key={status} value={status}>
                        {statusLabel(status)}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={busy === entry.bookId}
                    aria-label={fill(texts['account.profile.reading.removeLabel'], { title: entry.book.title })}
                    onClick={() => void remove(entry)}
                  >
                    {texts['account.profile.reading.remove']}
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <p className="muted">{fill(texts['account.profile.reading.count'], { shown: number.format(load.items.length), total: number.format(load.page.total) })}</p>
          {load.items.length < load.page.total && (
            <button type="button" className="button button--secondary" onClick={() => fetchPage(load.page.page + 1, load.items)}>
              {texts['account.profile.reading.more']}
            </button>
          )}
        </>
      )}
    </div>
  );
}
