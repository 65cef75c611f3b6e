/**
 * A reader's history for the Goodreads-layout export (issue 16 point 2): every book on their reading
 * list or rated by them, in one statement (no query per book), newest addition first.
 * Title: the book's title in the reader's profile language, as their reading list shows it (the
 * `localized_book_title()` rule, db/queries/book-title.ts). Edition facts (ISBN, binding, publisher,
 * pages, year) come from one edition: in the reader's language if there is one, the primary otherwise.
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
             CASE WHEN l.status = 'read' THEN l.updated_at END AS read_at,
             least(l.created_at, r.created_at) AS added_at
      FROM (SELECT * FROM reading_list WHERE user_id = ${userId}) l
      FULL JOIN (SELECT * FROM ratings WHERE user_id = ${userId}) r ON r.book_id = l.book_id
    )
    SELECT localized_book_title(b.id, b.original_title, b.original_language, u.language) AS title,
           (SELECT json_agg(json_build_object('name', a.name, 'sortName', a.sort_name) ORDER BY ba.position, ba.author_id)
              FROM book_authors ba JOIN authors a ON a.id = ba.author_id WHERE ba.book_id = b.id) AS authors,
           ed.isbn, e.rating, p.rating_count AS "ratingCount", p.rating_sum AS "ratingSum",
           coalesce(ed.publisher, b.publisher) AS publisher, ed.binding_type AS binding, coalesce(ed.pages, b.pages) AS pages,
           ed.publication_year AS "editionYear", b.publication_year AS "originalYear",
           e.status, e.read_at AS "readAt", e.added_at AS "addedAt", e.review,
           row_number() OVER (PARTITION BY coalesce(e.status::text, 'read') ORDER BY e.added_at, b.id) AS "shelfPosition"
    FROM entries e
    JOIN books b ON b.id = e.book_id
    JOIN users u ON u.id = ${userId}
    LEFT JOIN book_stats p ON p.book_id = b.id
    LEFT JOIN LATERAL (
      SELECT isbn, publisher, binding_type, pages, publication_year FROM editions
      WHERE book_id = b.id ORDER BY (language_code = u.language) DESC, is_primary_edition DESC, id LIMIT 1
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
    readAt: row.readAt ? new Date(row.readAt) : null,
    addedAt: new Date(row.addedAt),
    review: row.review,
    shelfPosition: Number(row.shelfPosition),
  }));
}
