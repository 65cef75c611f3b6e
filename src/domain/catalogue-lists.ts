/**
 * The list pages' answers (GET /api/books, /api/authors, /api/series; issue 3 filters and sorts) from
 * the function instance's in-memory copy of the catalogue (issue 10: reads under load; ADR 0021). The
 * SQL of db/queries/lists.ts stays the reference: tests/integration/catalogue-lists.test.ts compares
 * both answers as JSON text for every sort, filter, language and a spread of offsets.
 *
 * What PostgreSQL decides is computed by PostgreSQL at load (db/queries/catalogue-lists-snapshot.ts), never
 * re-implemented here: titles and their alphabet ranks (book_titles), name ranks under the ICU
 * collation of each language, averages rounded by `round(numeric, 1)`, the order of averages as
 * numeric division compares them, which averages reach each minimum rating, `lower()` of genre names.
 * Each sort order is computed once per copy (and once per rating change for the rating sorts), so a
 * request is a scan of one precomputed order with its filter, and a slice.
 *
 * A query the copy cannot answer exactly answers null, and the caller asks PostgreSQL: the reading-list
 * filter (personal), and a genre filter with a character outside printable ASCII (PostgreSQL's lower()
 * and JavaScript's toLowerCase differ beyond it: 'İ', a final 'Σ').
 */
import { LOCALES, type Locale } from './enums.ts';
import {
  SERIES_SIZE_BOUNDS,
  type AuthorCard,
  type AuthorListQuery,
  type BookCard,
  type BookListQuery,
  type BookSort,
  type Page,
  type PeopleSort,
  type SeriesCard,
  type SeriesListQuery,
} from './schemas/lists.ts';

export interface ListPersonRef {
  slug: string;
  name: string;
}

/** A book as its card shows it, apart from its title, genres and rating. */
export interface ListBook {
  id: number;
  slug: string;
  originalTitle: string;
  year: number | null;
  coverImage: string | null;
  authors: ListPersonRef[];
}

/** A book's title in one language (book_titles) and its rank in that language's alphabet; absent when book_titles has no row. */
export type ListTitles = Partial<Record<Locale, { title: string; rank: number }>>;

export interface ListGenre {
  id: number;
  slug: string;
  /** PostgreSQL's lower(name): the genre filter matches it or the slug. */
  lowerName: string;
  category: string;
  /** coalesce(names->>locale, name) per language. */
  names: Record<Locale, string>;
}

export interface ListAuthor {
  id: number;
  slug: string;
  name: string;
  profileImageUrl: string | null;
  birthYear: number | null;
  deathYear: number | null;
  bookCount: number;
  /** dense_rank of sort_name under each language's ICU collation (equal names, equal rank). */
  ranks: Record<Locale, number>;
}

export interface ListSeries {
  id: number;
  slug: string;
  name: string;
  imageUrl: string | null;
  kind: SeriesCard['kind'];
  status: SeriesCard['status'];
  bookCount: number;
  authors: ListPersonRef[];
  /** dense_rank of the name under each language's ICU collation. */
  ranks: Record<Locale, number>;
}

/** One rated book, author or series, as PostgreSQL computes it from the counters. */
export interface ListRating {
  id: number;
  count: number;
  /** round(average::numeric, 1)::float8. */
  average: number;
  /** dense_rank of the unrounded numeric average, highest first (1). */
  averageRank: number;
  /** The greatest m in 1..5 with average >= m (0 when none): the minimum ratings it passes. */
  atLeast: number;
}

export interface ListRatings {
  books: ListRating[];
  authors: ListRating[];
  series: ListRating[];
}

export interface ListsSnapshot {
  /** Books in id order, with their titles and the ids of their genres (ascending). */
  books: (ListBook & { titles: ListTitles; genreIds: number[] })[];
  genres: ListGenre[];
  authors: ListAuthor[];
  series: ListSeries[];
  ratings: ListRatings;
  /** PostgreSQL's lower() of the printable ASCII characters (' ' to '~'), to check it is the plain one. */
  asciiLower: string;
}

const PRINTABLE_ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
const ONLY_PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const NO_YEAR = -2_147_483_648;

type Compare = (a: number, b: number) => number;

