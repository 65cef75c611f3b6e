/**
 * The profile's import tab (issue 16 point 1; /profile?tab=import): upload a Goodreads or StoryGraph
 * export, watch the matching's progress, review the matches (found, to check: pick one of up to three
 * books, not in the catalogue: listed and downloadable), confirm with or without overwriting what
 * the reader has, watch the import's progress and read its counts. The job lives on the server
 * (ADR 0026): a reload finds the latest one (GET /api/profile/imports) and carries on where it was.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { MatchKind, ReadingStatus } from '../../domain/enums.ts';
import { z } from 'zod';
import { ImportJobListSchema, ImportJobSchema, ImportRowsPageSchema, type ImportBookRef, type ImportJob, type ImportRowView } from '../../domain/schemas/import.ts';
import { BookHitSchema } from '../../domain/schemas/search.ts';
import { IMPORT_MAX_BYTES, IMPORT_UPLOAD_MAX_BYTES } from '../../domain/open-data/import-limits.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { FormAlert, LoadFailed, OutcomeMessage } from '../account/fields.tsx';
import { fill } from '../account/texts.ts';
import { LoadingSpinner } from '../LoadingSpinner.tsx';
import { STATUS_TEXT_KEYS } from '../reader/ReadingListControl.tsx';

export const IMPORT_TEXT_KEYS = [
  'import.title',
  'import.intro',
  'import.howTo',
  'import.file',
  'import.upload',
  'import.matching',
  'import.applying',
  'import.progress',
  'import.progressLabel',
  'import.review.title',
  'import.review.summary',
  'import.review.invalid',
  'import.group.matched',
  'import.group.uncertain',
  'import.group.unmatched',
  'import.group.empty',
  'import.row.file',
  'import.row.edition',
  'import.row.via.isbn13',
  'import.row.via.isbn10',
  'import.row.via.title',
  'import.row.via.penName',
  'import.row.via.fuzzy',
  'import.row.via.choice',
  'import.row.question',
  'import.row.candidate',
  'import.row.none',
  'import.row.search',
  'import.row.searchLabel',
  'import.row.searchButton',
  'import.row.searchEmpty',
  'import.row.searching',
  'import.row.searchFailed',
  'import.row.searchResults',
  'import.row.saved',
  'import.row.saveFailed',
  'import.more',
  'import.count',
  'import.downloadUnmatched',
  'import.overwrite',
  'import.overwriteHint',
  'import.confirm',
  'import.discard',
  'import.done.title',
  'import.done.added',
  'import.done.updated',
  'import.done.skipped',
  'import.done.unmatched',
  'import.done.duplicates',
  'import.done.reviewsNotImported',
  'import.done.shelves',
  'import.done.shelf',
  'import.done.readingList',
  'import.again',
  'import.failed.title',
  'import.loadFailed',
  'api.error.importMissing',
  'api.error.importTooLarge',
  ...Object.values(STATUS_TEXT_KEYS),
  'account.profile.retry',
  'common.loading',
] as const;
export type ImportTexts = Readonly<Record<(typeof IMPORT_TEXT_KEYS)[number], string>>;

/** How often the tab asks for a running job's progress. */
const POLL_MS = 700;
const GROUPS: readonly MatchKind[] = ['uncertain', 'matched', 'unmatched'];

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; job: ImportJob | null };

interface ImportTabProps {
  client: ApiClient;
  locale: string;
  texts: ImportTexts;
  /** The reading tab, shown when the import is done. */
  links: { readingList: string };
}

