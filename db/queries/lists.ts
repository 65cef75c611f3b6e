/**
 * The list pages' data (issue 3): books, authors and series with the spec's filters and sorts, one
 * statement per page (filters, sort, count and page in one query with window functions). Titles
 * and names sort by the language's alphabet through ICU collations (Ä with A in German); book titles
 * through their precomputed ranks in book_titles (migration 0005), the same order without comparing
 * collations across the catalogue on every request. Book and series ratings come from the counters in
 * book_stats (rating_count, rating_sum: trigger-kept counters, migrations 0008 and 0017), never from every rating row.
 */
import { sql, type SQL } from 'drizzle-orm';
import { GENRE_CATEGORIES, type Locale } from '../../src/domain/enums.ts';
import {
  SERIES_SIZE_BOUNDS,
  type AuthorCard,
  type AuthorListQuery,
  type AwardCard,
  type GenreCard,
  type BookCard,
  type BookListQuery,
  type Page,
  type SeriesCard,
  type SeriesListQuery,
} from '../../src/domain/schemas/lists.ts';
import type { Database } from '../client.ts';
import { refCondition } from './refs.ts';

const COLLATION: Record<Locale, string> = { en: 'en-x-icu', de: 'de-x-icu', it: 'it-x-icu' };
const collate = (locale: Locale) => sql.raw(`COLLATE "${COLLATION[locale]}"`);

type Row<T> = T & { total: number };

function toPage<T>(rows: Row<T>[], offset: number, limit: number): Page<T> {
  const total = rows[0]?.total ?? 0;
  return { items: rows.map(({ total: _total, ...item }) => item as T), total, offset, limit };
}

const rating = (avg: SQL, count: SQL) => sql`json_build_object('average', round(${avg}::numeric, 1)::float8, 'count', ${count})`;

/**
 * Only the row an id or slug names (the read API's detail answers, issue 16 point 4, take the list's
 * card of one record): the condition on `alias`, nothing without a ref, `false` for an id no row has.
 */
const onlyRef = (alias: string, ref: number | string | undefined): SQL =>
  ref === undefined ? sql`` : sql`AND ${refCondition(sql.raw(alias), ref) ?? sql`false`}`;

/**
 * `readerId` is the signed-in reader whose reading list `query.list` filters by (spec §9: want to
 * read, currently reading, read, not in my list); the filter needs one. `ref` (an id or slug) keeps
 * only that book: its card as the list shows it.
 */