function sorted(members: readonly number[], compare: Compare): Int32Array {
  return Int32Array.from([...members].sort(compare));
}

function byLocale<T>(make: (locale: Locale) => T): Record<Locale, T> {
  return Object.fromEntries(LOCALES.map((l) => [l, make(l)])) as Record<Locale, T>;
}

/**
 * Rating columns of one list, by position: count (0 unrated), rounded average (NaN unrated),
 * the average's rank (unrated last) and the minimum ratings passed.
 */
class Ratings {
  readonly count: Int32Array;
  readonly average: Float64Array;
  readonly averageRank: Int32Array;
  readonly atLeast: Uint8Array;

  constructor(size: number, position: ReadonlyMap<number, number>, rows: readonly ListRating[]) {
    this.count = new Int32Array(size);
    this.average = new Float64Array(size).fill(Number.NaN);
    this.averageRank = new Int32Array(size).fill(2_147_483_647);
    this.atLeast = new Uint8Array(size);
    for (const r of rows) {
      const i = position.get(r.id);
      if (i === undefined) continue;
      this.count[i] = r.count;
      this.average[i] = r.average;
      this.averageRank[i] = r.averageRank;
      this.atLeast[i] = r.atLeast;
    }
  }

  /** `average DESC NULLS LAST, count DESC` (the SQL's rating sort before its name tie-break). */
  compare(a: number, b: number): number {
    return this.averageRank[a]! - this.averageRank[b]! || this.count[b]! - this.count[a]!;
  }

  /** The card's rating: `{ average, count }`, average null when unrated. */
  of(i: number): { average: number | null; count: number } {
    const average = this.average[i]!;
    return { average: Number.isNaN(average) ? null : average, count: this.count[i]! };
  }
}

/**
 * One page of `order` (positions) filtered by `accept`, with the SQL's total: the number matching,
 * or 0 when the page is empty (the SQL reads the total from the page's first row).
 */
function pageOf<T>(order: Int32Array, accept: ((i: number) => boolean) | null, offset: number, limit: number, card: (i: number) => T): Page<T> {
  const items: T[] = [];
  let total: number;
  if (!accept) {
    for (let k = offset; k < order.length && items.length < limit; k++) items.push(card(order[k]!));
    total = order.length;
  } else {
    total = 0;
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      if (!accept(i)) continue;
      if (total >= offset && items.length < limit) items.push(card(i));
      total++;
    }
  }
  return { items, total: items.length > 0 ? total : 0, offset, limit };
}

/**
 * The three lists over one snapshot. `withRatings` swaps in new rating counters (a rating or an
 * author review) and re-sorts only the rating orders.
 * @example new CatalogueLists(snapshot).books({ sort: 'newest', offset: 0, limit: 24 }, 'de')
 */
export class CatalogueLists {
  private readonly bookRows: ListBook[];
  private readonly titles: Record<Locale, (string | undefined)[]>;
  /** Rank of the title in its language; -1 when the book has no title there (the SQL's inner join leaves it out). */
  private readonly titleRanks: Record<Locale, Int32Array>;
  private readonly years: Int32Array;
  /** Genres of book i: genreIndex[genreStart[i] .. genreStart[i+1]) (positions in `genres`, ascending id). */
  private readonly genreStart: Int32Array;
  private readonly genreIndex: Int32Array;
  private readonly genres: ListGenre[];
  private readonly genreCards: Record<Locale, { slug: string; name: string; category: string }[]>;
  private readonly plainAsciiLower: boolean;
  private readonly authorRows: ListAuthor[];
  private readonly seriesRows: ListSeries[];
  private readonly authorRanks: Record<Locale, Int32Array>;
  private readonly seriesRanks: Record<Locale, Int32Array>;
  private readonly position: { books: Map<number, number>; authors: Map<number, number>; series: Map<number, number> };

  private bookOrders!: Record<Locale, Record<BookSort, Int32Array>>;
  private authorOrders!: Record<Locale, Record<PeopleSort, Int32Array>>;
  private seriesOrders!: Record<Locale, Record<PeopleSort, Int32Array>>;
  private bookRatings!: Ratings;
  private authorRatings!: Ratings;
  private seriesRatings!: Ratings;

