import { getDb, type Database } from '../../../db/client.ts';
import type { Locale } from '../../../src/domain/enums.ts';
import { isSearchable } from '../../../src/domain/search-query.ts';
import { SearchQuerySchema } from '../../../src/domain/schemas/search.ts';
import { recordSearch } from './analytics.ts';
import { createAnswerCache } from './answer-cache.ts';
import { handle, ok, parseQuery } from './http.ts';

/**
 * The cache key: language (null for endpoints whose answer is the same in every language), the query
 * as the database sees it (folding lowercases, so case does not change the answer) and the number of
 * results asked for. q is already normalized by SearchQuerySchema (NFC, trimmed, one space).
 */
export function searchCacheKey(lang: Locale | null, q: string, limit?: number): string {
  return `${lang ?? '*'}\u0000${q.toLowerCase()}\u0000${limit ?? ''}`;
}

/** Typeahead answers are small (a few hits): each endpoint keeps more of them than the list caches. */
const SEARCH_CACHE_ENTRIES = 5_000;

/**
 * The five typeahead endpoints differ only in what they search: this builds one from a search
 * function. An empty or blank q, or one without a letter or digit, answers an empty list without a
 * database call; answers are cached per instance (answer-cache.ts), per language only where the
 * answer depends on it (`byLanguage: false` for names that are the same in every language).
 */
export function searchEndpoint<T>(search: (db: Database, query: string, locale: Locale, limit?: number) => Promise<T[]>, { byLanguage = true } = {}) {
  const cached = createAnswerCache<T[]>({ maxEntries: SEARCH_CACHE_ENTRIES });
  return handle({
    GET: async (req, ctx) => {
      const { q, lang, limit } = parseQuery(req, SearchQuerySchema);
      if (q === null || !isSearchable(q)) return ok([]);
      const locale = lang ?? ctx.locale;
      const hits = await cached(searchCacheKey(byLanguage ? locale : null, q, limit), async () => search(await getDb(), q, locale, limit));
      // Issue 14: only queued here (a push); written after the answer, in batches (analytics.ts). No hits marks what the catalogue lacks.
      recordSearch(req, ctx.netlify, q, hits.length);
      const vary: Record<string, string> = byLanguage ? { vary: 'accept-language' } : {};
      return ok(hits, { headers: { 'cache-control': 'public, max-age=60', ...vary } });
    },
  });
}
