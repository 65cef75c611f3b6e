import { CATALOGUE_ANSWER_TAGS } from '../../../src/domain/cdn/cache-tags.ts';
import { getDb, type Database } from '../../../db/client.ts';
import type { Locale } from '../../../src/domain/enums.ts';
import { isSearchable, type SearchKind } from '../../../src/domain/search-query.ts';
import { SearchQuerySchema } from '../../../src/domain/schemas/search.ts';
import { recordSearch } from './analytics.ts';
import { createAnswerCache, VERSIONED_ANSWER_TTL_MS } from './answer-cache.ts';
import { catalogueIndex } from './catalogue-index.ts';
import { handle, ok, parseQuery } from './http.ts';

/**
 * The cache key: language (null for endpoints whose answer is the same in every language), the query
 * as the database sees it (folding lowercases, so case does not change the answer) and the number of
 * results asked for. q is already normalized by SearchQuerySchema (NFC, trimmed, one space).
 */
export function searchCacheKey(lang: Locale | null, q: string, limit?: number): string {
  return `${lang ?? '*'}\u0000${q.toLowerCase()}\u0000${limit ?? ''}`;
}

/**
 * SEARCH_INDEX=off answers from PostgreSQL only (the SQL of db/queries/search.ts), as before issue 10's
 * index: the benchmarks compare both ways, and the SQL stays the reference the index is tested against.
 */
export function searchIndexEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.SEARCH_INDEX !== 'off';
}

/** Typeahead answers are small (a few hits): each endpoint keeps more of them than the list caches. */
const SEARCH_CACHE_ENTRIES = 5_000;

/**
 * The five typeahead endpoints differ only in what they search: this builds one from a search
 * function. An empty or blank q, or one without a letter or digit, answers an empty list without a
 * database call. The instance's in-memory index (catalogue-index.ts) answers the rest; only a query
 * with a character its folding map does not know goes to `search` in PostgreSQL. Answers are cached per instance (answer-cache.ts), per language only where the
 * answer depends on it (`byLanguage: false` for names that are the same in every language).
 */
export function searchEndpoint<T>(kind: SearchKind, search: (db: Database, query: string, locale: Locale, limit?: number) => Promise<T[]>, { byLanguage = true } = {}) {
  const cached = createAnswerCache<T[]>({ maxEntries: SEARCH_CACHE_ENTRIES });
  // Keys of the index's answers carry its generation: exact until the catalogue changes.
  const indexed = createAnswerCache<T[]>({ maxEntries: SEARCH_CACHE_ENTRIES, ttlMs: VERSIONED_ANSWER_TTL_MS });
  return handle({
    GET: async (req, ctx) => {
      const { q, lang, limit } = parseQuery(req, SearchQuerySchema);
      if (q === null || !isSearchable(q)) return ok([]);
      const locale = lang ?? ctx.locale;
      const key = searchCacheKey(byLanguage ? locale : null, q, limit);
      let hits: T[];
      if (searchIndexEnabled()) {
        const { index, generation } = await catalogueIndex();
        hits = await indexed(`${generation}\u0000${key}`, async () => (index.search(kind, q, locale, limit) as T[] | null) ?? search(await getDb(), q, locale, limit));
      } else {
        hits = await cached(key, async () => search(await getDb(), q, locale, limit));
      }
      // Issue 14: only queued here (a push); written after the answer, in batches (analytics.ts). No hits marks what the catalogue lacks.
      recordSearch(req, ctx.netlify, q, hits.length);
      const vary: Record<string, string> = byLanguage ? { vary: 'accept-language' } : {};
      return ok(hits, { headers: { 'cache-control': 'public, max-age=60', 'netlify-cache-tag': CATALOGUE_ANSWER_TAGS, ...vary } });
    },
  });
}
