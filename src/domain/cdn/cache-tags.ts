/**
 * The names under which the CDN keeps public answers (issue 28 point 2; ADR 0032), so a write purges
 * exactly what showed what it changed. Pure.
 */

/** Every public answer built from the whole catalogue (lists, searches, the read API): purged by every catalogue write. */
export const CATALOGUE_TAG = 'catalogue';
/** The same answers as far as readers' ratings and reviews order or count them: purged by every such write. */
export const POPULARITY_TAG = 'popularity';
/** The `Netlify-Cache-Tag` of an answer built from the whole catalogue and its counters. */
export const CATALOGUE_ANSWER_TAGS = `${CATALOGUE_TAG},${POPULARITY_TAG}`;

/** Every on-demand entity page (ADR 0037): purged by the rare writes that change many pages at once (an award's entries, an account's ratings going). */
export const ENTITY_PAGES_TAG = 'entity-pages';

/** The kinds of record a page or answer names by tag. */
export const CACHE_TAG_KINDS = ['book', 'author', 'series', 'genre', 'award'] as const;
export type CacheTagKind = (typeof CACHE_TAG_KINDS)[number];

/**
 * The tag of one record.
 * @example cacheTag('book', 123) // 'book-123'
 */
export const cacheTag = (kind: CacheTagKind, id: number): string => `${kind}-${id}`;

/**
 * The `Netlify-Cache-Tag` value of an answer that shows these records, without repeats.
 * @example cacheTagHeader([cacheTag('book', 1), cacheTag('author', 2), cacheTag('book', 1)]) // 'book-1,author-2'
 */
export const cacheTagHeader = (tags: readonly string[]): string => [...new Set(tags)].join(',');

/** How long the edge keeps an on-demand page (ADR 0037): a week, since every write that changes it purges it; then a day served stale while one request renders it again. */
export const PAGE_CDN_SECONDS = { maxAge: 7 * 24 * 3600, swr: 24 * 3600 } as const;

/**
 * The tags of an on-demand page: every book, author and series it was rendered from (a scoped
 * snapshot holds exactly those), and the genres and awards its books name. A write purges the tag of
 * what it changed, so every page that shows it goes.
 * @example pageCacheTags({ books: [{ id: 1, genreIds: [3], awards: [{ awardId: 4 }] }], authors: [{ id: 2 }], series: [] }) // ['entity-pages', 'book-1', 'author-2', 'genre-3', 'award-4']
 */
export function pageCacheTags(shown: {
  books: readonly { id: number; genreIds: readonly number[]; awards: readonly { awardId: number }[] }[];
  authors: readonly { id: number }[];
  series: readonly { id: number }[];
}): string[] {
  const tags = [
    ENTITY_PAGES_TAG,
    ...shown.books.map((b) => cacheTag('book', b.id)),
    ...shown.authors.map((a) => cacheTag('author', a.id)),
    ...shown.series.map((s) => cacheTag('series', s.id)),
    ...shown.books.flatMap((b) => b.genreIds.map((id) => cacheTag('genre', id))),
    ...shown.books.flatMap((b) => b.awards.map((a) => cacheTag('award', a.awardId))),
  ];
  return [...new Set(tags)];
}
