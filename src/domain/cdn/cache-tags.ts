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
