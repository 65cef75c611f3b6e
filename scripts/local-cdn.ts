/**
 * Netlify's CDN cache for function answers, emulated in the local server (issue 28 point 3; ADR 0032),
 * so `npm start`, the integration tests and the e2e suite meet the caching production has: an answer
 * whose headers allow it (src/domain/cdn/cdn-cache.ts) is kept and served again without calling the
 * function, fresh for its lifetime, then stale while one request renews it in the background, and gone
 * when a purge names one of its tags or a new build goes live (an atomic deploy). The CDN-only
 * headers are taken off before the answer leaves, and `Cache-Status` says what happened, as Netlify's
 * does (`"Netlify Edge"; hit`, `fwd=miss`, `fwd=stale`).
 *
 * A purge arrives as Netlify's purge API call: the functions call `purgeCache` of @netlify/functions
 * (netlify/functions/_shared/cdn-purge.ts), which POSTs `{cache_tags}` to `<apiURL>/api/v1/purge` with
 * a bearer token; locally the API address is this server's `/.netlify/cdn` and the token one made per
 * start, so the same call that purges Netlify's cache purges this one.
 *
 * Text answers leave compressed (brotli or gzip, as the request accepts: scripts/content-coding.ts),
 * as the edge compresses a function's answer (ADR 0037: an on-demand page is 5-6 times smaller).
 *
 * One process, one node: `durable` changes nothing here. Kept bodies are bounded (MAX_BYTES, least
 * recently used first).
 */
import { randomBytes } from 'node:crypto';
import { CDN_CACHEABLE_STATUSES, CDN_ONLY_HEADERS, cacheTagsOf, cdnDirectives, cdnFreshness, cdnVariantKey, cdnVaryOf, type CdnDirectives, type CdnVary } from '../src/domain/cdn/cdn-cache.ts';
import { plainAnswerOf, plainResponse, type PlainHeaders } from '../src/lib/response-headers.ts';
import { compress, contentCoding, isCompressible, type ContentCoding } from './content-coding.ts';

/** The path prefix of the emulated purge API on the local server. */
export const LOCAL_CDN_API_PREFIX = '/.netlify/cdn';
const MAX_BYTES = 128 << 20;

interface Entry extends CdnDirectives {
  pathname: string;
  vary: CdnVary;
  key: string;
  status: number;
  headers: PlainHeaders;
  body: Buffer;
  tags: readonly string[];
  storedAt: number;
  renewing?: boolean;
  /** The body compressed per coding, made when first asked for (not counted in the cache's size: a fifth of the body at most). */
  encoded?: Partial<Record<ContentCoding, Buffer>>;
}

export interface LocalCdn {
  /** The answer to a request: kept, or the origin's (kept when its headers allow). */
  serve(request: Request, origin: () => Promise<Response>): Promise<Response>;
  /** Drops the answers kept under any of `tags`, or every answer; how many went. */
  purge(tags?: readonly string[]): number;
  /** The purge API's answer when `request` is a call of it, else undefined. */
  handleApi(request: Request): Promise<Response | undefined>;
  /** What `purgeCache` needs to reach this cache (apiURL is completed with the server's origin). */
  readonly token: string;
  /** Answers kept now. */
  size(): number;
}

/** A request as the cache key reads it. */
const keyRequest = (request: Request) => ({ url: new URL(request.url), header: (name: string) => request.headers.get(name) });