export default function ImportTab({ client, locale, texts, links }: ImportTabProps) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const poll = useRef<ReturnType<typeof setTimeout>>(undefined);

  function show(job: ImportJob | null) {
    setLoad({ state: 'ready', job });
    clearTimeout(poll.current);
    if (job && (job.status === 'matching' || job.status === 'applying')) {
      poll.current = setTimeout(() => {
        client.get(`/api/profile/imports/${job.id}`, { schema: ImportJobSchema }).then(show, () => show(job));
      }, POLL_MS);
    }
  }

  function fetchLatest() {
    setLoad({ state: 'loading' });
    client.get('/api/profile/imports', { schema: ImportJobListSchema }).then(
      ({ items }) => show(items[0] ?? null),
      () => setLoad({ state: 'failed' }),
    );
  }
  useEffect(() => {
    fetchLatest();
    return () => clearTimeout(poll.current);
  }, []);

  if (load.state === 'loading') return <LoadingSpinner label={texts['common.loading']} />;
  if (load.state === 'failed') return <LoadFailed message={texts['import.loadFailed']} retryLabel={texts['account.profile.retry']} onRetry={fetchLatest} />;
  const job = load.job;
  const startOver = () => show(null);

  return (
    <section className="import-tab" aria-labelledby="import-title">
      <h2 id="import-title">{texts['import.title']}</h2>
      {job && (job.status === 'matching' || job.status === 'applying') && <ImportProgress job={job} locale={locale} texts={texts} />}
      {job?.status === 'review' && <ImportReview client={client} job={job} locale={locale} texts={texts} onConfirmed={show} onDiscarded={startOver} />}
      {job?.status === 'done' && <ImportResult job={job} locale={locale} texts={texts} links={links} />}
      {job?.status === 'failed' && <FormAlert message={`${texts['import.failed.title']}: ${job.error?.message ?? ''}`} />}
      {(!job || job.status === 'done' || job.status === 'failed') && <UploadForm client={client} texts={texts} onStarted={show} first={!job} />}
    </section>
  );
}

/**
 * The file gzip-compressed for the upload (IMPORT_UPLOAD_MAX_BYTES: a Netlify function takes ~4.5 MB
 * of file per request; a 10 MB export is ~2 MB compressed); as it is where the browser cannot compress.
 */
async function compressed(file: File): Promise<Blob> {
  if (typeof CompressionStream === 'undefined') return file;
  return new Response(file.stream().pipeThrough(new CompressionStream('gzip'))).blob();
}

function UploadForm({ client, texts, onStarted, first }: { client: ApiClient; texts: ImportTexts; onStarted: (job: ImportJob) => void; first: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setError(texts['api.error.importMissing']);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const sent = file.size > IMPORT_MAX_BYTES ? null : await compressed(file);
      if (!sent || sent.size > IMPORT_UPLOAD_MAX_BYTES) {
        setError(texts['api.error.importTooLarge']);
        return;
      }
      const form = new FormData();
      form.append('file', sent, file.name);
      onStarted(await client.request('POST', '/api/profile/imports', { formData: form, schema: ImportJobSchema }));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form form--wide import-upload" onSubmit={submit} noValidate>
      {first ? <p>{texts['import.intro']}</p> : <h3>{texts['import.again']}</h3>}
      <FormAlert message={error} />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-file`}>
          {texts['import.file']}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          className="field__input"
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-hint`}
          aria-invalid={error ? true : undefined}
          onChange={() => setError(undefined)}
        />
        <p id={`${id}-hint`} className="field__hint muted">
          {texts['import.howTo']}
        </p>
      </div>
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
        {busy && <span className="spinner" aria-hidden="true" />}
        {texts['import.upload']}
      </button>
    </form>
  );
}

function ImportProgress({ job, locale, texts }: { job: ImportJob; locale: string; texts: ImportTexts }) {
  const number = new Intl.NumberFormat(locale);
  return (
    <div className="import-progress" role="status">
      <p>{job.status === 'matching' ? texts['import.matching'] : texts['import.applying']}</p>
      <progress max={Math.max(job.total, 1)} value={job.processed} aria-label={texts['import.progressLabel']} />
      <p className="muted">{fill(texts['import.progress'], { done: number.format(job.processed), total: number.format(job.total) })}</p>
    </div>
  );
}

interface ReviewProps {
  client: ApiClient;
  job: ImportJob;
  locale: string;
  texts: ImportTexts;
  onConfirmed: (job: ImportJob) => void;
  onDiscarded: () => void;
}

