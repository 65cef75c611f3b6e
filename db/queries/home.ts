/**
 * Data of the start page (spec §2 "/": featured books and authors, popular series, genre cards),
 * read once per locale at build time. One query per list, lists in parallel, no per-row queries:
 * related rows (authors of a book, a translated title) come from correlated subqueries in the same
 * statement.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { truncate, markdownToPlainText, stripLeadingHeading } from '../../src/domain/description.ts';
import { DEFAULT_LOCALE, type GenreCategory, type Locale, type SeriesKind, type SeriesStatus } from '../../src/domain/enums.ts';
import { getDb, type Database } from '../client.ts';
import { localizedTitleSql } from './book-title.ts';
import type { LocalizedText } from '../schema/localized.ts';
import {
  authors,
  awards,
  bookAuthors,
  bookAwards,
  bookGenres,
  books,
  bookSeries,
  genres,
  series,
  seriesAuthors,
} from '../schema/index.ts';

/** How many entries each list shows. */
export const HOME_LIMITS = { books: 8, authors: 8, series: 6 } as const;
/** Awards whose best-novel winners are featured (issue 2). */
export const FEATURED_AWARD_SLUGS = ['hugo', 'nebula'] as const;
/** Length of the synopsis teaser on a book card, including the '...'. */
export const EXCERPT_LENGTH = 180;
/** The genre cards of the start page, in this order (spec §2; 'default' is not a category of its own). */
export const HOME_GENRE_CATEGORIES = ['science_fiction', 'fantasy', 'horror', 'crossover'] as const satisfies readonly GenreCategory[];

export interface PersonRef {
  name: string;
  slug: string;
}

/** A localized text with the locale it is actually in (en when the page language is missing). */
export interface LocalizedValue {
  text: string;
  locale: Locale;
}

export interface FeaturedBook {
  /** The book's id: the pop-up asks the API by id (a slug may be all digits, like '334'). */
  id: number;
  slug: string;
  /** Title of an edition in the page language if one exists, else the original title. */
  title: string;
  originalTitle: string;
  /** Language of `title` (the page language for a translated title, else the original language). */
  titleLanguage: string | null;
  isTranslatedTitle: boolean;
  authors: PersonRef[];
  publicationYear: number | null;
  /** The book's most recent Hugo or Nebula win. */
  award: { name: string; year: number };
  excerpt: LocalizedValue | null;
  genreCategories: GenreCategory[];
}

export interface FeaturedAuthor extends PersonRef {
  /** An uploaded portrait (`/images/…`) or an external address; null shows the initial. */
  profileImageUrl: string | null;
  wins: number;
  nominations: number;
  birthYear: number | null;
  deathYear: number | null;
}

export interface PopularSeries {
  slug: string;
  name: string;
  imageUrl: string | null;
  kind: SeriesKind;
  status: SeriesStatus | null;
  bookCount: number;
  authors: PersonRef[];
}

export interface GenreCard {
  slug: string;
  /** Canonical (English) name, the value of `?genre=` (spec §2). */
  name: string;
  label: string;
  category: GenreCategory;
  imageUrl: string | null;
  bookCount: number;
  description: LocalizedValue | null;
}

export interface CatalogueStats {
  books: number;
  authors: number;
  series: number;
}

export interface HomePageData {
  featuredBooks: FeaturedBook[];
  featuredAuthors: FeaturedAuthor[];
  popularSeries: PopularSeries[];
  genres: GenreCard[];
  stats: CatalogueStats;
}

/** The text in `locale`, else in en (DESIGN.md §6), with the locale it came from; null when empty. */
export function pickLocalized(text: LocalizedText | null | undefined, locale: Locale): LocalizedValue | null {
  const own = text?.[locale]?.trim();
  if (own) return { text: own, locale };
  const fallback = text?.[DEFAULT_LOCALE]?.trim();
  return fallback ? { text: fallback, locale: DEFAULT_LOCALE } : null;
}

