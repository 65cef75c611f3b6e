/**
 * The public read API's data (issue 16 point 4): the list pages' own queries (lists.ts: the same
 * filters, sorts, titles and ratings as /books, /authors, /series) for every list and for each
 * detail's card, plus, batched by ids, what v1 shows beyond the cards: a page of 100 books costs
 * three statements (cards, relations, editions), never one per book.
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '../../../src/domain/enums.ts';
import { localizedTextV1, toBookV1, type BookRelations } from '../../../src/domain/open-data/api-v1-view.ts';
import type {
  AuthorDetailV1,
  AuthorsQueryV1,
  AwardDetailV1,
  BooksQueryV1,
  BookDetailV1,
  BookV1,
  GenreDetailV1,
  ListFiltersV1,
  SeriesDetailV1,
  SeriesQueryV1,
} from '../../../src/domain/schemas/api-v1.ts';
import type { AuthorCard, AwardCard, GenreCard, Page, SeriesCard } from '../../../src/domain/schemas/lists.ts';
import type { LocalizedText } from '../../schema/localized.ts';
import type { Database } from '../../client.ts';
import { listEditionsOfBooks } from '../editions.ts';
import { listAuthors, listAwards, listBooks, listGenres, listSeries, type PageWindow } from '../lists.ts';
import { intArray } from '../refs.ts';

const localizedName = (expr: string, locale: Locale) => sql.raw(`coalesce(nullif(${expr}->>'${locale}', ''), ${expr}->>'en')`);

/** Series memberships, awards and editions of books, by id (two statements for any number of books). */
export async function bookRelations(db: Database, bookIds: readonly number[], locale: Locale): Promise<Map<number, BookRelations>> {
  if (bookIds.length === 0) return new Map();
  const [result, editions] = await Promise.all([
    db.execute(sql`
      SELECT b.id, b.original_language AS "originalLanguage", b.description,
             coalesce((SELECT json_agg(json_build_object('slug', s.slug, 'name', s.name, 'kind', s.kind, 'position', bs.position::float8) ORDER BY bs.position NULLS LAST, s.id)
                       FROM book_series bs JOIN series s ON s.id = bs.series_id WHERE bs.book_id = b.id), '[]') AS series,
             coalesce((SELECT json_agg(json_build_object(
                         'award', json_build_object('slug', a.slug, 'name', coalesce(nullif(a.names->>${locale}, ''), a.name)),
                         'category', CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('slug', c.slug, 'name', ${localizedName('c.names', locale)}) END,
                         'customCategory', ba.custom_category, 'year', ba.year, 'isWinner', ba.is_winner)
                       ORDER BY ba.year DESC, a.id, c.position, ba.custom_category)
                       FROM book_awards ba JOIN awards a ON a.id = ba.award_id LEFT JOIN award_categories c ON c.id = ba.category_id
                       WHERE ba.book_id = b.id), '[]') AS awards
      FROM books b WHERE b.id = ANY(${intArray(bookIds)})`),
    listEditionsOfBooks(db, bookIds),
  ]);
  const rows = result.rows as (Omit<BookRelations, 'editions'> & { id: number; description: LocalizedText })[];
  return new Map(rows.map(({ id, ...row }) => [id, { ...row, editions: editions.get(id) ?? [] }]));
}

const withRelations = async (db: Database, cards: Page<Parameters<typeof toBookV1>[0]>, locale: Locale): Promise<BookV1[]> => {
  const relations = await bookRelations(db, cards.items.map((c) => c.id), locale);
  return cards.items.flatMap((card) => {
    const found = relations.get(card.id);
    return found ? [toBookV1(card, found)] : [];
  });
};

/** A page of books with the list page's filters and sort. */
export async function readBooks(db: Database, query: ListFiltersV1<BooksQueryV1>, locale: Locale, page: PageWindow): Promise<Page<BookV1>> {
  const cards = await listBooks(db, { ...query, ...page }, locale);
  return { ...cards, items: await withRelations(db, cards, locale) };
}

/** One book by id or slug, with its synopsis; null when there is none. */
export async function readBook(db: Database, ref: number | string, locale: Locale): Promise<BookDetailV1 | null> {
  const cards = await listBooks(db, { sort: 'newest', offset: 0, limit: 1 }, locale, undefined, ref);
  const card = cards.items[0];
  if (!card) return null;
  const relations = (await bookRelations(db, [card.id], locale)).get(card.id);
  if (!relations) return null;
  return { ...toBookV1(card, relations), description: localizedTextV1(relations.description, locale) };
}

export const readAuthors = (db: Database, query: ListFiltersV1<AuthorsQueryV1>, locale: Locale, page: PageWindow): Promise<Page<AuthorCard>> => listAuthors(db, { ...query, ...page }, locale);

