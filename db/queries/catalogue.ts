/**
 * The whole catalogue as one in-memory snapshot for the static build (issue 3): every detail and
 * list page is prebuilt from it, so the build runs a fixed handful of queries (one per table or
 * aggregate) instead of one per page, whatever the catalogue size.
 *
 * An on-demand page (issue 28 point 1, ADR 0037) reads the same snapshot scoped to what it shows:
 * its books with everything about them, their authors and series (and the page's own author or
 * series), all genres and awards. The same code links it, so the page renders as the prebuilt one.
 */
import { sql } from 'drizzle-orm';
import type { BindingType, Currency, EditionType, FormatType, Gender, GenreCategory, SeriesKind, SeriesStatus } from '../../src/domain/enums.ts';
import { getDb, type Database } from '../client.ts';
import type { AltTitleKind, SlugKind } from '../schema/enums.ts';
import type { LocalizedText } from '../schema/localized.ts';

export type { AltTitleKind, SlugKind };

export interface CatalogueEdition {
  id: number;
  title: string;
  languageCode: string;
  languageName: string;
  translator: string | null;
  editionType: EditionType;
  formatType: FormatType;
  bindingType: BindingType | null;
  publicationYear: number | null;
  publisher: string | null;
  isbn: string | null;
  pages: number | null;
  isPrimaryEdition: boolean;
  isOriginalLanguage: boolean;
  /** Issue 29 point 25: the price an editor set, with its currency; both null when not known. */
  price: number | null;
  currency: Currency | null;
}

export interface CatalogueAwardEntry {
  awardId: number;
  categoryId: number | null;
  customCategory: string | null;
  year: number;
  isWinner: boolean;
  /** The title that award list prints when it differs from the book's ('Dune World'), else null. */
  asTitle: string | null;
}

/** Another title of the work: a serial's, the UK or US one, a working title (seed revision 2). */
export interface CatalogueAltTitle {
  title: string;
  kind: AltTitleKind;
}

export interface CatalogueBook {
  id: number;
  slug: string;
  originalTitle: string;
  originalLanguage: string | null;
  publicationYear: number | null;
  publicationYearApprox: boolean;
  publicationDate: string | null;
  publisher: string | null;
  pages: number | null;
  description: LocalizedText;
  coverImageUrl: string | null;
  authorIds: number[];
  genreIds: number[];
  series: { seriesId: number; position: number | null }[];
  awards: CatalogueAwardEntry[];
  /** Other titles of the work, in the data's order. */
  altTitles: CatalogueAltTitle[];
  editions: CatalogueEdition[];
  rating: { average: number | null; count: number };
  /** When the book entered the catalogue (RFC 3339, UTC, whole seconds): "new books" in the feeds (issue 16, ADR 0016). */
  createdAt: string;
}

export interface CatalogueAuthor {
  id: number;
  slug: string;
  name: string;
  sortName: string;
  bio: LocalizedText;
  birthYear: number | null;
  deathYear: number | null;
  nationality: string | null;
  nativeLanguage: string | null;
  gender: Gender;
  profileImageUrl: string | null;
  bookIds: number[];
}

export interface CatalogueSeries {
  id: number;
  slug: string;
  name: string;
  kind: SeriesKind;
  status: SeriesStatus | null;
  description: LocalizedText;
  imageUrl: string | null;
  authorIds: number[];
  /** Books in order of position (books without a position last, by year). */
  books: { bookId: number; position: number | null }[];
}

export interface CatalogueGenre {
  id: number;
  slug: string;
  name: string;
  names: LocalizedText;
  category: GenreCategory;
  description: LocalizedText;
  imageUrl: string | null;
  bookCount: number;
}

export interface CatalogueAward {
  id: number;
  slug: string;
  name: string;
  names: LocalizedText;
  about: LocalizedText;
  categories: { id: number; slug: string; names: LocalizedText }[];
  /** The years it was not given in a category (or a custom one): award_no_award_years, issue 13 point 4. */
  noAwardYears: { categoryId: number | null; customCategory: string | null; year: number }[];
}

