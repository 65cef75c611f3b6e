/**
 * What the typeahead ranks above what (issue 29 point 10: "Dune" suggested Uprooted and A Scanner
 * Darkly, "Lem" no book by Lem, "Drache" Der Tausendjahresplan). One rule for both search paths, the
 * in-memory index (search-index.ts) and the SQL (db/queries/search.ts):
 * - tiers, best first: the name is the query, starts with it, has a word starting with it, contains
 *   it, or is only similar to it (trigram word similarity, the typo tier);
 * - a book is also found by its authors' and its series' names: a word of the name starting with the
 *   query ranks the book with the titles that have such a word (`NAME_MATCH_TIER`);
 * - the typo tier never pads a list that already has `FUZZY_GATE` better matches, and a similar name
 *   is kept only when it is close: every word of the query is a word of the name (the last one may be
 *   the start of a word) within a few edits (`allowedEdits`). Trigram similarity alone finds
 *   "dunkle" for "dune" (0.6) and "Sprache" for "Drache" (0.71), more than "Dunkelhiet" for
 *   "Dunkelheit" (0.64).
 */

/** The match tiers, best first; a tier's rank is its index. */
export const MATCH_TIERS = ['exact', 'prefix', 'word', 'infix', 'fuzzy'] as const;
export type MatchTier = (typeof MATCH_TIERS)[number];
export const tierRank = (tier: MatchTier): number => MATCH_TIERS.indexOf(tier);

/** The typo tier's rank (4). */
export const FUZZY_TIER = tierRank('fuzzy');
/** The tier a book gets when a word of its author's or its series' name starts with the query. */
export const NAME_MATCH_TIER = tierRank('word');
/** Authors and series find books from this many characters on (one or two letters name nobody). */
export const NAME_MATCH_MIN_LENGTH = 3;
/**
 * With this many better matches the typo tier is not searched at all: the top three (what the
 * search-quality measure counts) are exact, so similar names would only pad the list.
 */
export const FUZZY_GATE = 3;

/**
 * Edits a query word may be away from a name's word: none up to 3 characters, one up to 7, two from 8.
 * @example allowedEdits('dune') // 1
 */
export function allowedEdits(word: string): number {
  return word.length <= 3 ? 0 : word.length <= 7 ? 1 : 2;
}

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions), stopping early once
 * every path exceeds `max` (then answers max + 1).
 * @example editDistance('dunkelhiet', 'dunkelheit') // 1
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** The words of a folded text: runs of letters and digits. */
function wordsOf(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Edits from a query word to a name word, or to a start of it when `last` (it may still be being typed); above `max`, max + 1. */
function wordEdits(query: string, word: string, last: boolean, max: number): number {
  let best = editDistance(query, word, max);
  if (last && word.length > query.length) {
    for (let n = Math.max(1, query.length - max); n <= Math.min(word.length - 1, query.length + max) && best > 0; n++) {
      best = Math.min(best, editDistance(query, word.slice(0, n), max));
    }
  }
  return best;
}

/**
 * Whether a similar name (typo tier) is close enough to show: every word of the folded query is a
 * word of one of the name's folds within `allowedEdits` of the word (at least one edit for a word of
 * three letters when the query has more words), and all words together within `allowedEdits` of the
 * whole query. The last query word may match the start of a word, as it may still be being typed.
 * @example isCloseMatch('dunkelhiet', ['die linke hand der dunkelheit']) // true
 * @example isCloseMatch('doomsday bok', ['doomsday book']) // true
 * @example isCloseMatch('drache', ['die sprache der blumen']) // false
 */
export function isCloseMatch(query: string, names: readonly string[]): boolean {
  const words = wordsOf(query);
  if (words.length === 0) return false;
  const budget = allowedEdits(words.join(''));
  return names.some((name) => {
    const nameWords = wordsOf(name);
    let total = 0;
    for (const [i, w] of words.entries()) {
      const max = words.length > 1 && w.length >= 3 ? Math.max(1, allowedEdits(w)) : allowedEdits(w);
      let best = max + 1;
      for (const nw of nameWords) if (best > 0) best = Math.min(best, wordEdits(w, nw, i === words.length - 1, max));
      total += best;
      if (best > max || total > budget) return false;
    }
    return true;
  });
}

/**
 * Whether the typo tier is searched at all: the query is long enough for typos and fewer than
 * FUZZY_GATE (or `limit`, if smaller) better matches were found.
 */
export function wantsFuzzy(queryLength: number, fuzzyMinLength: number, betterMatches: number, limit: number): boolean {
  return queryLength >= fuzzyMinLength && betterMatches < Math.min(limit, FUZZY_GATE);
}