/** One-line teaser of a markdown synopsis, in the language the synopsis is in. */
export function excerptOf(description: LocalizedText | null | undefined, locale: Locale, max = EXCERPT_LENGTH): LocalizedValue | null {
  const picked = pickLocalized(description, locale);
  if (!picked) return null;
  const plain = markdownToPlainText(stripLeadingHeading(picked.text));
  return plain ? { text: truncate(plain, max), locale: picked.locale } : null;
}

/** JSON array of {name, slug} of a book's authors in credit order (correlated subquery). */
const bookAuthorsJson = sql<PersonRef[]>`coalesce((
  select json_agg(json_build_object('name', ${authors.name}, 'slug', ${authors.slug}) order by ${bookAuthors.position}, ${authors.sortName})
  from ${bookAuthors} join ${authors} on ${authors.id} = ${bookAuthors.authorId}
  where ${bookAuthors.bookId} = ${books.id}
), '[]'::json)`;

async function loadFeaturedBooks(db: Database, locale: Locale): Promise<FeaturedBook[]> {
  const wins = db.$with('wins').as(
    db
      .select({
        bookId: bookAwards.bookId,
        year: sql<number>`max(${bookAwards.year})`.as('win_year'),
        // The award of the most recent win; the id breaks a tie between Hugo and Nebula of one year.
        awardNames: sql<LocalizedText>`(array_agg(${awards.names} order by ${bookAwards.year} desc, ${awards.id}))[1]`.as(
          'award_names',
        ),
        awardName: sql<string>`(array_agg(${awards.name} order by ${bookAwards.year} desc, ${awards.id}))[1]`.as('award_name'),
      })
      .from(bookAwards)
      .innerJoin(awards, eq(awards.id, bookAwards.awardId))
      .where(and(eq(bookAwards.isWinner, true), inArray(awards.slug, [...FEATURED_AWARD_SLUGS])))
      .groupBy(bookAwards.bookId),
  );

  const hasDescription = sql<boolean>`${books.description} <> '{}'::jsonb`;
  const rows = await db
    .with(wins)
    .select({
      id: books.id,
      slug: books.slug,
      originalTitle: books.originalTitle,
      originalLanguage: books.originalLanguage,
      publicationYear: books.publicationYear,
      description: books.description,
      winYear: wins.year,
      awardNames: wins.awardNames,
      awardName: wins.awardName,
      // The one title rule (issue 29 point 6: the reader's language, then English, then the original).
      title: localizedTitleSql({ id: books.id, originalTitle: books.originalTitle, originalLanguage: books.originalLanguage }, locale),
      titleInLocale: sql<boolean>`translated_book_title(${books.id}, ${books.originalTitle}, ${books.originalLanguage}, ${locale}::text) IS NOT NULL`,
      authors: bookAuthorsJson,
      genreCategories: sql<GenreCategory[]>`coalesce((
        select json_agg(${genres.category} order by ${genres.category})
        from ${bookGenres} join ${genres} on ${genres.id} = ${bookGenres.genreId}
        where ${bookGenres.bookId} = ${books.id}
      ), '[]'::json)`,
    })
    .from(wins)
    .innerJoin(books, eq(books.id, wins.bookId))
    // A card needs a synopsis to be worth featuring: books with one first, then the newest wins.
    .orderBy(desc(hasDescription), desc(wins.year), asc(books.id))
    .limit(HOME_LIMITS.books);

  return rows.map((row) => {
    const isTranslatedTitle = row.title !== row.originalTitle;
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      originalTitle: row.originalTitle,
      titleLanguage: isTranslatedTitle ? (row.titleInLocale ? locale : DEFAULT_LOCALE) : row.originalLanguage,
      isTranslatedTitle,
      authors: row.authors,
      publicationYear: row.publicationYear,
      award: { name: pickLocalized(row.awardNames, locale)?.text ?? row.awardName, year: Number(row.winYear) },
      excerpt: excerptOf(row.description, locale),
      genreCategories: row.genreCategories,
    };
  });
}