const bookRefs = (link: string, where: string, order: string, locale: Locale, extra = '') =>
  sql`coalesce((SELECT json_agg(json_build_object('id', b.id, 'slug', b.slug, 'title', t.title, 'year', b.publication_year${sql.raw(extra)}) ORDER BY ${sql.raw(order)})
                FROM ${sql.raw(link)} JOIN books b ON b.id = l.book_id JOIN book_titles t ON t.book_id = b.id AND t.locale = ${locale}::text
                WHERE ${sql.raw(where)}), '[]')`;

/** One author by id or slug, with bio and books (oldest first); null when there is none. */
export async function readAuthor(db: Database, ref: number | string, locale: Locale): Promise<AuthorDetailV1 | null> {
  const card = (await listAuthors(db, { sort: 'name_asc', offset: 0, limit: 1 }, locale, ref)).items[0];
  if (!card) return null;
  const result = await db.execute(sql`
    SELECT a.bio, a.gender, a.nationality, a.native_language AS "nativeLanguage",
           ${bookRefs('book_authors l', `l.author_id = a.id`, 'b.publication_year NULLS LAST, t.title_rank, b.id', locale)} AS books
    FROM authors a WHERE a.id = ${card.id}`);
  const row = result.rows[0] as (Omit<AuthorDetailV1, keyof AuthorCard | 'bio'> & { bio: LocalizedText }) | undefined;
  return row ? { ...card, ...row, bio: localizedTextV1(row.bio, locale) } : null;
}

export const readSeriesList = (db: Database, query: ListFiltersV1<SeriesQueryV1>, locale: Locale, page: PageWindow): Promise<Page<SeriesCard>> => listSeries(db, { ...query, ...page }, locale);

/** One series by id or slug, with its books in series order; null when there is none. */
export async function readSeries(db: Database, ref: number | string, locale: Locale): Promise<SeriesDetailV1 | null> {
  const card = (await listSeries(db, { sort: 'name_asc', offset: 0, limit: 1 }, locale, ref)).items[0];
  if (!card) return null;
  const result = await db.execute(sql`
    SELECT s.description,
           ${bookRefs('book_series l', 'l.series_id = s.id', 'l.position NULLS LAST, b.publication_year NULLS LAST, b.id', locale, `, 'position', l.position::float8`)} AS books
    FROM series s WHERE s.id = ${card.id}`);
  const row = result.rows[0] as { description: LocalizedText; books: SeriesDetailV1['books'] } | undefined;
  return row ? { ...card, books: row.books, description: localizedTextV1(row.description, locale) } : null;
}

export const readGenres = (db: Database, locale: Locale, page: PageWindow): Promise<Page<GenreCard>> => listGenres(db, page, locale);

/** One genre by id or slug, with its description; null when there is none. */
export async function readGenre(db: Database, ref: number | string, locale: Locale): Promise<GenreDetailV1 | null> {
  const card = (await listGenres(db, { offset: 0, limit: 1 }, locale, ref)).items[0];
  if (!card) return null;
  const result = await db.execute(sql`SELECT description FROM genres WHERE id = ${card.id}`);
  const row = result.rows[0] as { description: LocalizedText } | undefined;
  return row ? { ...card, description: localizedTextV1(row.description, locale) } : null;
}

export const readAwards = (db: Database, locale: Locale, page: PageWindow): Promise<Page<AwardCard>> => listAwards(db, page, locale);

/** One award by id or slug, with its text and every winner and finalist (newest year first); null when there is none. */
export async function readAward(db: Database, ref: number | string, locale: Locale): Promise<AwardDetailV1 | null> {
  const card = (await listAwards(db, { offset: 0, limit: 1 }, locale, ref)).items[0];
  if (!card) return null;
  const result = await db.execute(sql`
    SELECT a.about,
           coalesce((SELECT json_agg(json_build_object(
                       'year', ba.year,
                       'category', CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('slug', c.slug, 'name', ${localizedName('c.names', locale)}) END,
                       'customCategory', ba.custom_category, 'isWinner', ba.is_winner,
                       'book', json_build_object('id', b.id, 'slug', b.slug, 'title', t.title, 'year', b.publication_year))
                     ORDER BY ba.year DESC, c.position NULLS LAST, ba.custom_category, ba.is_winner DESC, t.title_rank, b.id)
                     FROM book_awards ba JOIN books b ON b.id = ba.book_id JOIN book_titles t ON t.book_id = b.id AND t.locale = ${locale}::text
                     LEFT JOIN award_categories c ON c.id = ba.category_id
                     WHERE ba.award_id = a.id), '[]') AS entries
    FROM awards a WHERE a.id = ${card.id}`);
  const row = result.rows[0] as { about: LocalizedText; entries: AwardDetailV1['entries'] } | undefined;
  return row ? { ...card, entries: row.entries, about: localizedTextV1(row.about, locale) } : null;
}
