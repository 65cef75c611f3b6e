/**
 * Reading-history imports (issue 16 point 1; ADR 0026): jobs and their rows in the database, so the
 * progress and the review step survive a reload and any instance can answer for them. Every read
 * and write a reader asks for names their own id (another reader's job is "not found"); the
 * background worker's functions (claim, match, apply) take the job id alone.
 * Batched throughout: rows are inserted and updated from one JSON document per chunk, the catalogue
 * the matcher needs is one statement, and the import's writes are a few set-based statements in
 * one transaction, never a statement per row.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ImportJobStatus, ImportSource, Locale, MatchKind, ReadingStatus } from '../../../src/domain/enums.ts';
import type { ImportRow, TextEncoding } from '../../../src/domain/open-data/import-file.ts';
import type { MatchBook, MatchResult } from '../../../src/domain/open-data/import-match.ts';
import { countShelves, mergeRows, planBook, type ExistingEntry, type ImportCounts } from '../../../src/domain/open-data/import-plan.ts';
import { IMPORT_ROWS_PAGE_SIZE, type ImportBookRef, type ImportRowView } from '../../../src/domain/schemas/import.ts';
import { IMPORT_JOB_MAX_AGE_DAYS, IMPORT_JOBS_KEPT, SETTLED_IMPORT_JOB_STATUSES } from '../../../src/domain/runtime/retention.ts';
import { deleteInBatches } from '../runtime/batched-delete.ts';
import type { Database } from '../../client.ts';

/** Rows per statement when rows are inserted or updated (well inside the statement timeout). */
const CHUNK = 2_000;
/** How long a worker holds a job before another may take it over (renewed with every progress step). */
export const LEASE_SECONDS = 60;
/** How long a job may wait for its first worker before a poll asks for one again. */
const UNCLAIMED_SECONDS = 10;

const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export interface JobRecord {
  id: string;
  userId: string;
  source: ImportSource;
  fileName: string;
  status: ImportJobStatus;
  overwrite: boolean;
  total: number;
  processed: number;
  invalidRows: number;
  counts: ImportCounts | null;
  errorKey: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** The job is in a background phase and its worker's lease ran out (or none took it within UNCLAIMED_SECONDS). */
  stalled: boolean;
  groups: { matched: number; uncertain: number; unmatched: number; resolved: number };
}

const JOB_COLUMNS = sql`j.id, j.user_id AS "userId", j.source, j.file_name AS "fileName", j.status, j.overwrite, j.total, j.processed, j.invalid_rows AS "invalidRows", j.counts,
  j.error_key AS "errorKey", j.created_at AS "createdAt", j.finished_at AS "finishedAt",
  (j.status IN ('matching', 'applying') AND coalesce(j.lease_until, j.updated_at + make_interval(secs => ${UNCLAIMED_SECONDS})) < now()) AS stalled,
  (SELECT json_build_object(
     'matched', count(*) FILTER (WHERE r.kind = 'matched'),
     'uncertain', count(*) FILTER (WHERE r.kind = 'uncertain'),
     'unmatched', count(*) FILTER (WHERE r.kind = 'unmatched'),
     'resolved', count(*) FILTER (WHERE r.kind = 'uncertain' AND r.resolved))
   FROM import_rows r WHERE r.job_id = j.id) AS groups`;

function toJob(row: Record<string, unknown>): JobRecord {
  const stamp = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
  return { ...(row as unknown as JobRecord), createdAt: stamp(row.createdAt)!, finishedAt: stamp(row.finishedAt) };
}

/**
 * Stores a parsed file as a job in `matching`, with its rows, in one transaction; in the same
 * transaction the reader's settled jobs beyond the latest IMPORT_JOBS_KEPT go, and anyone's settled
 * jobs older than IMPORT_JOB_MAX_AGE_DAYS (a job being matched or applied is never touched): the
 * retention rules of src/domain/runtime/retention.ts, which the hourly prune applies to everyone.
 */