export interface CatalogueSnapshot {
  books: CatalogueBook[];
  authors: CatalogueAuthor[];
  series: CatalogueSeries[];
  genres: CatalogueGenre[];
  awards: CatalogueAward[];
  bookById: Map<number, CatalogueBook>;
  authorById: Map<number, CatalogueAuthor>;
  seriesById: Map<number, CatalogueSeries>;
  genreById: Map<number, CatalogueGenre>;
  awardById: Map<number, CatalogueAward>;
}

/**
 * The part of the catalogue a page shows (an on-demand page, ADR 0037): these books in full, the
 * authors and series named here or by the books, every genre and award. In a scoped snapshot an
 * author's `bookIds`, a series' `books` and a genre's `bookCount` count the scope's books only: scope
 * an author's or a series' page to all of its books.
 */
export interface SnapshotScope {
  bookIds: readonly number[];
  authorIds?: readonly number[];
  seriesIds?: readonly number[];
}

/** An id list as one text parameter (`= ANY(${intArray(ids)}::int[])`): drizzle expands a JS array into a list. */
const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

const group = <T, K>(items: readonly T[], key: (t: T) => K) => {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
};

/**
 * Reads the catalogue with one query per table (15 in all) and links it in memory; with a scope, only
 * that part of it (two more indexed queries find the scope's authors and series first).
 */