async function loadFeaturedAuthors(db: Database): Promise<FeaturedAuthor[]> {
  const wins = sql<number>`count(*) filter (where ${bookAwards.isWinner})::int`;
  const nominations = sql<number>`count(*) filter (where not ${bookAwards.isWinner})::int`;
  return db
    .select({
      slug: authors.slug,
      name: authors.name,
      profileImageUrl: authors.profileImageUrl,
      birthYear: authors.birthYear,
      deathYear: authors.deathYear,
      wins,
      nominations,
    })
    .from(authors)
    .innerJoin(bookAuthors, eq(bookAuthors.authorId, authors.id))
    .innerJoin(bookAwards, eq(bookAwards.bookId, bookAuthors.bookId))
    .groupBy(authors.id)
    .orderBy(desc(wins), desc(nominations), asc(authors.sortName))
    .limit(HOME_LIMITS.authors);
}

async function loadPopularSeries(db: Database): Promise<PopularSeries[]> {
  const bookCount = sql<number>`count(${bookSeries.bookId})::int`;
  return db
    .select({
      slug: series.slug,
      name: series.name,
      imageUrl: series.imageUrl,
      kind: series.kind,
      status: series.status,
      bookCount,
      authors: sql<PersonRef[]>`coalesce((
        select json_agg(json_build_object('name', ${authors.name}, 'slug', ${authors.slug}) order by ${seriesAuthors.position}, ${authors.sortName})
        from ${seriesAuthors} join ${authors} on ${authors.id} = ${seriesAuthors.authorId}
        where ${seriesAuthors.seriesId} = ${series.id}
      ), '[]'::json)`,
    })
    .from(series)
    .innerJoin(bookSeries, eq(bookSeries.seriesId, series.id))
    .groupBy(series.id)
    .orderBy(desc(bookCount), asc(series.name))
    .limit(HOME_LIMITS.series);
}

async function loadGenreCards(db: Database, locale: Locale): Promise<GenreCard[]> {
  const rows = await db
    .select({
      slug: genres.slug,
      name: genres.name,
      names: genres.names,
      category: genres.category,
      imageUrl: genres.imageUrl,
      description: genres.description,
      bookCount: sql<number>`count(${bookGenres.bookId})::int`,
    })
    .from(genres)
    .leftJoin(bookGenres, eq(bookGenres.genreId, genres.id))
    .where(inArray(genres.category, [...HOME_GENRE_CATEGORIES]))
    .groupBy(genres.id)
    // Postgres sorts an enum by declaration order: science_fiction, fantasy, horror, crossover.
    .orderBy(asc(genres.category), asc(genres.name));

  return rows.map((row) => ({
    slug: row.slug,
    name: row.name,
    label: pickLocalized(row.names, locale)?.text ?? row.name,
    category: row.category,
    imageUrl: row.imageUrl,
    bookCount: row.bookCount,
    description: pickLocalized(row.description, locale),
  }));
}

async function loadStats(db: Database): Promise<CatalogueStats> {
  const [row] = await db
    .select({
      books: sql<number>`count(*)::int`,
      authors: sql<number>`(select count(*)::int from ${authors})`,
      series: sql<number>`(select count(*)::int from ${series})`,
    })
    .from(books);
  return { books: row?.books ?? 0, authors: row?.authors ?? 0, series: row?.series ?? 0 };
}

/**
 * Everything the start page shows, for one interface language.
 * @example const { featuredBooks } = await getHomePageData('de');
 */
export async function getHomePageData(locale: Locale, db?: Database): Promise<HomePageData> {
  const database = db ?? (await getDb());
  const [featuredBooks, featuredAuthors, popularSeries, genreCards, stats] = await Promise.all([
    loadFeaturedBooks(database, locale),
    loadFeaturedAuthors(database),
    loadPopularSeries(database),
    loadGenreCards(database, locale),
    loadStats(database),
  ]);
  return { featuredBooks, featuredAuthors, popularSeries, genres: genreCards, stats };
}