/** The answer's status, headers and body, read once (our plain answers without a stream). */
async function readAnswer(response: Response): Promise<{ status: number; headers: PlainHeaders; body: Buffer }> {
  const plain = plainAnswerOf(response);
  if (plain) return { status: response.status, headers: { ...plain.headers }, body: plain.body === null ? Buffer.alloc(0) : typeof plain.body === 'string' ? Buffer.from(plain.body) : plain.body };
  const headers: PlainHeaders = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** The answer to send: HEAD without its body but with its length, as for GET. */
function bodyOf(request: Request, answer: { status: number; body: Buffer; encoded?: Partial<Record<ContentCoding, Buffer>> }, headers: PlainHeaders): Response {
  if (request.method === 'HEAD') return plainResponse(null, answer.status, { ...headers, 'content-length': String(answer.body.length) });
  // Compressed as the edge sends a function's text answer (the HTML of an on-demand page is 5-6 times
  // smaller), once per kept answer and coding.
  const type = typeof headers['content-type'] === 'string' ? headers['content-type'] : null;
  if (headers['content-encoding'] || !isCompressible(type, answer.body.length)) return plainResponse(answer.body, answer.status, headers);
  const vary = typeof headers.vary === 'string' && headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  const coding = contentCoding(request.headers.get('accept-encoding'));
  if (!coding) return plainResponse(answer.body, answer.status, { ...headers, vary });
  const encoded = (answer.encoded ??= {})[coding] ?? (answer.encoded[coding] = compress(answer.body, coding));
  return plainResponse(encoded, answer.status, { ...headers, vary, 'content-encoding': coding, 'content-length': String(encoded.length) });
}

/** The headers as the browser gets them: without the CDN's own. */
function clientHeaders(headers: PlainHeaders, cacheStatus: string, age?: number): PlainHeaders {
  const out: PlainHeaders = { ...headers };
  for (const name of CDN_ONLY_HEADERS) delete out[name];
  out['cache-status'] = `"Netlify Edge"; ${cacheStatus}`;
  if (age !== undefined) out.age = String(age);
  return out;
}

export function createLocalCdn(now: () => number = Date.now): LocalCdn {
  /** Kept answers by path (each path's variants), in least-recently-used order. */
  const byPath = new Map<string, Entry[]>();
  /** When each tag was last purged, and when everything was: an answer begun before either is not kept. */
  const purgedAt = new Map<string, number>();
  let allPurgedAt = -Infinity;
  let bytes = 0;
  const token = randomBytes(24).toString('base64url');

  const drop = (entry: Entry) => {
    const list = byPath.get(entry.pathname);
    if (!list) return;
    const at = list.indexOf(entry);
    if (at === -1) return;
    list.splice(at, 1);
    bytes -= entry.body.length;
    if (!list.length) byPath.delete(entry.pathname);
  };

  const find = (request: Request): Entry | undefined => {
    const { pathname } = new URL(request.url);
    const list = byPath.get(pathname);
    if (!list) return undefined;
    const entry = list.find((e) => e.key === cdnVariantKey(keyRequest(request), e.vary));
    if (entry) {
      byPath.delete(pathname);
      byPath.set(pathname, list);
    }
    return entry;
  };

  /** Keeps an answer begun at `begun` unless a purge of one of its tags (or of all) came after. */
  const keep = (request: Request, answer: { status: number; headers: PlainHeaders; body: Buffer }, begun: number): void => {
    const headers = new Headers(Object.entries(answer.headers).flatMap(([n, v]) => (Array.isArray(v) ? v.map((x) => [n, x] as [string, string]) : [[n, v] as [string, string]])));
    const directives = cdnDirectives(headers);
    if (!directives || !CDN_CACHEABLE_STATUSES.has(answer.status) || headers.has('set-cookie')) return;
    const tags = cacheTagsOf(headers);
    if (begun <= allPurgedAt || tags.some((t) => begun <= (purgedAt.get(t) ?? -Infinity))) return;
    const url = new URL(request.url);
    const vary = cdnVaryOf(headers);
    const key = cdnVariantKey(keyRequest(request), vary);
    const old = byPath.get(url.pathname)?.find((e) => e.key === key);
    if (old) drop(old);
    const entry: Entry = { ...directives, pathname: url.pathname, vary, key, status: answer.status, headers: answer.headers, body: answer.body, tags, storedAt: now() };
    const list = byPath.get(url.pathname) ?? [];
    byPath.delete(url.pathname);
    byPath.set(url.pathname, [...list, entry]);
    bytes += entry.body.length;
    while (bytes > MAX_BYTES && byPath.size) {
      const [first] = byPath.values();
      for (const e of [...first!]) drop(e);
    }
  };

  const fromOrigin = async (request: Request, origin: () => Promise<Response>, cacheStatus: string): Promise<Response> => {
    const begun = now();
    const answer = await readAnswer(await origin());
    // A HEAD the function answered itself (handle() answers it as GET, with the length): as it is.
    if (request.method === 'HEAD') return plainResponse(null, answer.status, clientHeaders(answer.headers, cacheStatus));
    keep(request, answer, begun);
    return bodyOf(request, answer, clientHeaders(answer.headers, cacheStatus));
  };

  /** A kept answer; a 304 without body when the request already holds its ETag (as the edge answers conditional requests). */
  const served = (request: Request, entry: Entry, cacheStatus: string) => {
    const headers = clientHeaders(entry.headers, cacheStatus, Math.floor((now() - entry.storedAt) / 1000));
    const etag = typeof entry.headers.etag === 'string' ? entry.headers.etag : undefined;
    const held = request.headers.get('if-none-match');
    if (etag && entry.status === 200 && held && held.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
      delete headers['content-length'];
      return plainResponse(null, 304, headers);
    }
    return bodyOf(request, entry, headers);
  };

  return {
    token,
    size: () => [...byPath.values()].reduce((n, list) => n + list.length, 0),
    async serve(request, origin) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return origin();
      const entry = find(request);
      if (entry) {
        const freshness = cdnFreshness(entry, now());
        if (freshness === 'fresh') return served(request, entry, 'hit');
        if (freshness === 'stale') {
          if (!entry.renewing) {
            entry.renewing = true;
            const renewal = new Request(request.url, { method: 'GET', headers: request.headers });
            void fromOrigin(renewal, origin, 'fwd=stale')
              .catch((error: unknown) => console.error('Renewing a kept answer failed:', request.url, error))
              .finally(() => void (entry.renewing = false));
          }
          return served(request, entry, 'fwd=stale');
        }
        drop(entry);
      }
      return fromOrigin(request, origin, 'fwd=miss');
    },
    purge(tags) {
      const at = now();
      let dropped = 0;
      if (!tags) {
        allPurgedAt = at;
        for (const list of [...byPath.values()]) for (const e of [...list]) (drop(e), dropped++);
        return dropped;
      }
      for (const tag of tags) purgedAt.set(tag, at);
      const named = new Set(tags);
      for (const list of [...byPath.values()]) for (const e of [...list]) if (e.tags.some((t) => named.has(t))) (drop(e), dropped++);
      return dropped;
    },
    async handleApi(request) {
      const { pathname } = new URL(request.url);
      if (!pathname.startsWith(`${LOCAL_CDN_API_PREFIX}/`)) return undefined;
      if (pathname !== `${LOCAL_CDN_API_PREFIX}/api/v1/purge` || request.method !== 'POST') return new Response('Not Found', { status: 404 });
      if (request.headers.get('authorization') !== `Bearer ${token}`) return new Response('Unauthorized', { status: 401 });
      let payload: { cache_tags?: unknown };
      try {
        payload = (await request.json()) as { cache_tags?: unknown };
      } catch {
        return new Response('Bad Request', { status: 400 });
      }
      const tags = payload.cache_tags;
      if (tags !== undefined && !(Array.isArray(tags) && tags.every((t) => typeof t === 'string'))) return new Response('Bad Request', { status: 400 });
      this.purge(tags);
      return new Response(null, { status: 202 });
    },
  };
}
