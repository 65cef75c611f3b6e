/** Search input rules (issue 5; spec §5, §9): what counts as a query, and how long it may be. */

export const SEARCH_MAX_LENGTH = 200;
/** Typos are tolerated from this many characters on (shorter queries match exactly or by prefix). */
export const FUZZY_MIN_LENGTH = 4;
/** Result caps per type (spec §7). */
export const SEARCH_CAPS = { books: 12, authors: 8, series: 6, genres: 6, awards: 6 } as const;
export type SearchKind = keyof typeof SEARCH_CAPS;
/**
 * The results page asks for more than the typeahead's caps: up to this many per type (`?limit=`).
 * Equal to the list pages' maximum page size, so one validation message serves both (tested). Not
 * imported from schemas/lists.ts: this module ships to the browser, and that one brings zod.
 */
export const SEARCH_MAX_LIMIT = 60;
/** The result types in the order the dropdown and the results page show them. */
export const SEARCH_KINDS = Object.keys(SEARCH_CAPS) as readonly SearchKind[];

/**
 * Trims, drops control characters and collapses inner white space; null for an empty query
 * (an empty or whitespace-only search does nothing: it is no error).
 * @example normalizeSearchQuery('  Der   Wüstenplanet ') // 'Der Wüstenplanet'
 */
export function normalizeSearchQuery(raw: string): string | null {
  // eslint-disable-next-line no-control-regex
  const cleaned = raw.normalize('NFC').replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
  return cleaned === '' ? null : cleaned;
}

/**
 * Whether a query can match a name at all: it needs a letter or a digit. Queries of punctuation or
 * emoji alone ("____", "--';") find nothing, and asking the database would only cost a slow
 * trigram scan (issue 10: ~450 ms each), so they are answered without it.
 * @example isSearchable('--\';') // false
 */
export function isSearchable(query: string): boolean {
  return /[\p{L}\p{N}]/u.test(query);
}

/** Escapes LIKE wildcards so a user's % or _ match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