export async function listBooks(db: Database, query: BookListQuery, locale: Locale, readerId?: string, ref?: number | string): Promise<Page<BookCard>> {
  // title_rank: the title's place in the language's alphabet (book_titles), an integer to sort by.
  const order: Record<BookListQuery['sort'], SQL> = {
    newest: sql`publication_year DESC NULLS LAST, title_rank, id`,
    oldest: sql`publication_year ASC NULLS LAST, title_rank, id`,
    title_asc: sql`title_rank ASC, id`,
    title_desc: sql`title_rank DESC, id`,
    rating: sql`average DESC NULLS LAST, count DESC, title_rank, id`,
  };
  const genre = query.genre
    ? sql`AND EXISTS (SELECT 1 FROM book_genres bg JOIN genres g ON g.id = bg.genre_id
                      WHERE bg.book_id = b.id AND (lower(g.name) = lower(${query.genre}) OR g.slug = lower(${query.genre})))`
    : sql``;
  const minRating = query.minRating ? sql`AND r.average >= ${query.minRating}` : sql``;
  if (query.list && !readerId) throw new Error('listBooks: the reading-list filter needs the reader.');
  const onList = (status?: string) =>
    sql`EXISTS (SELECT 1 FROM reading_list rl WHERE rl.user_id = ${readerId} AND rl.book_id = b.id ${status ? sql`AND rl.status = ${status}::reading_status` : sql``})`;
  const list = !query.list ? sql`` : query.list === 'none' ? sql`AND NOT ${onList()}` : sql`AND ${onList(query.list)}`;
  const result = await db.execute(sql`
    WITH r AS (SELECT book_id, rating_sum::numeric / rating_count AS average, rating_count AS count FROM book_stats WHERE rating_count > 0),
    filtered AS (
      SELECT b.id, b.slug, b.original_title, b.publication_year, b.cover_image_url,
             t.title, t.title_rank, r.average, coalesce(r.count, 0) AS count
      FROM books b
      JOIN book_titles t ON t.book_id = b.id AND t.locale = ${locale}::text
      LEFT JOIN r ON r.book_id = b.id
      WHERE true ${genre} ${minRating} ${list} ${onlyRef('b', ref)}
    ),
    page AS (
      SELECT f.*, count(*) OVER ()::int AS total FROM filtered f
      ORDER BY ${order[query.sort]} OFFSET ${query.offset} LIMIT ${query.limit}
    )
    SELECT p.id, p.slug, p.title, p.original_title AS "originalTitle", p.publication_year AS year,
           p.cover_image_url AS "coverImage", ${rating(sql`p.average`, sql`p.count`)} AS rating, p.total,
           coalesce((SELECT json_agg(json_build_object('slug', a.slug, 'name', a.name) ORDER BY ba.position)
                     FROM book_authors ba JOIN authors a ON a.id = ba.author_id WHERE ba.book_id = p.id), '[]') AS authors,
           coalesce((SELECT json_agg(json_build_object('slug', g.slug, 'name', coalesce(g.names->>${locale}, g.name), 'category', g.category) ORDER BY g.id)
                     FROM book_genres bg JOIN genres g ON g.id = bg.genre_id WHERE bg.book_id = p.id), '[]') AS genres
    FROM page p
    ORDER BY ${order[query.sort]}`);
  return toPage(result.rows as Row<BookCard>[], query.offset, query.limit);
}

const PEOPLE_ORDER = (locale: Locale): Record<AuthorListQuery['sort'], SQL> => ({
  name_asc: sql`sort_name ${collate(locale)} ASC, id`,
  name_desc: sql`sort_name ${collate(locale)} DESC, id`,
  rating: sql`average DESC NULLS LAST, count DESC, sort_name ${collate(locale)}, id`,
  books: sql`book_count DESC, sort_name ${collate(locale)}, id`,
});

/** Authors: name by sort name (surname first), rating from author reviews, book count. */
export async function listAuthors(db: Database, query: AuthorListQuery, locale: Locale, ref?: number | string): Promise<Page<AuthorCard>> {
  const result = await db.execute(sql`
    WITH filtered AS (
      SELECT a.id, a.slug, a.name, a.sort_name, a.profile_image_url, a.birth_year, a.death_year,
             (SELECT count(*)::int FROM book_authors ba WHERE ba.author_id = a.id) AS book_count,
             r.average, coalesce(r.count, 0) AS count
      FROM authors a
      LEFT JOIN (SELECT author_id, avg(rating) AS average, count(*)::int AS count FROM author_reviews GROUP BY author_id) r ON r.author_id = a.id
      WHERE true ${onlyRef('a', ref)}
    ),
    page AS (SELECT f.*, count(*) OVER ()::int AS total FROM filtered f ORDER BY ${PEOPLE_ORDER(locale)[query.sort]} OFFSET ${query.offset} LIMIT ${query.limit})
    SELECT id, slug, name, profile_image_url AS "profileImageUrl", birth_year AS "birthYear", death_year AS "deathYear",
           book_count AS "bookCount", ${rating(sql`average`, sql`count`)} AS rating, total
    FROM page ORDER BY ${PEOPLE_ORDER(locale)[query.sort]}`);
  return toPage(result.rows as Row<AuthorCard>[], query.offset, query.limit);
}