function ImportReview({ client, job, locale, texts, onConfirmed, onDiscarded }: ReviewProps) {
  const id = useId();
  const number = new Intl.NumberFormat(locale);
  const [overwrite, setOverwrite] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }
  const confirm = () => run(async () => onConfirmed(await client.post(`/api/profile/imports/${job.id}/confirm`, { overwrite }, { schema: ImportJobSchema })));
  const discard = () =>
    run(async () => {
      await client.delete(`/api/profile/imports/${job.id}`);
      onDiscarded();
    });

  return (
    <div className="import-review">
      <h3>{texts['import.review.title']}</h3>
      <p>
        {fill(texts['import.review.summary'], {
          file: job.fileName,
          matched: number.format(job.groups.matched),
          uncertain: number.format(job.groups.uncertain),
          unmatched: number.format(job.groups.unmatched),
        })}
      </p>
      {job.invalidRows > 0 && <p className="muted">{fill(texts['import.review.invalid'], { count: number.format(job.invalidRows) })}</p>}
      {GROUPS.map((group) => (
        <RowGroup key={group} client={client} job={job} group={group} locale={locale} texts={texts} />
      ))}
      <div className="import-review__confirm">
        <FormAlert message={error} />
        <div className="field field--checkbox">
          <input id={`${id}-overwrite`} type="checkbox" checked={overwrite} onChange={(event) => setOverwrite(event.target.checked)} aria-describedby={`${id}-overwrite-hint`} />
          <label htmlFor={`${id}-overwrite`}>{texts['import.overwrite']}</label>
          <p id={`${id}-overwrite-hint`} className="field__hint muted">
            {texts['import.overwriteHint']}
          </p>
        </div>
        <div className="form__actions">
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void confirm()}>
            {texts['import.confirm']}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void discard()}>
            {texts['import.discard']}
          </button>
        </div>
      </div>
    </div>
  );
}

function RowGroup({ client, job, group, locale, texts }: { client: ApiClient; job: ImportJob; group: MatchKind; locale: string; texts: ImportTexts }) {
  const headingId = useId();
  const number = new Intl.NumberFormat(locale);
  const [rows, setRows] = useState<ImportRowView[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [failed, setFailed] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);

  function fetchPage(next: number) {
    setFailed(false);
    client.get(`/api/profile/imports/${job.id}/rows?group=${group}&page=${next}`, { schema: ImportRowsPageSchema }).then(
      (answer) => {
        setRows((shown) => (next === 1 ? answer.items : [...shown, ...answer.items]));
        setTotal(answer.total);
        setPage(next);
      },
      () => setFailed(true),
    );
  }
  useEffect(() => fetchPage(1), [job.id]);

  /** The choice shows at once (a radio follows the click); a refused save puts the row back as it was. */
  async function choose(row: ImportRowView, book: ImportBookRef | null, searched = false) {
    setOutcome(null);
    const replace = (next: ImportRowView) => setRows((shown) => shown.map((r) => (r.line === row.line ? next : r)));
    replace({ ...row, resolved: true, book: book ? { ...book } : null, via: book ? 'choice' : null });
    try {
      await client.patch(`/api/profile/imports/${job.id}/rows/${row.line}`, searched ? { bookId: book?.id ?? null, searched: true } : { bookId: book?.id ?? null });
      setOutcome({ text: texts['import.row.saved'], failed: false });
    } catch {
      replace(row);
      setOutcome({ text: texts['import.row.saveFailed'], failed: true });
    }
  }

  return (
    <section className="import-group" aria-labelledby={headingId}>
      <h4 id={headingId}>
        {texts[`import.group.${group}`]} <span className="muted">({number.format(total || job.groups[group])})</span>
      </h4>
      {group !== 'matched' && <OutcomeMessage outcome={outcome} />}
      {failed && <LoadFailed message={texts['import.loadFailed']} retryLabel={texts['account.profile.retry']} onRetry={() => fetchPage(page + 1)} />}
      {page > 0 && rows.length === 0 && <p className="muted">{texts['import.group.empty']}</p>}
      {rows.length > 0 && (
        <ul role="list" className="import-group__rows">
          {rows.map((row) => (
            <li key={row.line} className="import-row">
              {group === 'uncertain' ? <UncertainRow row={row} texts={texts} onChoose={(book) => void choose(row, book)} /> : <RowLine row={row} locale={locale} texts={texts} />}
              {/* Candidates share the row's author (issue 29 point 3); another book is found by searching. */}
              {group !== 'matched' && <CatalogueSearch row={row} client={client} locale={locale} texts={texts} onChoose={(book) => void choose(row, book, true)} />}
            </li>
          ))}
        </ul>
      )}
      {rows.length > 0 && rows.length < total && (
        <>
          <p className="muted">{fill(texts['import.count'], { shown: number.format(rows.length), total: number.format(total) })}</p>
          <button type="button" className="button button--secondary" onClick={() => fetchPage(page + 1)}>
            {texts['import.more']}
          </button>
        </>
      )}
      {group === 'unmatched' && total > 0 && (
        <a className="button button--secondary" href={`/api/profile/imports/${job.id}/unmatched.csv`} download="phantastika-import-not-in-catalogue.csv">
          {texts['import.downloadUnmatched']}
        </a>
      )}
    </section>
  );
}