  constructor(snapshot: ListsSnapshot) {
    const books = snapshot.books;
    this.bookRows = books.map(({ id, slug, originalTitle, year, coverImage, authors }) => ({ id, slug, originalTitle, year, coverImage, authors }));
    this.titles = byLocale((l) => books.map((b) => b.titles[l]?.title));
    this.titleRanks = byLocale((l) => Int32Array.from(books, (b) => b.titles[l]?.rank ?? -1));
    this.years = Int32Array.from(books, (b) => b.year ?? NO_YEAR);
    this.genres = snapshot.genres;
    const genrePosition = new Map(snapshot.genres.map((g, i) => [g.id, i]));
    this.genreStart = new Int32Array(books.length + 1);
    const genreIndex: number[] = [];
    books.forEach((b, i) => {
      for (const id of b.genreIds) {
        const g = genrePosition.get(id);
        if (g !== undefined) genreIndex.push(g);
      }
      this.genreStart[i + 1] = genreIndex.length;
    });
    this.genreIndex = Int32Array.from(genreIndex);
    this.genreCards = byLocale((l) => snapshot.genres.map((g) => ({ slug: g.slug, name: g.names[l], category: g.category })));
    this.plainAsciiLower = snapshot.asciiLower === PRINTABLE_ASCII.toLowerCase();
    this.authorRows = snapshot.authors;
    this.seriesRows = snapshot.series;
    this.authorRanks = byLocale((l) => Int32Array.from(snapshot.authors, (a) => a.ranks[l]));
    this.seriesRanks = byLocale((l) => Int32Array.from(snapshot.series, (s) => s.ranks[l]));
    this.position = {
      books: new Map(books.map((b, i) => [b.id, i])),
      authors: new Map(snapshot.authors.map((a, i) => [a.id, i])),
      series: new Map(snapshot.series.map((s, i) => [s.id, i])),
    };
    this.withRatings(snapshot.ratings);
  }

  /** New rating counters (book_popularity, author_reviews): re-sorts the rating orders only. */
  withRatings(ratings: ListRatings): void {
    this.bookRatings = new Ratings(this.bookRows.length, this.position.books, ratings.books);
    this.authorRatings = new Ratings(this.authorRows.length, this.position.authors, ratings.authors);
    this.seriesRatings = new Ratings(this.seriesRows.length, this.position.series, ratings.series);
    const previous = this.bookOrders as typeof this.bookOrders | undefined;
    this.bookOrders = byLocale((l) => {
      const rank = this.titleRanks[l];
      const byTitle: Compare = (a, b) => rank[a]! - rank[b]! || this.bookRows[a]!.id - this.bookRows[b]!.id;
      const listed = previous?.[l].title_asc ?? sorted([...rank.keys()].filter((i) => rank[i]! >= 0), byTitle);
      const years = this.years;
      // publication_year DESC/ASC NULLS LAST, then title rank and id.
      const yearFirst = (dir: 1 | -1): Compare => (a, b) =>
        (years[a] === NO_YEAR ? 1 : 0) - (years[b] === NO_YEAR ? 1 : 0) || dir * (years[a]! - years[b]!) || byTitle(a, b);
      const members = [...listed];
      return {
        newest: previous?.[l].newest ?? sorted(members, yearFirst(-1)),
        oldest: previous?.[l].oldest ?? sorted(members, yearFirst(1)),
        title_asc: listed,
        title_desc: previous?.[l].title_desc ?? sorted(members, (a, b) => rank[b]! - rank[a]! || this.bookRows[a]!.id - this.bookRows[b]!.id),
        rating: sorted(members, (a, b) => this.bookRatings.compare(a, b) || byTitle(a, b)),
      };
    });
    this.authorOrders = this.peopleOrders(this.authorRows, this.authorRanks, this.authorRatings, this.authorOrders as typeof this.authorOrders | undefined);
    this.seriesOrders = this.peopleOrders(this.seriesRows, this.seriesRanks, this.seriesRatings, this.seriesOrders as typeof this.seriesOrders | undefined);
  }

