/**
 * The reading list (spec §3 "Reading list entry", §4, §7 `POST /api/reading-list`; issue 12 point 1):
 * one entry per reader and book (primary key user_id, book_id). Every query names the reader's own
 * id, so a reader can only ever touch their own entries; writes check the session and count against
 * the reader's rate limit in their own statement (writer-guard.ts). Titles come from book_titles (the edition
 * rule per page language, kept by triggers: db/queries/book-title.ts).
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Locale, ReadingStatus } from '../../../src/domain/enums.ts';
import { READING_LIST_PAGE_SIZE, type ReadingListEntry, type ReadingListPage } from '../../../src/domain/schemas/reader.ts';
import { executePrepared, type Database } from '../../client.ts';
import { fitsSerial } from '../refs.ts';
import { guardValues, WRITER_GUARD_COLUMNS, WRITER_GUARD_CTES, writerVerdict, type Guarded, type WriterGuard, type WriterGuardRow } from '../writer-guard.ts';
import { isoTime } from './ratings.ts';

interface EntryRow extends Omit<ReadingListEntry, 'addedAt' | 'updatedAt'> {
  addedAt: Date | string;
  updatedAt: Date | string;
}

const toEntry = ({ addedAt, updatedAt, ...entry }: EntryRow): ReadingListEntry => ({ ...entry, addedAt: isoTime(addedAt), updatedAt: isoTime(updatedAt) });

/** An entry of relation `l` (reading_list columns) with its book, as json; `locale` a value or a placeholder. */
function entryJson(locale: Locale | Placeholder): SQL {
  return sql`json_build_object(
    'bookId', l.book_id, 'status', l.status, 'addedAt', l.created_at, 'updatedAt', l.updated_at,
    'book', json_build_object(
      'slug', b.slug, 'title', coalesce(t.title, b.original_title), 'coverImage', b.cover_image_url, 'year', b.publication_year,
      'authors', coalesce((SELECT json_agg(json_build_object('slug', a.slug, 'name', a.name) ORDER BY ba.position, a.id)
                           FROM book_authors ba JOIN authors a ON a.id = ba.author_id WHERE ba.book_id = b.id), '[]')))
    FROM books b LEFT JOIN book_titles t ON t.book_id = b.id AND t.locale = ${locale}::text WHERE b.id = l.book_id`;
}

/** The writes' values as placeholders: each statement is built once (executePrepared), not per request. */
const STATUS = sql.placeholder('status');
const BOOK_ID = sql.placeholder('bookId');
const LOCALE = sql.placeholder('locale');
/** An id no row can have (beyond the integer column) is sent as NULL: it matches nothing. */
/**
 * The finished day of a book set to read here: today (UTC). Set when the status becomes read, kept
 * while it stays read and after a move back (a re-read), so the export's "Date Read" is a real day
 * (issue 29 point 12).
 */
const READ_TODAY = sql`CASE WHEN ${STATUS}::reading_status = 'read' THEN (now() AT TIME ZONE 'UTC')::date END`;
const bookIdValue = (bookId: number) => (fitsSerial(bookId) ? bookId : null);

const ADD = sql`
      WITH ${WRITER_GUARD_CTES},
      l AS (
        INSERT INTO reading_list AS r (user_id, book_id, status, read_on)
        SELECT allowed.id, b.id, ${STATUS}::reading_status, ${READ_TODAY} FROM allowed, books b WHERE b.id = ${BOOK_ID}::int
        ON CONFLICT (user_id, book_id) DO UPDATE SET status = EXCLUDED.status, updated_at = now(),
          read_on = CASE WHEN EXCLUDED.status = 'read' AND r.status <> 'read' THEN EXCLUDED.read_on ELSE r.read_on END
        RETURNING r.*, (r.xmax = 0) AS created
      )
      SELECT ${WRITER_GUARD_COLUMNS}, (SELECT l.created FROM l) AS created, (SELECT (SELECT ${entryJson(LOCALE)}) FROM l) AS entry`;

const UPDATE = sql`
    WITH ${WRITER_GUARD_CTES},
    l AS (
      UPDATE reading_list r SET status = ${STATUS}::reading_status, updated_at = now(),
        read_on = CASE WHEN ${STATUS}::reading_status = 'read' AND r.status <> 'read' THEN ${READ_TODAY} ELSE r.read_on END
      FROM allowed WHERE r.user_id = allowed.id AND r.book_id = ${BOOK_ID}::int RETURNING r.*
    )
    SELECT ${WRITER_GUARD_COLUMNS}, (SELECT (SELECT ${entryJson(LOCALE)}) FROM l) AS entry`;

