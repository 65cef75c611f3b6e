/**
 * A reader's history for the Goodreads-layout export (issue 16 point 2): every book on their reading
 * list or rated by them, in one statement (no query per book), newest addition first.
 * One edition gives the title, ISBN, binding, publisher, pages and year (issue 29 point 12: a German
 * title never goes with the English edition's publisher): the edition the title rule shows in the
 * reader's profile language (`localized_book_title()`, db/queries/book-title.ts: a translation into
 * that language, else the English one, else the original), then the primary, then the first. A book
 * without editions has its localized title and no edition facts. "Date Read" is the day the reader
 * finished it (reading_list.read_on), empty where nobody knows it, never the date added.
 */
import { sql } from 'drizzle-orm';
import type { ReadingHistoryRow } from '../../../src/domain/open-data/goodreads-csv.ts';
import type { Database } from '../../client.ts';

/** A row as PostgreSQL sends it: the history row with json that may be null, timestamps and a bigint as text, and the counters the average comes from. */
type Row = Omit<ReadingHistoryRow, 'authors' | 'averageRating' | 'readAt' | 'addedAt' | 'shelfPosition'> & {
  authors: ReadingHistoryRow['authors'] | null;
  ratingCount: number | null;
  ratingSum: number | null;
  readAt: string | null;
  addedAt: string;
  shelfPosition: string | number;
};

/** The reader's rows for goodreadsCsv() (src/domain/open-data/goodreads-csv.ts); [] for an unknown id. */
export async function readReadingHistory(db: Database, userId: string): Promise<ReadingHistoryRow[]> {
  const result = await db.execute(sql`
    WITH entries AS (
      SELECT coalesce(l.book_id, r.book_id) AS book_id, l.status, r.rating, r.review,
             CASE WHEN l.status = 'read' THEN to_char(l.read_on, 'YYYY-MM-DD') END AS read_at,
             least(l.created_at, r.created_at) AS added_at
      FROM (SELECT * FROM reading_list WHERE user_id = ${userId}) l
      FULL JOIN (SELECT * FROM ratings WHERE user_id = ${userId}) r ON r.book_id = l.book_id
    )
    SELECT coalesce(nullif(btrim(ed.title), ''), localized_book_title(b.id, b.original_title, b.original_language, u.language)) AS title,
           (SELECT json_agg(json_build_object('name', a.name, 'sortName', a.sort_name) ORDER BY ba.position, ba.author_id)
              FROM book_authors ba JOIN authors a ON a.id = ba.author_id WHERE ba.book_id = b.id) AS authors,
           ed.isbn, e.rating, p.rating_count AS "ratingCount", p.rating_sum AS "ratingSum",
           ed.publisher, ed.binding_type AS binding, ed.pages,
           ed.publication_year AS "editionYear", b.publication_year AS "originalYear",
           e.status, e.read_at AS "readAt", e.added_at AS "addedAt", e.review,
           row_number() OVER (PARTITION BY coalesce(e.status::text, 'read') ORDER BY e.added_at, b.id) AS "shelfPosition"
    FROM entries e
    JOIN books b ON b.id = e.book_id
    JOIN users u ON u.id = ${userId}
    LEFT JOIN book_stats p ON p.book_id = b.id
    LEFT JOIN LATERAL (
      SELECT e.title, e.isbn, e.publisher, e.binding_type, e.pages, e.publication_year FROM editions e
      WHERE e.book_id = b.id
      ORDER BY (btrim(e.title) = localized_book_title(b.id, b.original_title, b.original_language, u.language)) DESC,
               (lower(split_part(replace(btrim(e.language_code), '_', '-'), '-', 1)) = u.language) DESC,
               (lower(split_part(replace(btrim(e.language_code), '_', '-'), '-', 1)) = 'en') DESC,
               e.is_original_language DESC, e.is_primary_edition DESC, e.id
      LIMIT 1
    ) ed ON true
    ORDER BY e.added_at DESC, b.id`);
  return (result.rows as unknown as Row[]).map((row) => ({
    title: row.title,
    authors: row.authors ?? [],
    isbn: row.isbn,
    rating: row.rating,
    averageRating: row.ratingCount ? row.ratingSum! / row.ratingCount : null,
    publisher: row.publisher,
    binding: row.binding,
    pages: row.pages,
    editionYear: row.editionYear,
    originalYear: row.originalYear,
    status: row.status,
    readAt: row.readAt ? new Date(`${row.readAt}T12:00:00Z`) : null,
    addedAt: new Date(row.addedAt),
    review: row.review,
    shelfPosition: Number(row.shelfPosition),
  }));
}
