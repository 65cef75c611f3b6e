/**
 * The profile's own-data reads (issue 12, point 9): reading statistics and the reader's own book
 * and author reviews. Both read only the signed-in reader's rows, through the indexes on (user_id, ...).
 */
import { sql } from 'drizzle-orm';
import type { GenreCategory, Locale } from '../../../src/domain/enums.ts';
import { RATING_MAX, RATING_MIN } from '../../../src/domain/rating.ts';
import type { OwnReview, OwnReviewPage, ReadingStats } from '../../../src/domain/schemas/reading-stats.ts';
import type { Database } from '../../client.ts';
import { localizedTitleSql } from '../book-title.ts';
import { isoTime } from './ratings.ts';

const bookTitle = (locale: Locale) => localizedTitleSql({ id: sql`b.id`, originalTitle: sql`b.original_title`, originalLanguage: sql`b.original_language` }, locale);

/**
 * The stats tab's figures in four statements. A book counts as read in the month its entry was set to
 * 'read' (the entry's updated_at: a status change is the last change an entry gets). Pages are the
 * book's page count, else its primary edition's.
 */
export async function readingStats(db: Database, userId: string, locale: Locale): Promise<ReadingStats> {
  const [months, genres, ratings, totals] = await Promise.all([
    db.execute(sql`
      SELECT to_char(date_trunc('month', r.updated_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, count(*)::int AS count,
             coalesce(sum(coalesce(b.pages, e.pages)), 0)::int AS pages, count(*) FILTER (WHERE coalesce(b.pages, e.pages) IS NULL)::int AS without_pages
      FROM reading_list r
      JOIN books b ON b.id = r.book_id
      LEFT JOIN editions e ON e.book_id = b.id AND e.is_primary_edition
      WHERE r.user_id = ${userId} AND r.status = 'read'
      GROUP BY 1 ORDER BY 1`),
    db.execute(sql`
      SELECT g.slug, coalesce(g.names->>${locale}::text, g.name) AS name, g.category, count(*)::int AS count
      FROM reading_list r
      JOIN book_genres bg ON bg.book_id = r.book_id
      JOIN genres g ON g.id = bg.genre_id
      WHERE r.user_id = ${userId} AND r.status = 'read'
      GROUP BY g.id ORDER BY count DESC, g.slug`),
    db.execute(sql`SELECT rating AS stars, count(*)::int AS count FROM ratings WHERE user_id = ${userId} GROUP BY rating`),
    db.execute(sql`SELECT status, count(*)::int AS count FROM reading_list WHERE user_id = ${userId} GROUP BY status`),
  ]);
  const monthRows = months.rows as { month: string; count: number; pages: number; without_pages: number }[];
  const byYear = new Map<number, number>();
  for (const { month, count } of monthRows) byYear.set(Number(month.slice(0, 4)), (byYear.get(Number(month.slice(0, 4))) ?? 0) + count);
  const starCounts = new Map((ratings.rows as { stars: number; count: number }[]).map((r) => [Number(r.stars), r.count]));
  const statusCounts = new Map((totals.rows as { status: string; count: number }[]).map((r) => [r.status, r.count]));
  return {
    readByMonth: monthRows.map(({ month, count }) => ({ month, count })),
    readByYear: [...byYear].map(([year, count]) => ({ year, count })),
    genres: (genres.rows as { slug: string; name: string; category: GenreCategory; count: number }[]).map((g) => ({ ...g })),
    ratings: Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => ({ stars: RATING_MIN + i, count: starCounts.get(RATING_MIN + i) ?? 0 })),
    pagesRead: monthRows.reduce((sum, m) => sum + m.pages, 0),
    booksWithoutPages: monthRows.reduce((sum, m) => sum + m.without_pages, 0),
    totals: { to_read: statusCounts.get('to_read') ?? 0, reading: statusCounts.get('reading') ?? 0, read: statusCounts.get('read') ?? 0 },
  };
}

/**
 * The reader's own ratings and reviews of books and of authors, the latest change first, a page at a
 * time (the two tables' (user_id, ...) unique indexes; a reader has few of either).
 */
export async function ownReviews(db: Database, userId: string, locale: Locale, page: number, pageSize: number): Promise<OwnReviewPage> {
  const result = await db.execute(sql`
    SELECT x.*, count(*) OVER ()::int AS total FROM (
      SELECT 'book' AS target, r.book_id AS id, b.slug, ${bookTitle(locale)} AS title, b.cover_image_url AS image, r.rating, r.review,
             r.created_at, r.updated_at, r.hidden_at, r.id AS row_id
      FROM ratings r JOIN books b ON b.id = r.book_id WHERE r.user_id = ${userId}
      UNION ALL
      SELECT 'author', r.author_id, a.slug, a.name, a.profile_image_url, r.rating, r.review, r.created_at, r.updated_at, r.hidden_at, r.id
      FROM author_reviews r JOIN authors a ON a.id = r.author_id WHERE r.user_id = ${userId}
    ) x
    ORDER BY x.updated_at DESC, x.target, x.row_id DESC
    OFFSET ${(page - 1) * pageSize} LIMIT ${pageSize}`);
  const rows = result.rows as (Omit<OwnReview, 'date' | 'updatedAt' | 'hiddenAt'> & { created_at: Date | string; updated_at: Date | string; hidden_at: Date | string | null; row_id: number; total: number })[];
  let total = rows[0]?.total;
  if (total === undefined) {
    // Past the last page: the count still says how many there are.
    const counted = await db.execute(sql`SELECT (SELECT count(*) FROM ratings WHERE user_id = ${userId}) + (SELECT count(*) FROM author_reviews WHERE user_id = ${userId}) AS total`);
    total = Number((counted.rows[0] as { total: number | string }).total);
  }
  const items = rows.map(({ total: _total, row_id: _row, created_at, updated_at, hidden_at, ...item }) => ({
    ...item,
    date: isoTime(created_at),
    updatedAt: isoTime(updated_at),
    hiddenAt: hidden_at === null ? null : isoTime(hidden_at),
  }));
  return { items, total, page, pageSize };
}