  /** The SQL's PEOPLE_ORDER: name (rank, then id, also descending), rating, book count; ties by name and id. */
  private peopleOrders(rows: readonly { id: number; bookCount: number }[], ranks: Record<Locale, Int32Array>, ratings: Ratings, previous?: Record<Locale, Record<PeopleSort, Int32Array>>) {
    const all = [...rows.keys()];
    return byLocale((l) => {
      const rank = ranks[l];
      const byName: Compare = (a, b) => rank[a]! - rank[b]! || rows[a]!.id - rows[b]!.id;
      return {
        name_asc: previous?.[l].name_asc ?? sorted(all, byName),
        name_desc: previous?.[l].name_desc ?? sorted(all, (a, b) => rank[b]! - rank[a]! || rows[a]!.id - rows[b]!.id),
        rating: sorted(all, (a, b) => ratings.compare(a, b) || byName(a, b)),
        books: previous?.[l].books ?? sorted(all, (a, b) => rows[b]!.bookCount - rows[a]!.bookCount || byName(a, b)),
      };
    });
  }

  /** PostgreSQL's lower() of a genre filter, when it is known to be JavaScript's (printable ASCII). */
  private lower(text: string): string | null {
    return this.plainAsciiLower && ONLY_PRINTABLE_ASCII.test(text) ? text.toLowerCase() : null;
  }

  /** One page of the book list, or null when PostgreSQL must answer (the reading-list filter; a non-ASCII genre). */
  books(query: BookListQuery, locale: Locale): Page<BookCard> | null {
    if (query.list) return null;
    const accepts: ((i: number) => boolean)[] = [];
    if (query.genre !== undefined) {
      const wanted = this.lower(query.genre);
      if (wanted === null) return null;
      const matching = new Uint8Array(this.genres.length);
      this.genres.forEach((g, i) => (matching[i] = g.lowerName === wanted || g.slug === wanted ? 1 : 0));
      const { genreStart, genreIndex } = this;
      accepts.push((i) => {
        for (let k = genreStart[i]!; k < genreStart[i + 1]!; k++) if (matching[genreIndex[k]!]) return true;
        return false;
      });
    }
    if (query.minRating !== undefined) {
      const min = query.minRating;
      const atLeast = this.bookRatings.atLeast;
      accepts.push((i) => atLeast[i]! >= min);
    }
    const accept = accepts.length === 0 ? null : accepts.length === 1 ? accepts[0]! : (i: number) => accepts.every((a) => a(i));
    const titles = this.titles[locale];
    const genreCards = this.genreCards[locale];
    return pageOf(this.bookOrders[locale][query.sort], accept, query.offset, query.limit, (i) => {
      const b = this.bookRows[i]!;
      const genres = [];
      for (let k = this.genreStart[i]!; k < this.genreStart[i + 1]!; k++) genres.push(genreCards[this.genreIndex[k]!]!);
      // Keys in the SQL's column order: the answers are compared as JSON text.
      return { id: b.id, slug: b.slug, title: titles[i]!, originalTitle: b.originalTitle, year: b.year, coverImage: b.coverImage, rating: this.bookRatings.of(i), authors: b.authors, genres };
    });
  }

  /** One page of the author list. */
  authors(query: AuthorListQuery, locale: Locale): Page<AuthorCard> {
    return pageOf(this.authorOrders[locale][query.sort], null, query.offset, query.limit, (i) => {
      const a = this.authorRows[i]!;
      return { id: a.id, slug: a.slug, name: a.name, profileImageUrl: a.profileImageUrl, birthYear: a.birthYear, deathYear: a.deathYear, bookCount: a.bookCount, rating: this.authorRatings.of(i) };
    });
  }

  /** One page of the series list (kind tab, book-count range). */
  series(query: SeriesListQuery, locale: Locale): Page<SeriesCard> {
    const [min, max] = query.size ? SERIES_SIZE_BOUNDS[query.size] : [0, 1_000_000];
    const rows = this.seriesRows;
    const accept = query.kind || query.size ? (i: number) => (!query.kind || rows[i]!.kind === query.kind) && rows[i]!.bookCount >= min && rows[i]!.bookCount <= max : null;
    return pageOf(this.seriesOrders[locale][query.sort], accept, query.offset, query.limit, (i) => {
      const s = rows[i]!;
      return { id: s.id, slug: s.slug, name: s.name, imageUrl: s.imageUrl, kind: s.kind, status: s.status, bookCount: s.bookCount, rating: this.seriesRatings.of(i), authors: s.authors };
    });
  }
}
