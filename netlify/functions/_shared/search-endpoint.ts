import { getDb, type Database } from '../../../db/client.ts';
import type { Locale } from '../../../src/domain/enums.ts';
import { isSearchable } from '../../../src/domain/search-query.ts';
import { SearchQuerySchema } from '../../../src/domain/schemas/search.ts';
import { handle, ok, parseQuery } from './http.ts';

/** How long a cached answer is served (the responses say max-age=60 to HTTP caches as well). */
export const SEARCH_CACHE_TTL_MS = 30_000;
/** Entries per endpoint; an entry is a dozen hits, so this bounds the cache to a few MB. */
export const SEARCH_CACHE_MAX_ENTRIES = 500;

/**
 * A small bounded LRU with a time to live (a Map keeps insertion order: a hit moves its key to
 * the end, the oldest key is evicted first). It lives as long as the function instance: warm
 * instances in production answer repeated typeahead prefixes ("d", "du", "dun") without the
 * database. `npm start` keeps the functions loaded as a deployed instance does, so it hits there too
 * (under `npm run dev`, `netlify dev` starts a fresh worker per request and it never hits).
 */
export class TtlLru<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly max: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(max: number, ttlMs: number, now: () => number = Date.now) {
    this.max = max;
    this.ttlMs = ttlMs;
    this.now = now;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Removes `key` only while it still holds `value` (a newer entry stays). */
  deleteIf(key: string, value: V): void {
    if (this.entries.get(key)?.value === value) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** SEARCH_CACHE=off turns the in-process cache off (the benchmark measures both ways). */
export function searchCacheEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.SEARCH_CACHE !== 'off';
}

/**
 * The cache key: language, the query as the database sees it (folding lowercases, so case does not
 * change the answer) and the number of results asked for. q is already normalized by
 * SearchQuerySchema (NFC, trimmed, one space).
 */
export function searchCacheKey(lang: Locale, q: string, limit?: number): string {
  return `${lang}\u0000${q.toLowerCase()}\u0000${limit ?? ''}`;
}

/**
 * The five typeahead endpoints differ only in what they search: this builds one from a search
 * function. An empty or blank q, or one without a letter or digit, answers an empty list without a
 * database call. Answers are
 * cached per endpoint in process (see TtlLru) as promises, so concurrent requests for the same
 * query share one database call (a burst of "du" after a cold start asks once); a failed call is
 * not kept. Only the server's own switch (SEARCH_CACHE=off) bypasses it, never a request header:
 * a client that could would make every request reach the database (issue 10).
 */
export function searchEndpoint<T>(search: (db: Database, query: string, locale: Locale, limit?: number) => Promise<T[]>) {
  const cache = new TtlLru<Promise<T[]>>(SEARCH_CACHE_MAX_ENTRIES, SEARCH_CACHE_TTL_MS);
  return handle({
    GET: async (req, ctx) => {
      const { q, lang, limit } = parseQuery(req, SearchQuerySchema);
      if (q === null || !isSearchable(q)) return ok([]);
      const locale = lang ?? ctx.locale;
      const useCache = searchCacheEnabled();
      const key = searchCacheKey(locale, q, limit);
      let answer = useCache ? cache.get(key) : undefined;
      if (!answer) {
        const fresh = getDb().then((db) => search(db, q, locale, limit));
        if (searchCacheEnabled()) {
          cache.set(key, fresh);
          fresh.catch(() => cache.deleteIf(key, fresh));
        }
        answer = fresh;
      }
      return ok(await answer, { headers: { 'cache-control': 'public, max-age=60', vary: 'accept-language' } });
    },
  });
}
