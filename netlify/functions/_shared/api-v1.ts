/**
 * The public read API's endpoints (issue 16 point 4; docs/decisions/0025-public-read-api-v1.md), built
 * once here so each `api-v1-*.mts` stays one line of wiring:
 * - CORS on every answer (errors too) and OPTIONS preflights; no cookie is read, so no credentials.
 * - A per-client rate limit counted in the instance's memory (no database write per read), with the
 *   IETF RateLimit fields on every answer and 429 + Retry-After past it.
 * - Weak ETags from the catalogue's version (catalogue-index.ts reads it at most every
 *   CATALOGUE_CHECK_MS): `If-None-Match` answers 304 before any query or serialization.
 * - The serialized body cached per (question, version), so a hot page is a lookup and one write.
 * - Lists page with opaque cursors (src/domain/open-data/api-v1-cursor.ts) bound to their filters.
 */
import { CATALOGUE_ANSWER_TAGS } from '../../../src/domain/cdn/cache-tags.ts';
import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import { getDb, type Database } from '../../../db/client.ts';
import type { PageWindow } from '../../../db/queries/lists.ts';
import type { Locale } from '../../../src/domain/enums.ts';
import { ApiError } from '../../../src/domain/envelope.ts';
import { decodeCursor, encodeCursor, fnv1a, queryFingerprint, stableJson } from '../../../src/domain/open-data/api-v1-cursor.ts';
import { API_V1_CACHE_CONTROL, API_V1_CDN_CACHE_CONTROL, API_V1_CORS_HEADERS, API_V1_DOCUMENT_CACHE_CONTROL, API_V1_PREFLIGHT_HEADERS, entityTag, ifNoneMatchHits, nextLink } from '../../../src/domain/open-data/api-v1-http.ts';
import { clientKey, FixedWindowLimiter, rateLimitHeaders, type RateDecision, type RatePolicy } from '../../../src/domain/open-data/api-v1-rate-limit.ts';
import { DetailQueryV1Schema, RefParamsV1Schema, type PageV1 } from '../../../src/domain/schemas/api-v1.ts';
import type { Page } from '../../../src/domain/schemas/lists.ts';
import { withAddedHeaders } from '../../../src/lib/response-headers.ts';
import { createAnswerCache, VERSIONED_ANSWER_TTL_MS } from './answer-cache.ts';
import { catalogueVersion } from './catalogue-index.ts';
import { getEnv } from './env.ts';
import { encodedAnswer, encodedBody, handle, noContent, parseParams, parseQuery, type EncodedBody, type RequestContext } from './http.ts';
import { clientAddress } from './rate-limit.ts';

/** Where the read API lives; `next` links and the OpenAPI document name paths under it. */
export const API_V1_BASE = '/api/v1';

const policy = (): RatePolicy => ({ limit: getEnv().API_V1_REQUESTS_PER_MINUTE, windowSeconds: 60 });
// One count per client for every v1 endpoint of the process (on globalThis: each function module
// would otherwise count apart under `npm start`, where they share one process).
const LIMITER_KEY = Symbol.for('phantastika.apiV1Limiter');
const limiter: FixedWindowLimiter = ((globalThis as Record<symbol, FixedWindowLimiter | undefined>)[LIMITER_KEY] ??= new FixedWindowLimiter(policy));

/**
 * A cached answer: the envelope encoded once (UTF-8 encoding 90 KB per request was a tenth of its
 * CPU), kept as bytes that the local server sends as they are and as a Blob for the Response (which
 * copies a byte array it is given but not a Blob).
 */
type Answer = { body: EncodedBody; link?: string } | null;
type Handler = (req: Request, ctx: RequestContext) => Promise<Response>;

/**
 * A read endpoint: `get` answers GET; this adds the preflight, the rate limit (counted before
 * anything is parsed, refusals included) and the CORS and RateLimit headers of every answer.
 */
export function readEndpoint(get: Handler) {
  const decisions = new WeakMap<Request, RateDecision & { policy: RatePolicy }>();
  const limited: Handler = async (req, ctx) => {
    const decision = decisions.get(req);
    if (decision && !decision.allowed) throw new ApiError('RATE_LIMITED', 'api.error.rateLimited', undefined, { 'retry-after': String(decision.resetSeconds) });
    return get(req, ctx);
  };
  const inner = handle({
    // HEAD (link checkers, CDNs): handle() answers it with the GET's status and headers, without the body.
    GET: limited,
    OPTIONS: async () => noContent(API_V1_PREFLIGHT_HEADERS),
  });
  return async (req: Request, context?: Context): Promise<Response> => {
    const decision = req.method === 'GET' || req.method === 'HEAD' ? limiter.hit(clientKey(clientAddress(context)), Date.now()) : undefined;
    if (decision) decisions.set(req, decision);
    const response = await inner(req, context);
    return withAddedHeaders(response, (headers) => {
      for (const [name, value] of Object.entries(API_V1_CORS_HEADERS)) headers.set(name, value);
      if (decision) for (const [name, value] of Object.entries(rateLimitHeaders(decision.policy, decision))) headers.set(name, value);
    });
  };
}

/**
 * The answer to a question under the catalogue's current version: 304 when the client holds it,
 * else the cached or freshly loaded body (404 when `load` finds nothing).
 */
