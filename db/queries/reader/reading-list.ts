/**
 * The reading list (spec §3 "Reading list entry", §4, §7 `POST /api/reading-list`; issue 12 point 1):
 * one entry per reader and book (primary key user_id, book_id). Every query names the reader's own
 * id, so a reader can only ever touch their own entries. Titles come from book_titles (the edition
 * rule per page language, kept by triggers: db/queries/book-title.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale, ReadingStatus } from '../../../src/domain/enums.ts';
import { READING_LIST_PAGE_SIZE, type ReadingListEntry, type ReadingListPage } from '../../../src/domain/schemas/reader.ts';
import type { Database } from '../../client.ts';
import { fitsSerial } from '../refs.ts';
import { isoTime } from './ratings.ts';

interface EntryRow extends Omit<ReadingListEntry, 'addedAt' | 'updatedAt'> {
  addedAt: Date | string;
  updatedAt: Date | string;
}

const toEntry = ({ addedAt, updatedAt, ...entry }: EntryRow): ReadingListEntry => ({ ...entry, addedAt: isoTime(addedAt), updatedAt: isoTime(updatedAt) });

/** An entry of relation `l` (reading_list columns) with its book, as json. */
function entryJson(locale: Locale): SQL {
  return sql`json_build_object(
    'bookId', l.book_id, 'status', l.status, 'addedAt', l.created_at, 'updatedAt', l.updated_at,
    'book', json_build_object(
      'slug', b.slug, 'title', coalesce(t.title, b.original_title), 'coverImage', b.cover_image_url, 'year', b.publication_year,
      'authors', coalesce((SELECT json_agg(json_build_object('slug', a.slug, 'name', a.name) ORDER BY ba.position, a.id)
                           FROM book_authors ba JOIN authors a ON a.id = ba.author_id WHERE ba.book_id = b.id), '[]')))
    FROM books b LEFT JOIN book_titles t ON t.book_id = b.id AND t.locale = ${locale}::text WHERE b.id = l.book_id`;
}

/**
 * Adds a book to the reader's list or, when it is there already, sets its status (spec §4: the
 * pop-up adds with to-read). One statement: the book must exist (no row, null: a 404). `created`
 * tells a new entry from a changed one.
 */
export async function addToReadingList(
  db: Database,
  userId: string,
  bookId: number,
  status: ReadingStatus,
  locale: Locale,
): Promise<{ entry: ReadingListEntry; created: boolean } | null> {
  if (!fitsSerial(bookId)) return null;
  try {
    const result = await db.execute(sql`
      WITH l AS (
        INSERT INTO reading_list AS r (user_id, book_id, status)
        SELECT ${userId}, b.id, ${status}::reading_status FROM books b WHERE b.id = ${bookId}
        ON CONFLICT (user_id, book_id) DO UPDATE SET status = EXCLUDED.status, updated_at = now()
        RETURNING r.*, (r.xmax = 0) AS created
      )
      SELECT l.created, (SELECT ${entryJson(locale)}) AS entry FROM l`);
    const row = result.rows[0] as { created: boolean; entry: EntryRow } | undefined;
    return row ? { entry: toEntry(row.entry), created: row.created } : null;
  } catch (error) {
    // The book was deleted between the SELECT and the insert (foreign_key_violation): not found.
    if ((error as { code?: string }).code === '23503') return null;
    throw error;
  }
}

/** Sets the status of an entry the reader has; null when the book is not in their list. */
export async function updateReadingListStatus(db: Database, userId: string, bookId: number, status: ReadingStatus, locale: Locale): Promise<ReadingListEntry | null> {
  if (!fitsSerial(bookId)) return null;
  const result = await db.execute(sql`
    WITH l AS (
      UPDATE reading_list SET status = ${status}::reading_status, updated_at = now()
      WHERE user_id = ${userId} AND book_id = ${bookId} RETURNING *
    )
    SELECT (SELECT ${entryJson(locale)}) AS entry FROM l`);
  const row = result.rows[0] as { entry: EntryRow } | undefined;
  return row ? toEntry(row.entry) : null;
}

/** Removes a book from the reader's list; false when it was not there. */
export async function removeFromReadingList(db: Database, userId: string, bookId: number): Promise<boolean> {
  if (!fitsSerial(bookId)) return false;
  const result = await db.execute(sql`DELETE FROM reading_list WHERE user_id = ${userId} AND book_id = ${bookId}`);
  return (result.rowCount ?? 0) > 0;
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