/** What the file says of a row: title, author, shelf and stars. */
function FileLine({ row, texts }: { row: ImportRowView; texts: ImportTexts }) {
  const status = row.status as ReadingStatus | null;
  return (
    <span>
      {fill(texts['import.row.file'], { title: row.title, author: row.author || '—' })}
      {status && <span className="muted"> · {texts[STATUS_TEXT_KEYS[status]]}</span>}
      {row.rating !== null && <span className="muted"> · {'★'.repeat(row.rating)}</span>}
    </span>
  );
}

function RowLine({ row, locale, texts }: { row: ImportRowView; locale: string; texts: ImportTexts }) {
  const languages = new Intl.DisplayNames([locale], { type: 'language' });
  return (
    <div className="import-row__line">
      <FileLine row={row} texts={texts} />
      {row.book && (
        <span className="import-row__book">
          →{' '}
          <a href={`/${locale}/books/${row.book.slug}`}>{fill(texts['import.row.candidate'], { title: row.book.title, authors: row.book.authors.join(', ') })}</a>
          {row.via && <span className="muted"> ({texts[`import.row.via.${row.via}`]})</span>}
          {row.book.edition && (
            <span className="muted import-row__edition">
              {fill(texts['import.row.edition'], { title: row.book.edition.title, language: languages.of(row.book.edition.languageCode) ?? row.book.edition.languageCode })}
            </span>
          )}
        </span>
      )}
    </div>
  );
}

function UncertainRow({ row, texts, onChoose }: { row: ImportRowView; texts: ImportTexts; onChoose: (book: ImportBookRef | null) => void }) {
  const name = `import-row-${row.line}`;
  const chosen = row.resolved ? (row.book?.id ?? 0) : null;
  return (
    <fieldset className="import-row__choice">
      <legend>{fill(texts['import.row.question'], { title: row.title, author: row.author || '—' })}</legend>
      {row.candidates.map((candidate) => (
        <label key={candidate.id} className="import-row__option">
          <input type="radio" name={name} checked={chosen === candidate.id} onChange={() => onChoose(candidate)} />
          <span>
            {fill(texts['import.row.candidate'], { title: candidate.title, authors: candidate.authors.join(', ') })}
            {candidate.year !== null && <span className="muted"> · {candidate.year}</span>}
          </span>
        </label>
      ))}
      <label className="import-row__option">
        <input type="radio" name={name} checked={chosen === 0} onChange={() => onChoose(null)} />
        <span>{texts['import.row.none']}</span>
      </label>
      {row.resolved && row.book && !row.candidates.some((c) => c.id === row.book!.id) && (
        <p className="import-row__book">→ {fill(texts['import.row.candidate'], { title: row.book.title, authors: row.book.authors.join(', ') })}</p>
      )}
    </fieldset>
  );
}

const BookHitsSchema = z.array(BookHitSchema);
type SearchState = { status: 'idle' | 'loading' | 'done' | 'failed'; hits: z.infer<typeof BookHitsSchema> };

