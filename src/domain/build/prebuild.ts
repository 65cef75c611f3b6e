/**
 * Which entity pages the build writes as files (issue 28 point 1, ADR 0037). Lists, awards and the
 * start page are always prebuilt; of the books, authors and series only the most popular N of each
 * (`PREBUILD_TOP`). Every other entity page is rendered on its first request and kept at the edge.
 * Pure: the snapshot and the environment are passed in.
 */

/** Entity pages of each kind a build writes when PREBUILD_TOP is not set. */
export const DEFAULT_PREBUILD_TOP = 200;

/**
 * `PREBUILD_TOP`: a whole number of pages per kind (0: none; `all`: every one), else the default.
 * @example prebuildTop({ PREBUILD_TOP: '50' }) // 50
 * @example prebuildTop({ PREBUILD_TOP: 'all' }) // Infinity
 */
export function prebuildTop(env: Readonly<Record<string, string | undefined>>): number {
  const value = env.PREBUILD_TOP?.trim();
  if (!value) return DEFAULT_PREBUILD_TOP;
  if (value === 'all') return Number.POSITIVE_INFINITY;
  if (!/^\d+$/.test(value)) throw new Error(`PREBUILD_TOP must be a whole number or "all", not "${value}"`);
  return Number(value);
}

interface PopularBook {
  id: number;
  rating: { count: number };
  awards: readonly { isWinner: boolean }[];
}

/**
 * A book's popularity: its readers' ratings first, then its award wins and nominations. Readers and
 * prizes both send visitors to a page; a rating is the commoner and more recent signal.
 */
const popularity = (book: PopularBook) => book.rating.count * 100 + book.awards.filter((a) => a.isWinner).length * 10 + book.awards.length;

/** The ids of the `top` most popular records of each kind: books by their own popularity, authors and series by their books'. */
export function prebuiltIds(
  catalogue: {
    books: readonly PopularBook[];
    authors: readonly { id: number; bookIds: readonly number[] }[];
    series: readonly { id: number; books: readonly { bookId: number }[] }[];
  },
  top: number,
): { books: Set<number>; authors: Set<number>; series: Set<number> } {
  const score = new Map(catalogue.books.map((b) => [b.id, popularity(b)]));
  const pick = <T extends { id: number }>(records: readonly T[], scoreOf: (record: T) => number) =>
    new Set(
      records
        .map((record) => ({ id: record.id, score: scoreOf(record) }))
        .sort((a, b) => b.score - a.score || a.id - b.id)
        .slice(0, Number.isFinite(top) ? top : undefined)
        .map((r) => r.id),
    );
  const sum = (ids: readonly number[]) => ids.reduce((total, id) => total + (score.get(id) ?? 0), 0);
  return {
    books: pick(catalogue.books, (b) => score.get(b.id) ?? 0),
    authors: pick(catalogue.authors, (a) => sum(a.bookIds)),
    series: pick(catalogue.series, (s) => sum(s.books.map((b) => b.bookId))),
  };
}