const REMOVE = sql`
    WITH ${WRITER_GUARD_CTES},
    l AS (DELETE FROM reading_list r USING allowed WHERE r.user_id = allowed.id AND r.book_id = ${BOOK_ID}::int RETURNING r.book_id)
    SELECT ${WRITER_GUARD_COLUMNS}, (SELECT count(*)::int FROM l) AS removed`;

/**
 * Adds a book to the guard's writer's list or, when it is there already, sets its status (spec §4:
 * the pop-up adds with to-read). One statement, which also checks the session and counts the write
 * (writer-guard.ts): the book must exist (result null: a 404). `created` tells a new entry from a
 * changed one.
 */
export async function addToReadingList(
  db: Database,
  guard: WriterGuard,
  bookId: number,
  status: ReadingStatus,
  locale: Locale,
): Promise<Guarded<{ entry: ReadingListEntry; created: boolean }>> {
  try {
    const result = await executePrepared(db, 'reading_list_add', ADD, { ...guardValues(guard), status, bookId: bookIdValue(bookId), locale });
    const row = result.rows[0] as unknown as WriterGuardRow & { created: boolean | null; entry: EntryRow | null };
    const verdict = writerVerdict(row, guard);
    if (verdict.kind !== 'allowed') return verdict;
    return { ...verdict, result: row.entry ? { entry: toEntry(row.entry), created: row.created === true } : null };
  } catch (error) {
    // The book was deleted between the SELECT and the insert (foreign_key_violation): not found.
    if ((error as { code?: string }).code === '23503') return { kind: 'allowed', userId: guard.session.userId, result: null };
    throw error;
  }
}

/** Sets the status of an entry the guard's writer has; the result is null when the book is not in their list. */
export async function updateReadingListStatus(db: Database, guard: WriterGuard, bookId: number, status: ReadingStatus, locale: Locale): Promise<Guarded<ReadingListEntry>> {
  const result = await executePrepared(db, 'reading_list_update', UPDATE, { ...guardValues(guard), status, bookId: bookIdValue(bookId), locale });
  const row = result.rows[0] as unknown as WriterGuardRow & { entry: EntryRow | null };
  const verdict = writerVerdict(row, guard);
  if (verdict.kind !== 'allowed') return verdict;
  return { ...verdict, result: row.entry ? toEntry(row.entry) : null };
}

/** Removes a book from the guard's writer's list; the result is null when it was not there. */
export async function removeFromReadingList(db: Database, guard: WriterGuard, bookId: number): Promise<Guarded<true>> {
  const result = await executePrepared(db, 'reading_list_remove', REMOVE, { ...guardValues(guard), bookId: bookIdValue(bookId) });
  const row = result.rows[0] as unknown as WriterGuardRow & { removed: number };
  const verdict = writerVerdict(row, guard);
  if (verdict.kind !== 'allowed') return verdict;
  return { ...verdict, result: row.removed > 0 ? true : null };
}

/**
 * One page of the reader's list, newest first, optionally of one status, with the total of that
 * filter and the counts per status over the whole list (the profile's filter): one statement over
 * the reader's rows (primary key), however long the list.
 */
export async function listReadingList(db: Database, userId: string, query: { status?: ReadingStatus; page: number }, locale: Locale): Promise<ReadingListPage> {
  const filter = query.status ? sql`AND l.status = ${query.status}::reading_status` : sql``;
  const result = await db.execute(sql`
    SELECT count(*) FILTER (WHERE l.status = 'to_read')::int AS to_read,
           count(*) FILTER (WHERE l.status = 'reading')::int AS reading,
           count(*) FILTER (WHERE l.status = 'read')::int AS read,
           count(*) FILTER (WHERE true ${filter})::int AS total,
           coalesce((SELECT json_agg(p.entry ORDER BY p.created_at DESC, p.book_id DESC) FROM (
             SELECT l.created_at, l.book_id, (SELECT ${entryJson(locale)}) AS entry
             FROM reading_list l WHERE l.user_id = ${userId} ${filter}
             ORDER BY l.created_at DESC, l.book_id DESC
             LIMIT ${READING_LIST_PAGE_SIZE} OFFSET ${(query.page - 1) * READING_LIST_PAGE_SIZE}) p), '[]') AS items
    FROM reading_list l WHERE l.user_id = ${userId}`);
  const row = result.rows[0] as { to_read: number; reading: number; read: number; total: number; items: EntryRow[] };
  return {
    items: row.items.map(toEntry),
    total: row.total,
    page: query.page,
    pageSize: READING_LIST_PAGE_SIZE,
    counts: { to_read: row.to_read, reading: row.reading, read: row.read },
  };
}