export async function createImportJob(
  db: Database,
  userId: string,
  file: { source: ImportSource; fileName: string; encoding: TextEncoding; rows: ImportRow[]; invalidRows: number },
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      DELETE FROM import_jobs j WHERE j.status IN ('review', 'done', 'failed')
        AND ((j.user_id = ${userId} AND j.id NOT IN (SELECT k.id FROM import_jobs k WHERE k.user_id = ${userId} ORDER BY k.created_at DESC, k.id LIMIT ${IMPORT_JOBS_KEPT}))
             OR j.updated_at < now() - make_interval(days => ${IMPORT_JOB_MAX_AGE_DAYS}))`);
    const { rows } = await tx.execute(sql`
      INSERT INTO import_jobs (user_id, source, file_name, encoding, total, invalid_rows)
      VALUES (${userId}, ${file.source}, ${file.fileName}, ${file.encoding}, ${file.rows.length}, ${file.invalidRows}) RETURNING id`);
    const jobId = (rows[0] as { id: string }).id;
    for (const part of chunks(file.rows)) {
      await tx.execute(sql`
        INSERT INTO import_rows (job_id, line, title, author, author_sorted, isbn10, isbn13, status, custom_shelves, rating, review, review_too_long, added_on, read_on)
        SELECT ${jobId}, r.line, r.title, r.author, r."authorSorted", r.isbn10, r.isbn13, r.status::reading_status, coalesce(r."customShelves", '[]'), r.rating, r.review, r."reviewTooLong",
               r."addedOn", r."readOn"
        FROM jsonb_to_recordset(${json(part)}) AS r(line int, title text, author text, "authorSorted" text, isbn10 text, isbn13 text, status text,
             "customShelves" jsonb, rating smallint, review text, "reviewTooLong" boolean, "addedOn" date, "readOn" date)`);
    }
    return jobId;
  });
}

/**
 * The hourly prune of import jobs (issue 26 point 6; `isImportJobStale` in src/domain/runtime/retention.ts
 * is the same rule): every reader's settled jobs beyond their latest IMPORT_JOBS_KEPT (by creation,
 * as the tab lists them), and anyone's settled jobs untouched since `untouchedBefore`; their rows go
 * with them (cascade on `import_rows`' primary key). The rank is a window over `import_jobs_user_idx`;
 * 10 jobs a statement (up to 20,000 rows each). Returns how many jobs went.
 */
export async function pruneImportJobs(db: Database, untouchedBefore: Date): Promise<number> {
  const settled = (status: SQL) => sql`${status} IN (${sql.join(SETTLED_IMPORT_JOB_STATUSES.map((s) => sql`${s}::import_job_status`), sql`, `)})`;
  return deleteInBatches(
    db,
    10,
    (batch) => sql`
      DELETE FROM import_jobs j WHERE j.id IN (
        SELECT r.id FROM (SELECT k.id, k.status, k.updated_at, row_number() OVER (PARTITION BY k.user_id ORDER BY k.created_at DESC, k.id) AS rank FROM import_jobs k) r
        WHERE ${settled(sql`r.status`)} AND (r.rank > ${IMPORT_JOBS_KEPT} OR r.updated_at < ${untouchedBefore}::timestamptz) LIMIT ${batch})
      AND ${settled(sql`j.status`)} RETURNING 1`,
  );
}

/** One of the reader's jobs, or null (unknown, or another reader's). */
export async function readImportJob(db: Database, userId: string, jobId: string): Promise<JobRecord | null> {
  const { rows } = await db.execute(sql`SELECT ${JOB_COLUMNS} FROM import_jobs j WHERE j.id = ${jobId} AND j.user_id = ${userId}`);
  return rows[0] ? toJob(rows[0] as Record<string, unknown>) : null;
}

/** The reader's latest jobs, newest first (the import tab finds a running one after a reload). */
export async function listImportJobs(db: Database, userId: string, limit = 5): Promise<JobRecord[]> {
  const { rows } = await db.execute(sql`SELECT ${JOB_COLUMNS} FROM import_jobs j WHERE j.user_id = ${userId} ORDER BY j.created_at DESC, j.id LIMIT ${limit}`);
  return (rows as Record<string, unknown>[]).map(toJob);
}

/** Every import of the reader with the rows of its file, for the data export (GET /api/profile/export). */
export async function exportImportJobs(db: Database, userId: string): Promise<unknown[]> {
  const { rows } = await db.execute(sql`
    SELECT j.id, j.source, j.file_name AS "fileName", j.status, j.overwrite, j.counts, j.created_at AS "createdAt", j.finished_at AS "finishedAt",
      coalesce((SELECT json_agg(json_build_object('line', r.line, 'title', r.title, 'author', r.author, 'isbn', coalesce(r.isbn13, r.isbn10), 'status', r.status,
                 'customShelves', r.custom_shelves, 'rating', r.rating, 'review', r.review, 'kind', r.kind, 'bookId', r.book_id) ORDER BY r.line)
                FROM import_rows r WHERE r.job_id = j.id), '[]') AS rows
    FROM import_jobs j WHERE j.user_id = ${userId} ORDER BY j.created_at, j.id`);
  return rows;
}

/** Removes one of the reader's jobs unless it is being applied; false when there is none to remove. */
export async function deleteImportJob(db: Database, userId: string, jobId: string): Promise<'deleted' | 'busy' | null> {
  const { rows } = await db.execute(sql`
    WITH target AS (SELECT id, status FROM import_jobs WHERE id = ${jobId} AND user_id = ${userId} FOR UPDATE),
         gone AS (DELETE FROM import_jobs j USING target t WHERE j.id = t.id AND t.status <> 'applying' RETURNING j.id)
    SELECT (SELECT status FROM target) AS status, (SELECT count(*) FROM gone)::int AS deleted`);
  const row = rows[0] as { status: ImportJobStatus | null; deleted: number };
  if (row.status === null) return null;
  return row.deleted > 0 ? 'deleted' : 'busy';
}

const bookRefSql = (bookId: string, editionId: string, locale: Locale) => sql.raw(`(
  SELECT json_build_object('id', b.id, 'slug', b.slug, 'title', coalesce(t.title, b.original_title), 'year', b.publication_year,
    'authors', coalesce((SELECT json_agg(a.name ORDER BY ba.position, a.id) FROM book_authors ba JOIN authors a ON a.id = ba.author_id WHERE ba.book_id = b.id), '[]'),
    'edition', (SELECT json_build_object('id', e.id, 'title', e.title, 'languageCode', e.language_code, 'isbn', e.isbn) FROM editions e WHERE e.id = ${editionId} AND e.book_id = b.id))
  FROM books b LEFT JOIN book_titles t ON t.book_id = b.id AND t.locale = '${locale}' WHERE b.id = ${bookId})`);

/** A page of one group of a job's rows, with the books they name; null when the job is not the reader's. */
export async function readImportRows(db: Database, userId: string, jobId: string, group: MatchKind, page: number, locale: Locale): Promise<{ items: ImportRowView[]; total: number } | null> {
  // The page's rows first (MATERIALIZED: the books are looked up for these 50 only, not for every row before the OFFSET).
  const { rows } = await db.execute(sql`
    WITH job AS (SELECT id FROM import_jobs WHERE id = ${jobId} AND user_id = ${userId}),
    page AS MATERIALIZED (
      SELECT r.* FROM import_rows r JOIN job ON r.job_id = job.id WHERE r.kind = ${group}::import_match_kind
      ORDER BY r.line LIMIT ${IMPORT_ROWS_PAGE_SIZE} OFFSET ${(page - 1) * IMPORT_ROWS_PAGE_SIZE})
    SELECT (SELECT count(*) FROM import_rows r JOIN job ON r.job_id = job.id WHERE r.kind = ${group}::import_match_kind)::int AS total,
           (SELECT count(*) FROM job)::int AS found,
           coalesce((SELECT json_agg(x ORDER BY x.line) FROM (
             SELECT r.line, r.title, r.author, coalesce(r.isbn13, r.isbn10) AS isbn, r.status, r.custom_shelves AS "customShelves", r.rating,
                    r.review IS NOT NULL AS "hasReview", r.review_too_long AS "reviewTooLong", r.kind, r.via, r.resolved,
                    CASE WHEN r.book_id IS NULL THEN NULL ELSE ${bookRefSql('r.book_id', 'r.edition_id', locale)} END AS book,
                    coalesce((SELECT json_agg(${bookRefSql("(c->>'bookId')::int", "(c->>'editionId')::int", locale)}::jsonb || jsonb_build_object('score', (c->>'score')::float) ORDER BY n)
                              FROM jsonb_array_elements(r.candidates) WITH ORDINALITY AS cs(c, n)), '[]') AS candidates
             FROM page r) x), '[]') AS items`);
  const row = rows[0] as { total: number; found: number; items: ImportRowView[] };
  if (row.found === 0) return null;
  return { items: row.items.map((item) => ({ ...item, candidates: item.candidates.filter(Boolean) })), total: row.total };
}

export type ChoiceOutcome = 'chosen' | 'notFound' | 'notInReview' | 'notUncertain' | 'notACandidate';

/**
 * The reader's answer to an uncertain row: one of its candidates (the row then names that book and
 * its edition) or null for "none of these". A book the reader found by searching (`searched`, issue
 * 29 point 3) may be any catalogue book, for an uncertain or a not-found row (with its primary
 * edition). Only while the job awaits review.
 */
export async function chooseCandidate(db: Database, userId: string, jobId: string, line: number, bookId: number | null, searched = false): Promise<ChoiceOutcome> {
  const { rows } = await db.execute(sql`
    WITH job AS (SELECT id, status FROM import_jobs WHERE id = ${jobId} AND user_id = ${userId} FOR UPDATE),
         target AS (SELECT r.* FROM import_rows r JOIN job ON r.job_id = job.id WHERE r.line = ${line}),
         offered AS (SELECT (c->>'editionId')::int AS edition_id FROM target, jsonb_array_elements(target.candidates) c WHERE (c->>'bookId')::int = ${bookId ?? 0}),
         found AS (
           SELECT (SELECT e.id FROM editions e WHERE e.book_id = b.id ORDER BY e.is_primary_edition DESC, e.id LIMIT 1) AS edition_id
           FROM books b WHERE ${searched} AND b.id = ${bookId ?? 0}),
         pick AS (SELECT edition_id FROM offered UNION ALL SELECT edition_id FROM found WHERE NOT EXISTS (SELECT 1 FROM offered) LIMIT 1),
         done AS (
           UPDATE import_rows r SET resolved = true, via = CASE WHEN ${bookId}::int IS NULL THEN NULL ELSE 'choice'::import_match_via END,
                  book_id = ${bookId}::int, edition_id = (SELECT edition_id FROM pick)
           FROM target, job
           WHERE r.job_id = target.job_id AND r.line = target.line AND job.status = 'review'
             AND (target.kind = 'uncertain' OR (${searched} AND target.kind = 'unmatched'))
             AND (${bookId}::int IS NULL OR EXISTS (SELECT 1 FROM pick))
           RETURNING r.line)
    SELECT (SELECT status FROM job) AS status, (SELECT kind FROM target) AS kind, EXISTS (SELECT 1 FROM pick) AS candidate, (SELECT count(*) FROM done)::int AS updated`);
  const row = rows[0] as { status: ImportJobStatus | null; kind: MatchKind | null; candidate: boolean; updated: number };
  if (row.status === null || row.kind === null) return 'notFound';
  if (row.updated > 0) return 'chosen';
  if (row.status !== 'review') return 'notInReview';
  if (row.kind !== 'uncertain' && !(searched && row.kind === 'unmatched')) return 'notUncertain';
  return 'notACandidate';
}

/** Starts applying a job the reader reviewed; false while it is in another state (null: not theirs). */
export async function confirmImportJob(db: Database, userId: string, jobId: string, overwrite: boolean): Promise<boolean | null> {
  const { rows } = await db.execute(sql`
    WITH job AS (SELECT id, status FROM import_jobs WHERE id = ${jobId} AND user_id = ${userId} FOR UPDATE),
         done AS (UPDATE import_jobs j SET status = 'applying', overwrite = ${overwrite}, processed = 0, lease_until = NULL, updated_at = now()
                  FROM job WHERE j.id = job.id AND job.status = 'review' RETURNING j.id)
    SELECT (SELECT count(*) FROM job)::int AS found, (SELECT count(*) FROM done)::int AS confirmed`);
  const row = rows[0] as { found: number; confirmed: number };
  return row.found === 0 ? null : row.confirmed > 0;
}

/** The rows of a job that are not in the catalogue (never matched, or "none of these"), for the CSV download. */
export async function readUnmatchedRows(db: Database, userId: string, jobId: string): Promise<{ line: number; title: string; author: string; isbn: string | null }[] | null> {
  const { rows } = await db.execute(sql`
    WITH job AS (SELECT id FROM import_jobs WHERE id = ${jobId} AND user_id = ${userId})
    SELECT (SELECT count(*) FROM job)::int AS found,
           coalesce((SELECT json_agg(json_build_object('line', r.line, 'title', r.title, 'author', r.author, 'isbn', coalesce(r.isbn13, r.isbn10)) ORDER BY r.line)
                     FROM import_rows r JOIN job ON r.job_id = job.id
                     WHERE (r.kind IN ('unmatched', 'uncertain') AND r.book_id IS NULL AND (r.kind = 'unmatched' OR r.resolved))), '[]') AS items`);
  const row = rows[0] as { found: number; items: { line: number; title: string; author: string; isbn: string | null }[] };
  return row.found === 0 ? null : row.items;
}

// ---------------------------------------------------------------------------------------------------
// The background worker's side.

/**
 * Takes a job in a background phase for this worker (a lease of LEASE_SECONDS), or null when there
 * is nothing to do: another worker holds it, or it is already past the phase.
 */
export async function claimImportJob(db: Database, jobId: string): Promise<{ id: string; status: 'matching' | 'applying'; overwrite: boolean; userId: string } | null> {
  const { rows } = await db.execute(sql`
    UPDATE import_jobs SET lease_until = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
    WHERE id = ${jobId} AND status IN ('matching', 'applying') AND (lease_until IS NULL OR lease_until < now())
    RETURNING id, status, overwrite, user_id AS "userId"`);
  return (rows[0] as { id: string; status: 'matching' | 'applying'; overwrite: boolean; userId: string } | undefined) ?? null;
}

/** Moves the progress bar and renews the lease (outside the import's transaction, so readers see it). */
export async function reportProgress(db: Database, jobId: string, processed: number): Promise<void> {
  await db.execute(sql`UPDATE import_jobs SET processed = least(${processed}, total), lease_until = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now() WHERE id = ${jobId}`);
}

export async function failImportJob(db: Database, jobId: string, errorKey: string): Promise<void> {
  await db.execute(sql`UPDATE import_jobs SET status = 'failed', error_key = ${errorKey}, lease_until = NULL, updated_at = now(), finished_at = now() WHERE id = ${jobId}`);
}

/** What the matcher reads of a job's rows. */
export interface RowToMatch {
  line: number;
  isbn10: string | null;
  isbn13: string | null;
  author: string;
  titleFold: string;
  authorFold: string;
  authorSortedFold: string | null;
}

/** The job's rows with title and authors folded by search_fold(), the searches' own fold, in one statement. */
export async function readRowsToMatch(db: Database, jobId: string): Promise<RowToMatch[]> {
  const { rows } = await db.execute(sql`
    SELECT line, isbn10, isbn13, author, coalesce(search_fold(title), '') AS "titleFold", coalesce(search_fold(author), '') AS "authorFold", search_fold(author_sorted) AS "authorSortedFold"
    FROM import_rows WHERE job_id = ${jobId} ORDER BY line`);
  return rows as unknown as RowToMatch[];
}

/** The whole catalogue as the matcher needs it, folded by PostgreSQL, in one statement. */
export async function readMatchCatalogue(db: Database): Promise<MatchBook[]> {
  const { rows } = await db.execute(sql`
    SELECT b.id,
      coalesce((SELECT json_agg(json_build_object('name', a.name, 'nameFold', a.name_fold, 'sortNameFold', search_fold(a.sort_name)) ORDER BY ba.position)
                FROM book_authors ba JOIN authors a ON a.id = ba.author_id WHERE ba.book_id = b.id), '[]') AS authors,
      coalesce((SELECT json_agg(json_build_object('id', e.id, 'titleFold', e.title_fold, 'isbn', e.isbn, 'isPrimary', e.is_primary_edition) ORDER BY e.is_primary_edition DESC, e.id)
                FROM editions e WHERE e.book_id = b.id), '[]') AS editions,
      array_remove(array_cat(ARRAY[search_fold(b.original_title)], (SELECT array_agg(search_fold(t.title)) FROM book_alt_titles t WHERE t.book_id = b.id)), NULL) AS "altTitleFolds"
    FROM books b ORDER BY b.id`);
  return rows as unknown as MatchBook[];
}

/** Stores the matcher's answers for a chunk of rows. */
export async function saveMatches(db: Database, jobId: string, results: (MatchResult & { line: number })[]): Promise<void> {
  for (const part of chunks(results)) {
    await db.execute(sql`
      UPDATE import_rows r SET kind = m.kind::import_match_kind, via = m.via::import_match_via, book_id = m."bookId", edition_id = m."editionId",
             candidates = m.candidates, resolved = false
      FROM jsonb_to_recordset(${json(part)}) AS m(line int, kind text, via text, "bookId" int, "editionId" int, candidates jsonb)
      WHERE r.job_id = ${jobId} AND r.line = m.line`);
  }
}

/** The matching is done: the reader reviews it. */
export async function finishMatching(db: Database, jobId: string): Promise<void> {
  await db.execute(sql`UPDATE import_jobs SET status = 'review', processed = total, lease_until = NULL, updated_at = now() WHERE id = ${jobId} AND status = 'matching'`);
}

/** Another worker applied the job first: this one's transaction rolls back. */
export class ImportAlreadyApplied extends Error {
  constructor() {
    super('import job was applied by another worker');
    this.name = 'ImportAlreadyApplied';
  }
}

interface RowToApply {
  line: number;
  bookId: number | null;
  kind: MatchKind;
  status: ReadingStatus | null;
  rating: number | null;
  review: string | null;
  reviewTooLong: boolean;
  customShelves: string[];
  addedOn: string | null;
  readOn: string | null;
}

/**
 * Applies a confirmed job in one transaction (nothing is half-imported): merges the rows per book,
 * reads the reader's entries of those books, plans each book (src/domain/open-data/import-plan.ts)
 * and writes the list entries and ratings set-based; the job's counts and `done` commit with them.
 * `progress` is called between steps with the rows done so far (it writes outside the transaction).
 */
export async function applyImportJob(db: Database, job: { id: string; userId: string; overwrite: boolean }, progress: (processed: number) => Promise<void>): Promise<ImportCounts> {
  return db.transaction(async (tx) => {
    // Not locked here: the progress is written to the job's row from outside the transaction meanwhile.
    // A second worker (a lease taken over) is stopped by the final update's `status = 'applying'`.
    const { rows } = await tx.execute(sql`
      SELECT line, book_id AS "bookId", kind, status, rating, review, review_too_long AS "reviewTooLong", custom_shelves AS "customShelves",
             to_char(added_on, 'YYYY-MM-DD') AS "addedOn", to_char(read_on, 'YYYY-MM-DD') AS "readOn"
      FROM import_rows WHERE job_id = ${job.id} ORDER BY line`);
    const all = rows as unknown as RowToApply[];
    // A not-found row the reader found by searching names its book too (issue 29 point 3).
    const usable = all.filter((r) => r.bookId !== null);
    const books = mergeRows(usable.map((r) => ({ line: r.line, bookId: r.bookId!, status: r.status, rating: r.rating, review: r.review, addedOn: r.addedOn, readOn: r.readOn })));
    await progress(Math.floor(all.length / 4));

    const existing = new Map<number, ExistingEntry>();
    for (const part of chunks(books.map((b) => b.bookId), 5_000)) {
      const { rows: found } = await tx.execute(sql`
        SELECT ids.id AS "bookId", l.status, r.rating, r.review
        FROM unnest(${`{${part.join(',')}}`}::int[]) AS ids(id)
        LEFT JOIN reading_list l ON l.user_id = ${job.userId} AND l.book_id = ids.id
        LEFT JOIN ratings r ON r.user_id = ${job.userId} AND r.book_id = ids.id
        WHERE l.book_id IS NOT NULL OR r.book_id IS NOT NULL`);
      for (const row of found as unknown as (ExistingEntry & { bookId: number })[]) existing.set(row.bookId, { status: row.status, rating: row.rating, review: row.review });
    }
    const plans = books.map((b) => planBook(b, existing.get(b.bookId), job.overwrite));
    await progress(Math.floor(all.length / 2));

    const listWrites = plans.filter((p) => p.status !== null).map((p) => ({ bookId: p.bookId, status: p.status, addedOn: p.addedOn, changedOn: p.changedOn, readOn: p.readOn }));
    const ratingWrites = plans.filter((p) => p.rating !== null).map((p) => ({ bookId: p.bookId, rating: p.rating!.rating, review: p.rating!.review }));
    for (const part of chunks(listWrites)) {
      // The file's dates at noon UTC (the day stays the day in every time zone the stats are read in);
      // a book the file dates only as read was added no later than that (issue 29 point 2); none: now.
      await tx.execute(sql`
        INSERT INTO reading_list (user_id, book_id, status, created_at, updated_at, read_on)
        SELECT ${job.userId}, w."bookId", w.status::reading_status,
               coalesce((least(w."addedOn", w."changedOn") + time '12:00') AT TIME ZONE 'UTC', now()),
               coalesce((w."changedOn" + time '12:00') AT TIME ZONE 'UTC', now()),
               w."readOn"
        FROM jsonb_to_recordset(${json(part)}) AS w("bookId" int, status text, "addedOn" date, "changedOn" date, "readOn" date)
        ON CONFLICT (user_id, book_id) DO UPDATE SET status = excluded.status,
          updated_at = CASE WHEN excluded.status = 'read' THEN excluded.updated_at ELSE now() END,
          read_on = CASE WHEN excluded.status = 'read' THEN excluded.read_on ELSE reading_list.read_on END
        WHERE reading_list.status IS DISTINCT FROM excluded.status`);
    }
    await progress(Math.floor((all.length * 3) / 4));
    for (const part of chunks(ratingWrites)) {
      await tx.execute(sql`
        INSERT INTO ratings (user_id, book_id, rating, review)
        SELECT ${job.userId}, w."bookId", w.rating, w.review FROM jsonb_to_recordset(${json(part)}) AS w("bookId" int, rating smallint, review text)
        ON CONFLICT (user_id, book_id) DO UPDATE SET rating = excluded.rating, review = excluded.review, updated_at = now()
        WHERE (ratings.rating, ratings.review) IS DISTINCT FROM (excluded.rating, excluded.review)`);
    }

    const counts: ImportCounts = {
      added: plans.filter((p) => p.outcome === 'added').length,
      updated: plans.filter((p) => p.outcome === 'updated').length,
      skipped: plans.filter((p) => p.outcome === 'skipped').length,
      unmatched: all.length - usable.length,
      duplicates: usable.length - books.length,
      reviewsNotImported: plans.filter((p) => p.reviewWithoutRating).length + usable.filter((r) => r.reviewTooLong).length,
      customShelves: countShelves(all.map((r) => r.customShelves)),
    };
    const { rows: done } = await tx.execute(sql`
      UPDATE import_jobs SET status = 'done', counts = ${json(counts)}, processed = total, lease_until = NULL, updated_at = now(), finished_at = now()
      WHERE id = ${job.id} AND status = 'applying' RETURNING id`);
    if (done.length === 0) throw new ImportAlreadyApplied();
    return counts;
  });
}