/**
 * "Search the catalogue" for a row the matcher was unsure of or did not find (issue 29 point 3): a
 * search form (prefilled with the file's title) and the books found, each a button that takes it,
 * whoever its author. A disclosure: closed, it is one button, so long review lists stay short.
 */
function CatalogueSearch({ row, client, locale, texts, onChoose }: { row: ImportRowView; client: ApiClient; locale: string; texts: ImportTexts; onChoose: (book: ImportBookRef) => void }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState(row.title);
  const [state, setState] = useState<SearchState>({ status: 'idle', hits: [] });
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  if (!open) {
    return (
      <button type="button" className="button button--ghost import-row__search-open" onClick={() => setOpen(true)}>
        {texts['import.row.search']}
      </button>
    );
  }
  const search = async (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (q === '') return;
    setState({ status: 'loading', hits: [] });
    try {
      const params = new URLSearchParams({ q, lang: locale, limit: '10' });
      setState({ status: 'done', hits: await client.get(`/api/books/search?${params}`, { schema: BookHitsSchema }) });
    } catch {
      setState({ status: 'failed', hits: [] });
    }
  };
  return (
    <div className="import-row__search">
      <form role="search" aria-label={fill(texts['import.row.searchLabel'], { title: row.title })} onSubmit={search} noValidate>
        <label htmlFor={`${id}-q`}>{fill(texts['import.row.searchLabel'], { title: row.title })}</label>
        <span className="import-row__search-field">
          <input ref={input} id={`${id}-q`} type="search" className="field__input" value={query} maxLength={200} onChange={(event) => setQuery(event.target.value)} />
          <button type="submit" className="button button--secondary">
            {texts['import.row.searchButton']}
          </button>
        </span>
      </form>
      <p role="status" className="muted">
        {state.status === 'loading' ? texts['import.row.searching'] : state.status === 'failed' ? texts['import.row.searchFailed'] : state.status === 'done' && state.hits.length === 0 ? texts['import.row.searchEmpty'] : ''}
      </p>
      {state.hits.length > 0 && (
        <ul role="list" aria-label={texts['import.row.searchResults']} className="import-row__hits">
          {state.hits.map((hit) => {
            const authors = hit.authors.map((a) => a.name);
            return (
              <li key={hit.id}>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => {
                    onChoose({ id: hit.id, slug: hit.slug, title: hit.title, authors, year: hit.year, edition: null });
                    setOpen(false);
                  }}
                >
                  {fill(texts['import.row.candidate'], { title: hit.title, authors: authors.join(', ') })}
                  {hit.year !== null && <span className="muted"> · {hit.year}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function ImportResult({ job, locale, texts, links }: { job: ImportJob; locale: string; texts: ImportTexts; links: { readingList: string } }) {
  const number = new Intl.NumberFormat(locale);
  const counts = job.counts;
  if (!counts) return null;
  const lines = [
    ['import.done.added', counts.added],
    ['import.done.updated', counts.updated],
    ['import.done.skipped', counts.skipped],
    ['import.done.unmatched', counts.unmatched],
    ['import.done.duplicates', counts.duplicates],
    ['import.done.reviewsNotImported', counts.reviewsNotImported],
  ] as const;
  return (
    <div className="import-result" role="status">
      <h3>{texts['import.done.title']}</h3>
      <dl className="import-result__counts">
        {lines.map(([key, value]) => (
          <div key={key}>
            <dt>{texts[key]}</dt>
            <dd>{number.format(value)}</dd>
          </div>
        ))}
      </dl>
      {counts.customShelves.length > 0 && (
        <>
          <p>{texts['import.done.shelves']}</p>
          <ul className="import-result__shelves">
            {counts.customShelves.map((shelf) => (
              <li key={shelf.name}>{fill(texts['import.done.shelf'], { name: shelf.name, count: number.format(shelf.count) })}</li>
            ))}
          </ul>
        </>
      )}
      <a className="button button--primary" href={links.readingList}>
        {texts['import.done.readingList']}
      </a>
    </div>
  );
}
