/**
 * Per-instance answer caches of the catalogue endpoints (search, lists, editions): the catalogue
 * changes only with an edit and a rebuild, and a warm function instance answers repeated questions
 * ("du", the first page of /books) without the database. Answers are kept as promises, so
 * concurrent requests for the same key share one database call, and a failed call is not kept.
 * Only the server's own switch (ANSWER_CACHE=off) bypasses them, never a request header: a client
 * that could would make every request reach the database (issue 10).
 */
import { catalogueVersion } from './catalogue-index.ts';

/** How long a cached answer is served (the responses say max-age=60 to HTTP caches as well). */
export const ANSWER_CACHE_TTL_MS = 30_000;
/** Entries per endpoint unless it says otherwise; bounds each cache to a few MB. */
export const ANSWER_CACHE_MAX_ENTRIES = 500;

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

/** ANSWER_CACHE=off turns the in-process caches off (the benchmarks measure both ways). */
export function answerCacheEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.ANSWER_CACHE !== 'off';
}

/**
 * One endpoint's cache: `answer(key, load)` returns the cached promise for `key` or starts `load`.
 * @example const cached = createAnswerCache<Page>(); return ok(await cached(key, () => listBooks(db, query)));
 */
export function createAnswerCache<T>({ maxEntries = ANSWER_CACHE_MAX_ENTRIES, ttlMs = ANSWER_CACHE_TTL_MS } = {}): (key: string, load: () => Promise<T>) => Promise<T> {
  const cache = new TtlLru<Promise<T>>(maxEntries, ttlMs);
  return (key, load) => {
    if (!answerCacheEnabled()) return load();
    const hit = cache.get(key);
    if (hit) return hit;
    const fresh = load();
    cache.set(key, fresh);
    fresh.catch(() => cache.deleteIf(key, fresh));
    return fresh;
  };
}

/** How long an answer keyed by the catalogue's version is kept: it is exact while the version holds. */
export const VERSIONED_ANSWER_TTL_MS = 10 * 60_000;

/**
 * An answer cache whose keys carry the catalogue's version (catalogue-index.ts; `popularity` too
 * where the answer shows ratings): an edit or a rating makes the next request load afresh (within
 * the version check's interval), so answers are kept for minutes instead of 30 s and are never
 * older than that interval. During a database outage the last version stands and cached answers
 * keep being served.
 */
export function createVersionedAnswerCache<T>({ maxEntries = ANSWER_CACHE_MAX_ENTRIES, withPopularity = false } = {}): (key: string, load: () => Promise<T>) => Promise<T> {
  const cached = createAnswerCache<T>({ maxEntries, ttlMs: VERSIONED_ANSWER_TTL_MS });
  return async (key, load) => {
    const { catalogue, popularity } = await catalogueVersion();
    return cached(`${catalogue}${withPopularity ? `.${popularity}` : ''}\u0000${key}`, load);
  };
}