export async function loadCatalogueSnapshot(db: Database, scope?: SnapshotScope): Promise<CatalogueSnapshot> {
  const { books: inBooks, byBook, authors: inAuthors, series: inSeries } = scope ? await scopeFilters(db, scope) : ALL;
  const [bookRows, authorRows, seriesRows, genreRows, awardRows, categoryRows, noAwardRows, bookAuthorRows, bookGenreRows, bookSeriesRows, awardEntryRows, editionRows, ratingRows, seriesAuthorRows, altTitleRows] =
    await Promise.all([
      rows<Omit<CatalogueBook, 'authorIds' | 'genreIds' | 'series' | 'awards' | 'altTitles' | 'editions' | 'rating'>>(db, sql`
        SELECT id, slug, original_title AS "originalTitle", original_language AS "originalLanguage",
               publication_year AS "publicationYear", publication_year_approx AS "publicationYearApprox",
               publication_date::text AS "publicationDate", publisher, pages, description, cover_image_url AS "coverImageUrl",
               to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
        FROM books WHERE ${inBooks('id')} ORDER BY id`),
      rows<Omit<CatalogueAuthor, 'bookIds'>>(db, sql`
        SELECT id, slug, name, sort_name AS "sortName", bio, birth_year AS "birthYear", death_year AS "deathYear",
               nationality, native_language AS "nativeLanguage", gender, profile_image_url AS "profileImageUrl"
        FROM authors WHERE ${inAuthors('id')} ORDER BY id`),
      rows<Omit<CatalogueSeries, 'authorIds' | 'books'>>(db, sql`
        SELECT id, slug, name, kind, status, description, image_url AS "imageUrl" FROM series WHERE ${inSeries('id')} ORDER BY id`),
      rows<Omit<CatalogueGenre, 'bookCount'>>(db, sql`
        SELECT id, slug, name, names, category, description, image_url AS "imageUrl" FROM genres ORDER BY id`),
      rows<Omit<CatalogueAward, 'categories' | 'noAwardYears'>>(db, sql`SELECT id, slug, name, names, about FROM awards ORDER BY id`),
      rows<{ id: number; awardId: number; slug: string; names: LocalizedText }>(db, sql`
        SELECT id, award_id AS "awardId", slug, names FROM award_categories ORDER BY award_id, position, id`),
      rows<CatalogueAward['noAwardYears'][number] & { awardId: number }>(db, sql`
        SELECT award_id AS "awardId", category_id AS "categoryId", custom_category AS "customCategory", year
        FROM award_no_award_years ORDER BY award_id, year DESC, id`),
      rows<{ bookId: number; authorId: number }>(db, sql`
        SELECT book_id AS "bookId", author_id AS "authorId" FROM book_authors WHERE ${byBook} ORDER BY book_id, position, author_id`),
      rows<{ bookId: number; genreId: number }>(db, sql`SELECT book_id AS "bookId", genre_id AS "genreId" FROM book_genres WHERE ${byBook} ORDER BY book_id, genre_id`),
      rows<{ bookId: number; seriesId: number; position: string | null }>(db, sql`
        SELECT book_id AS "bookId", series_id AS "seriesId", position FROM book_series WHERE ${byBook}`),
      rows<CatalogueAwardEntry & { bookId: number }>(db, sql`
        SELECT book_id AS "bookId", award_id AS "awardId", category_id AS "categoryId", custom_category AS "customCategory",
               year, is_winner AS "isWinner", as_title AS "asTitle"
        FROM book_awards WHERE ${byBook} ORDER BY year DESC, award_id, category_id`),
      rows<CatalogueEdition & { bookId: number }>(db, sql`
        SELECT id, book_id AS "bookId", title, language_code AS "languageCode", language_name AS "languageName", translator,
               edition_type AS "editionType", format_type AS "formatType", binding_type AS "bindingType",
               publication_year AS "publicationYear", publisher, isbn, pages,
               is_primary_edition AS "isPrimaryEdition", is_original_language AS "isOriginalLanguage",
               price::float8 AS price, currency
        FROM editions WHERE ${byBook} ORDER BY book_id, is_primary_edition DESC, language_code, publication_year NULLS LAST, id`),
      rows<{ bookId: number; average: string; count: number }>(db, sql`
        SELECT book_id AS "bookId", round(avg(rating)::numeric, 1) AS average, count(*)::int AS count FROM ratings WHERE ${byBook} GROUP BY book_id`),
      rows<{ seriesId: number; authorId: number }>(db, sql`
        SELECT series_id AS "seriesId", author_id AS "authorId" FROM series_authors WHERE ${inSeries('series_id')} ORDER BY series_id, position`),
      rows<CatalogueAltTitle & { bookId: number }>(db, sql`
        SELECT book_id AS "bookId", title, kind FROM book_alt_titles WHERE ${byBook} ORDER BY book_id, position, title`),
    ]);

  const authorsByBook = group(bookAuthorRows, (r) => r.bookId);
  const genresByBook = group(bookGenreRows, (r) => r.bookId);
  const seriesByBook = group(bookSeriesRows, (r) => r.bookId);
  const awardsByBook = group(awardEntryRows, (r) => r.bookId);
  const editionsByBook = group(editionRows, (r) => r.bookId);
  const altTitlesByBook = group(altTitleRows, (r) => r.bookId);
  const ratingByBook = new Map(ratingRows.map((r) => [r.bookId, r]));

  const books: CatalogueBook[] = bookRows.map((b) => {
    const rating = ratingByBook.get(b.id);
    return {
      ...b,
      authorIds: (authorsByBook.get(b.id) ?? []).map((r) => r.authorId),
      genreIds: (genresByBook.get(b.id) ?? []).map((r) => r.genreId),
      series: (seriesByBook.get(b.id) ?? []).map((r) => ({ seriesId: r.seriesId, position: r.position === null ? null : Number(r.position) })),
      awards: (awardsByBook.get(b.id) ?? []).map(({ bookId: _bookId, ...entry }) => entry),
      altTitles: (altTitlesByBook.get(b.id) ?? []).map(({ bookId: _bookId, ...alt }) => alt),
      editions: (editionsByBook.get(b.id) ?? []).map(({ bookId: _bookId, ...edition }) => edition),
      rating: rating ? { average: Number(rating.average), count: rating.count } : { average: null, count: 0 },
    };
  });
  const bookById = new Map(books.map((b) => [b.id, b]));

  const booksByAuthor = group(bookAuthorRows, (r) => r.authorId);
  const authors: CatalogueAuthor[] = authorRows.map((a) => ({ ...a, bookIds: (booksByAuthor.get(a.id) ?? []).map((r) => r.bookId) }));

  const booksBySeries = group(bookSeriesRows, (r) => r.seriesId);
  const authorsBySeries = group(seriesAuthorRows, (r) => r.seriesId);
  const series: CatalogueSeries[] = seriesRows.map((s) => ({
    ...s,
    authorIds: (authorsBySeries.get(s.id) ?? []).map((r) => r.authorId),
    books: (booksBySeries.get(s.id) ?? [])
      .map((r) => ({ bookId: r.bookId, position: r.position === null ? null : Number(r.position) }))
      .sort(
        (a, b) =>
          (a.position ?? Number.POSITIVE_INFINITY) - (b.position ?? Number.POSITIVE_INFINITY) ||
          (bookById.get(a.bookId)?.publicationYear ?? 0) - (bookById.get(b.bookId)?.publicationYear ?? 0) ||
          a.bookId - b.bookId,
      ),
  }));

  const booksByGenre = group(bookGenreRows, (r) => r.genreId);
  const genres: CatalogueGenre[] = genreRows.map((g) => ({ ...g, bookCount: booksByGenre.get(g.id)?.length ?? 0 }));

  const categoriesByAward = group(categoryRows, (c) => c.awardId);
  const noAwardByAward = group(noAwardRows, (n) => n.awardId);
  const awards: CatalogueAward[] = awardRows.map((a) => ({
    ...a,
    categories: (categoriesByAward.get(a.id) ?? []).map(({ awardId: _awardId, ...c }) => c),
    noAwardYears: (noAwardByAward.get(a.id) ?? []).map(({ awardId: _awardId, ...n }) => n),
  }));

  return {
    books,
    authors,
    series,
    genres,
    awards,
    bookById,
    authorById: new Map(authors.map((a) => [a.id, a])),
    seriesById: new Map(series.map((s) => [s.id, s])),
    genreById: new Map(genres.map((g) => [g.id, g])),
    awardById: new Map(awards.map((a) => [a.id, a])),
  };
}