async function answerFor(req: Request, locale: Locale, key: string, cache: (key: string, load: () => Promise<Answer>) => Promise<Answer>, load: () => Promise<Answer>): Promise<Response> {
  const version = await catalogueVersion();
  const tag = entityTag(version, key);
  const headers: Record<string, string> = { etag: tag, 'cache-control': API_V1_CACHE_CONTROL, 'netlify-cdn-cache-control': API_V1_CDN_CACHE_CONTROL, 'netlify-cache-tag': CATALOGUE_ANSWER_TAGS, vary: 'Accept-Language', 'content-language': locale };
  if (ifNoneMatchHits(req.headers.get('if-none-match'), tag)) return new Response(null, { status: 304, headers });
  const answer = await cache(`${version.catalogue}.${version.popularity}\u0000${key}`, load);
  if (!answer) throw new ApiError('NOT_FOUND', 'api.error.notFound');
  if (answer.link) headers.link = answer.link;
  return encodedAnswer(answer.body, 200, { 'content-type': 'application/json; charset=utf-8', ...headers });
}

/**
 * Entries per endpoint's body cache. A page of 100 books is ~93 KB, so the books list keeps 500
 * (under 50 MB however its keys are varied); the other answers are a few KB (an award's detail ~70 KB, four awards).
 */
const BODY_CACHE_ENTRIES = { large: 500, small: 2_000 } as const;
const newBodyCache = (size: keyof typeof BODY_CACHE_ENTRIES) => createAnswerCache<Answer>({ maxEntries: BODY_CACHE_ENTRIES[size], ttlMs: VERSIONED_ANSWER_TTL_MS });
const envelope = (data: unknown) => encodedBody(JSON.stringify({ success: true, data }));

/** The query fields that choose a page rather than the list. */
type PagingFields = { limit: number; cursor?: string; lang?: Locale };

/**
 * GET of a list (`/api/v1/{name}`): the query parsed with `schema`, the page from the cursor, `load`
 * given the filters and the window; the answer has `nextCursor`, `next` and a Link header.
 */
export function listEndpoint<S extends z.ZodType<PagingFields>>(
  name: string,
  schema: S,
  load: (db: Database, filters: Omit<z.infer<S>, keyof PagingFields>, locale: Locale, page: PageWindow) => Promise<Page<unknown>>,
  { answers = 'small' }: { answers?: keyof typeof BODY_CACHE_ENTRIES } = {},
) {
  const cache = newBodyCache(answers);
  return readEndpoint(async (req, ctx) => {
    const { limit, cursor, lang, ...filters } = parseQuery(req, schema) as PagingFields & Record<string, unknown>;
    const locale = lang ?? ctx.locale;
    const fingerprint = queryFingerprint({ ...filters, locale });
    let offset = 0;
    if (cursor !== undefined) {
      const position = decodeCursor(cursor);
      if (!position || position.fingerprint !== fingerprint) throw new ApiError('VALIDATION', 'api.error.validation', [{ path: 'cursor', key: 'validation.cursor' }]);
      offset = position.offset;
    }
    const key = `${name}\u0000${locale}\u0000${stableJson(filters)}\u0000${offset}\u0000${limit}`;
    return answerFor(req, locale, key, cache, async () => {
      const page = await load(await getDb(), filters as Omit<z.infer<S>, keyof PagingFields>, locale, { offset, limit });
      const end = offset + page.items.length;
      const nextCursor = page.items.length > 0 && end < page.total ? encodeCursor({ offset: end, fingerprint }) : null;
      const next = nextCursor === null ? null : `${API_V1_BASE}/${name}?${new URLSearchParams({ ...stringValues(filters), lang: locale, limit: String(limit), cursor: nextCursor })}`;
      const data: PageV1<unknown> = { items: page.items, total: page.total, limit, nextCursor, next };
      return { body: envelope(data), link: next === null ? undefined : nextLink(next) };
    });
  });
}

const stringValues = (values: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));

/** GET of one record (`/api/v1/{name}/{ref}`, id or slug): 404 when `load` finds none. */
export function detailEndpoint(name: string, load: (db: Database, ref: number | string, locale: Locale) => Promise<unknown | null>) {
  const cache = newBodyCache('small');
  return readEndpoint(async (req, ctx) => {
    const { ref } = parseParams(ctx.params, RefParamsV1Schema);
    const { lang } = parseQuery(req, DetailQueryV1Schema);
    const locale = lang ?? ctx.locale;
    const key = `${name}/${typeof ref === 'number' ? `#${ref}` : ref}\u0000${locale}`;
    return answerFor(req, locale, key, cache, async () => {
      const record = await load(await getDb(), ref, locale);
      return record === null ? null : { body: envelope(record) };
    });
  });
}

/**
 * GET of the OpenAPI document: the JSON itself (not the envelope; refusals are envelopes), serialized
 * once, with a strong ETag of its bytes.
 */
export function documentEndpoint(build: () => unknown) {
  let serialized: { body: string; tag: string } | undefined;
  return readEndpoint(async (req) => {
    serialized ??= (() => {
      const body = JSON.stringify(build());
      return { body, tag: `"openapi-${fnv1a(body)}-${body.length}"` };
    })();
    const headers = { etag: serialized.tag, 'cache-control': API_V1_DOCUMENT_CACHE_CONTROL };
    if (ifNoneMatchHits(req.headers.get('if-none-match'), serialized.tag)) return new Response(null, { status: 304, headers });
    return new Response(serialized.body, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
  });
}
