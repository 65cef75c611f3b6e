/**
 * What the catalogue's feeds list (issue 16 point 3; docs/decisions/0016-feeds-and-goodreads-export.md):
 * where each feed lives, which books are "new", which award entries are news, and their stable ids.
 * Pure; the build (src/lib/feeds.server.ts) applies these to the catalogue snapshot.
 */
import type { FeedFormat } from './feeds.ts';

/** Items of the new-books feed and of a series feed. */
export const NEW_BOOKS_LIMIT = 50;
/** Award feeds carry whole years, newest first, as many as fit in this many entries (at least one year). */
export const AWARD_ENTRIES_LIMIT = 100;

/** The three feeds, each per language and format. */
export type FeedRef = { kind: 'new-books' } | { kind: 'award'; slug: string } | { kind: 'series'; slug: string };

/**
 * A feed's path without the locale prefix.
 * @example feedPath({ kind: 'award', slug: 'hugo' }, 'atom') // '/feeds/awards/hugo.atom'
 */
export function feedPath(feed: FeedRef, format: FeedFormat): string {
  switch (feed.kind) {
    case 'new-books':
      return `/feeds/new-books.${format}`;
    case 'award':
      return `/feeds/awards/${feed.slug}.${format}`;
    case 'series':
      return `/feeds/series/${feed.slug}.${format}`;
  }
}

/** The file name of a feed in its folder (an endpoint's path parameter): 'hugo.rss'. */
export const feedFileName = (slug: string, format: FeedFormat) => `${slug}.${format}`;

export interface DatedBook {
  id: number;
  /** When the book entered the catalogue (RFC 3339). */
  createdAt: string;
  publicationYear: number | null;
}

/**
 * "New books": the ones added to the catalogue last. Books that arrived together (the seed
 * import writes them in one statement) are ordered by publication year, newest first, then by id,
 * so the order is the same in every build.
 */
export function compareNewestBooks(a: DatedBook, b: DatedBook): number {
  return b.createdAt.localeCompare(a.createdAt) || (b.publicationYear ?? -Infinity) - (a.publicationYear ?? -Infinity) || b.id - a.id;
}

/**
 * The newest `limit` books, newest first (compareNewestBooks).
 * @example newestBooks(snapshot.books, 50)
 */
export function newestBooks<T extends DatedBook>(books: readonly T[], limit = NEW_BOOKS_LIMIT): T[] {
  return [...books].sort(compareNewestBooks).slice(0, limit);
}

/**
 * The entries of an award's newest years, whole years only, while they fit in `limit` (the newest
 * year always, however long). Input in any order; output newest year first, in input order within a year.
 */
export function latestAwardYears<T extends { year: number }>(entries: readonly T[], limit = AWARD_ENTRIES_LIMIT): T[] {
  const years = [...new Set(entries.map((e) => e.year))].sort((a, b) => b - a);
  const out: T[] = [];
  for (const year of years) {
    const ofYear = entries.filter((e) => e.year === year);
    if (out.length > 0 && out.length + ofYear.length > limit) break;
    out.push(...ofYear);
  }
  return out;
}

/**
 * The date of an award entry: the data knows only the year presented, so 1 January of that year
 * (UTC). Stable from build to build, and in the order of the years.
 */
export const awardEntryDate = (year: number) => new Date(Date.UTC(year, 0, 1));

/**
 * The id of an award entry: its category page and the entry's year, book and standing. A finalist
 * that later wins becomes a new item (the win is news), and no two entries share an id.
 * @example awardEntryId('https://x.example/en/awards/hugo/best-novel', 1966, 'dune', true) // 'https://x.example/en/awards/hugo/best-novel#1966-dune-winner'
 */
export function awardEntryId(categoryUrl: string, year: number, bookSlug: string, isWinner: boolean): string {
  return `${categoryUrl}#${year}-${bookSlug}-${isWinner ? 'winner' : 'finalist'}`;
}