type Filter = (column: string) => ReturnType<typeof sql>;
const everything: Filter = () => sql`TRUE`;
const ALL = { books: everything, byBook: sql`TRUE`, authors: everything, series: everything };

/** The WHERE conditions of a scope: its books, and the authors and series it names or its books have. */
async function scopeFilters(db: Database, scope: SnapshotScope) {
  const bookIds = intArray(scope.bookIds);
  const [authorRows, seriesRows] = await Promise.all([
    rows<{ id: number }>(db, sql`SELECT author_id AS id FROM book_authors WHERE book_id = ANY(${bookIds}::int[])`),
    rows<{ id: number }>(db, sql`SELECT series_id AS id FROM book_series WHERE book_id = ANY(${bookIds}::int[])`),
  ]);
  const authorIds = intArray([...new Set([...(scope.authorIds ?? []), ...authorRows.map((r) => r.id)])]);
  const seriesIds = intArray([...new Set([...(scope.seriesIds ?? []), ...seriesRows.map((r) => r.id)])]);
  const within = (ids: string): Filter => (column) => sql`${sql.identifier(column)} = ANY(${ids}::int[])`;
  return { books: within(bookIds), byBook: within(bookIds)('book_id'), authors: within(authorIds), series: within(seriesIds) };
}

let snapshot: Promise<CatalogueSnapshot> | undefined;

/** The snapshot of this build process (read once, shared by every page's getStaticPaths). */
export function getCatalogueSnapshot(): Promise<CatalogueSnapshot> {
  snapshot ??= getDb().then(loadCatalogueSnapshot);
  return snapshot;
}