/** Series: kind tab, book-count range, rating = average of the ratings of its books. */
export async function listSeries(db: Database, query: SeriesListQuery, locale: Locale, ref?: number | string): Promise<Page<SeriesCard>> {
  const [min, max] = query.size ? SERIES_SIZE_BOUNDS[query.size] : [0, 1_000_000];
  const kind = query.kind ? sql`AND s.kind = ${query.kind}` : sql``;
  const result = await db.execute(sql`
    WITH filtered AS (
      SELECT s.id, s.slug, s.name, s.name AS sort_name, s.image_url, s.kind, s.status,
             (SELECT count(*)::int FROM book_series bs WHERE bs.series_id = s.id) AS book_count,
             r.average, coalesce(r.count, 0) AS count
      FROM series s
      LEFT JOIN (SELECT bs.series_id, sum(p.rating_sum)::numeric / sum(p.rating_count) AS average, sum(p.rating_count)::int AS count
                 FROM book_series bs JOIN book_stats p ON p.book_id = bs.book_id WHERE p.rating_count > 0 GROUP BY bs.series_id) r ON r.series_id = s.id
      WHERE true ${kind} ${onlyRef('s', ref)}
    ),
    page AS (SELECT f.*, count(*) OVER ()::int AS total FROM filtered f WHERE book_count BETWEEN ${min} AND ${max}
             ORDER BY ${PEOPLE_ORDER(locale)[query.sort]} OFFSET ${query.offset} LIMIT ${query.limit})
    SELECT id, slug, name, image_url AS "imageUrl", kind, status, book_count AS "bookCount", ${rating(sql`average`, sql`count`)} AS rating, total,
           coalesce((SELECT json_agg(json_build_object('slug', a.slug, 'name', a.name) ORDER BY sa.position)
                     FROM series_authors sa JOIN authors a ON a.id = sa.author_id WHERE sa.series_id = page.id), '[]') AS authors
    FROM page ORDER BY ${PEOPLE_ORDER(locale)[query.sort]}`);
  return toPage(result.rows as Row<SeriesCard>[], query.offset, query.limit);
}

/** A page of a list without filters or sorts. */
export interface PageWindow {
  offset: number;
  limit: number;
}

const localizedName = (alias: string, locale: Locale) => sql`coalesce(nullif(${sql.raw(alias)}.names->>${locale}, ''), ${sql.raw(alias)}.name)`;

/** Genres in the genres page's order (category, then name), with their book counts; `ref` keeps one. */
export async function listGenres(db: Database, page: PageWindow, locale: Locale, ref?: number | string): Promise<Page<GenreCard>> {
  const result = await db.execute(sql`
    SELECT g.id, g.slug, ${localizedName('g', locale)} AS name, g.category,
           (SELECT count(*)::int FROM book_genres bg WHERE bg.genre_id = g.id) AS "bookCount", count(*) OVER ()::int AS total
    FROM genres g
    WHERE true ${onlyRef('g', ref)}
    ORDER BY array_position(${`{${GENRE_CATEGORIES.join(',')}}`}::text[], g.category::text), g.name, g.id
    OFFSET ${page.offset} LIMIT ${page.limit}`);
  return toPage(result.rows as Row<GenreCard>[], page.offset, page.limit);
}

/** Awards in catalogue order (Hugo, Nebula, Locus, Clarke), with their categories; `ref` keeps one. */
export async function listAwards(db: Database, page: PageWindow, locale: Locale, ref?: number | string): Promise<Page<AwardCard>> {
  const result = await db.execute(sql`
    SELECT a.id, a.slug, ${localizedName('a', locale)} AS name, count(*) OVER ()::int AS total,
           coalesce((SELECT json_agg(json_build_object('slug', c.slug, 'name', coalesce(nullif(c.names->>${locale}, ''), c.names->>'en')) ORDER BY c.position, c.id)
                     FROM award_categories c WHERE c.award_id = a.id), '[]') AS categories
    FROM awards a
    WHERE true ${onlyRef('a', ref)}
    ORDER BY a.id
    OFFSET ${page.offset} LIMIT ${page.limit}`);
  return toPage(result.rows as Row<AwardCard>[], page.offset, page.limit);
}
