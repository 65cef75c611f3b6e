/**
 * How Netlify's CDN caches a function's answer (issue 28 points 2 and 3; docs/decisions/0032-cdn-cache-and-its-local-emulation.md),
 * as rules the local server's emulation (scripts/local-cdn.ts) and the pages' own headers share. Pure.
 *
 * - Only GET answers with status 200, 301, 308, 404 or 410 are kept, and only when the most specific
 *   cache header (`Netlify-CDN-Cache-Control`, else `CDN-Cache-Control`, else `Cache-Control`) is
 *   public with a lifetime (`s-maxage`, else `max-age`) and without `private`, `no-store` or `no-cache`.
 * - An answer is fresh for its lifetime, then served stale for `stale-while-revalidate` seconds while
 *   one request renews it in the background, then gone.
 * - The cache key is the path, the whole query string unless `Netlify-Vary: query=a|b` names the
 *   parameters that count, and what `Netlify-Vary` names besides (`header=`, `cookie=`, `language=`)
 *   and the standard `Vary` header (Accept-Encoding aside: the emulation stores bodies uncompressed).
 * - `Netlify-Cache-Tag` / `Cache-Tag` name the answer for a purge by tag.
 */

/** What a kept answer may live by. */
export interface CdnDirectives {
  /** Seconds the answer is fresh. */
  maxAge: number;
  /** Seconds after that it is served stale while renewed. */
  staleWhileRevalidate: number;
  /** Netlify's durable cache (shared by every edge node); the emulation has one node either way. */
  durable: boolean;
}

/** The statuses the CDN keeps. */
export const CDN_CACHEABLE_STATUSES: ReadonlySet<number> = new Set([200, 301, 308, 404, 410]);

/** The response headers the CDN reads and takes off before the answer reaches the browser. */
export const CDN_ONLY_HEADERS = ['netlify-cdn-cache-control', 'cdn-cache-control', 'netlify-cache-tag', 'cache-tag', 'netlify-vary'] as const;

interface HeaderSource {
  get(name: string): string | null;
}

/**
 * The directives of the most specific cache header of an answer, or null when the CDN must not keep it.
 * @example cdnDirectives(new Headers({ 'netlify-cdn-cache-control': 'public, durable, s-maxage=60, stale-while-revalidate=600' })) // { maxAge: 60, staleWhileRevalidate: 600, durable: true }
 */
export function cdnDirectives(headers: HeaderSource): CdnDirectives | null {
  const value = headers.get('netlify-cdn-cache-control') ?? headers.get('cdn-cache-control') ?? headers.get('cache-control');
  if (value === null) return null;
  const directives = new Map<string, string>();
  for (const part of value.split(',')) {
    const [name, ...rest] = part.trim().split('=');
    if (name) directives.set(name.toLowerCase(), rest.join('=').trim().replace(/^"|"$/g, ''));
  }
  if (directives.has('private') || directives.has('no-store') || directives.has('no-cache')) return null;
  const seconds = (name: string) => {
    const raw = directives.get(name);
    return raw !== undefined && /^\d{1,10}$/.test(raw) ? Number(raw) : undefined;
  };
  const maxAge = seconds('s-maxage') ?? seconds('max-age');
  if (maxAge === undefined || maxAge <= 0) return null;
  return { maxAge, staleWhileRevalidate: seconds('stale-while-revalidate') ?? 0, durable: directives.has('durable') };
}

/**
 * The tags an answer is kept under (`Netlify-Cache-Tag`, `Cache-Tag`; comma-separated).
 * @example cacheTagsOf(new Headers({ 'netlify-cache-tag': 'book-1, author-2' })) // ['book-1', 'author-2']
 */
export function cacheTagsOf(headers: HeaderSource): string[] {
  const tags = [headers.get('netlify-cache-tag'), headers.get('cache-tag')].flatMap((value) => (value ?? '').split(','));
  return [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
}

/** What the cache key varies on besides the path, from `Netlify-Vary` and `Vary`. */
export interface CdnVary {
  /** The query parameters that count; null: the whole query string. */
  query: readonly string[] | null;
  headers: readonly string[];
  cookies: readonly string[];
  /** The languages an Accept-Language is reduced to (the first of them it prefers, or none). */
  languages: readonly string[];
}

/**
 * The variation an answer's headers ask for.
 * @example cdnVaryOf(new Headers({ 'netlify-vary': 'query=page|sort,language=en|de', vary: 'Accept-Encoding, Cookie' })) // { query: ['page', 'sort'], headers: ['cookie'], cookies: [], languages: ['en', 'de'] }
 */
export function cdnVaryOf(headers: HeaderSource): CdnVary {
  const vary: { query: string[] | null; headers: string[]; cookies: string[]; languages: string[] } = { query: null, headers: [], cookies: [], languages: [] };
  for (const part of (headers.get('netlify-vary') ?? '').split(',')) {
    const [name, list = ''] = part.trim().split('=');
    const values = list.split('|').map((v) => v.trim()).filter(Boolean);
    if (name === 'query') vary.query = values.length ? values : null;
    else if (name === 'header') vary.headers.push(...values.map((v) => v.toLowerCase()));
    else if (name === 'cookie') vary.cookies.push(...values);
    else if (name === 'language') vary.languages.push(...values.map((v) => v.toLowerCase()));
  }
  for (const name of (headers.get('vary') ?? '').split(',')) {
    const header = name.trim().toLowerCase();
    if (header && header !== 'accept-encoding' && !vary.headers.includes(header)) vary.headers.push(header);
  }
  return vary;
}

/**
 * The first of `languages` an Accept-Language header prefers (by q, then order), or '' when none.
 * @example preferredLanguage('it-CH, de;q=0.8, en;q=0.5', ['en', 'de']) // 'de'
 */
export function preferredLanguage(acceptLanguage: string | null, languages: readonly string[]): string {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const match = languages.find((l) => l === tag || l === tag.split('-')[0]);
    if (match) return match;
  }
  return '';
}

/** A request as the cache key reads it. */
export interface CdnRequest {
  url: URL;
  header: (name: string) => string | null;
}

/**
 * The key of a request under an answer's variation: the path, the query that counts (in a stable
 * order) and each varied header, cookie and language.
 * @example cdnVariantKey({ url: new URL('http://x/a?b=2&a=1&utm=x'), header: () => null }, { query: ['a', 'b'], headers: [], cookies: [], languages: [] }) // '/a?a=1&b=2'
 */
export function cdnVariantKey(request: CdnRequest, vary: CdnVary): string {
  const params = [...request.url.searchParams].filter(([name]) => vary.query === null || vary.query.includes(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  const parts = [`${request.url.pathname}${query ? `?${query}` : ''}`];
  for (const name of vary.headers) parts.push(`h:${name}=${request.header(name) ?? ''}`);
  if (vary.cookies.length) {
    const cookies = new Map((request.header('cookie') ?? '').split(';').map((c) => c.trim().split('=') as [string, string?]).map(([n, v]) => [n, v ?? '']));
    for (const name of vary.cookies) parts.push(`c:${name}=${cookies.get(name) ?? ''}`);
  }
  if (vary.languages.length) parts.push(`l:${preferredLanguage(request.header('accept-language'), vary.languages)}`);
  return parts.join('\u0000');
}

/** Where a kept answer stands at `now`. */
export type CdnFreshness = 'fresh' | 'stale' | 'expired';

/**
 * Fresh for `maxAge` seconds after it was stored, then stale for `staleWhileRevalidate`, then expired.
 * @example cdnFreshness({ storedAt: 0, maxAge: 60, staleWhileRevalidate: 60, durable: false }, 90_000) // 'stale'
 */
export function cdnFreshness(entry: CdnDirectives & { storedAt: number }, now: number): CdnFreshness {
  const age = (now - entry.storedAt) / 1000;
  if (age < entry.maxAge) return 'fresh';
  return age < entry.maxAge + entry.staleWhileRevalidate ? 'stale' : 'expired';
}
