/**
 * The one place where requests become calls and errors become HTTP (STYLE.md rule 5):
 * `handle()` dispatches by method, parses input with zod, and maps every failure to the envelope.
 */
import type { Context } from '@netlify/functions';
import { z } from 'zod';
import { negotiateLocale } from '../../../src/domain/accept-language.ts';
import type { Locale } from '../../../src/domain/enums.ts';
import { ApiError, detailsFromZod, type ErrorBody } from '../../../src/domain/envelope.ts';
import { isDatabaseUnavailable } from '../../../db/client.ts';
import { ConfigurationError } from '../../../src/domain/runtime/environment.ts';
import { API_CONTENT_SECURITY_POLICY, COMMON_SECURITY_HEADERS } from '../../../src/domain/security-headers.ts';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_WRITE_METHODS } from '../../../src/domain/runtime/idempotency.ts';
import { answerOnce } from './idempotency.ts';
import { translate } from './messages.ts';
import { isOwnOrigin } from './site.ts';
import { plainAnswerOf, plainResponse, withAddedHeaders, type PlainHeaders } from '../../../src/lib/response-headers.ts';

export const MAX_JSON_BODY_BYTES = 64 * 1024;
/** What a 503 during a database outage asks clients to wait: service resumes within ~2 s of its return. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type Method = (typeof METHODS)[number];
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a handler gets besides the request: path params and the request language. */
export interface RequestContext {
  params: Record<string, string>;
  locale: Locale;
  netlify?: Context;
}
type Handler = (req: Request, ctx: RequestContext) => Promise<Response>;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** Response headers; a list gives a header several times (Set-Cookie). */
export type HeaderValues = Record<string, string | string[]>;

/** Every API answer carries the common security headers and a CSP for data (issue 10). */
const API_SECURITY_HEADERS: PlainHeaders = Object.fromEntries(
  Object.entries({ ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': API_CONTENT_SECURITY_POLICY }).map(([name, value]) => [name.toLowerCase(), value]),
);

/**
 * An answer of ours: the security headers, then `sources` in order (a later source's header replaces
 * an earlier one's), made once as a plain answer (src/lib/response-headers.ts) that the local server
 * sends without reading it back.
 */
function answer(body: string | null, status: number, ...sources: HeaderValues[]): Response {
  return plainResponse(body, status, answerHeaders(sources));
}

function answerHeaders(sources: HeaderValues[]): PlainHeaders {
  const headers: PlainHeaders = { ...API_SECURITY_HEADERS };
  for (const source of sources) for (const [name, value] of Object.entries(source)) headers[name.toLowerCase()] = value;
  return headers;
}

/** Encoded once, kept: its bytes (sent by the local server) and the same as a Blob (the Response's body). */
export interface EncodedBody {
  bytes: Buffer;
  blob: Blob;
}

export function encodedBody(text: string): EncodedBody {
  const bytes = Buffer.from(text);
  return { bytes, blob: new Blob([bytes]) };
}

/** An answer of a body encoded once (a cached page of the read API), with the security headers as ok()'s. */
export function encodedAnswer(body: EncodedBody, status: number, ...sources: HeaderValues[]): Response {
  return plainResponse(body.bytes, status, answerHeaders(sources), body.blob);
}

export function ok(data: unknown, init: { status?: number; headers?: HeaderValues } = {}): Response {
  return answer(JSON.stringify({ success: true, data }), init.status ?? 200, JSON_HEADERS, init.headers ?? {});
}

/** ok() of data already serialized (JSON text), e.g. spliced from a cached half and a live half. */
export function okJson(dataJson: string, init: { status?: number; headers?: HeaderValues } = {}): Response {
  return answer(`{"success":true,"data":${dataJson}}`, init.status ?? 200, JSON_HEADERS, init.headers ?? {});
}

/** A small HTML page of the API (the sign-out confirmation): never cached, with the security headers as ok()'s. */
export function htmlPage(html: string, init: { status?: number; headers?: HeaderValues } = {}): Response {
  return answer(html, init.status ?? 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, init.headers ?? {});
}

export function noContent(headers: HeaderValues = {}): Response {
  return answer(null, 204, headers);
}

function errorResponse(error: ApiError, locale: Locale): Response {
  const body: ErrorBody = { message: translate(locale, error.messageKey, error.extras?.params), code: error.code };
  if (error.details) body.details = error.details.map((d) => ({ path: d.path, message: translate(locale, d.key, d.params), key: d.key }));
  const retryAfter = Number(error.headers?.['retry-after']);
  if (Number.isInteger(retryAfter)) body.retryAfter = retryAfter;
  if (error.extras?.blockedBy) body.blockedBy = error.extras.blockedBy;
  if (error.extras?.current !== undefined) body.current = error.extras.current;
  return answer(JSON.stringify({ success: false, error: body }), error.status, JSON_HEADERS, { 'content-language': locale }, error.headers ?? {});
}

/** Parses path params with a schema; a mismatch is a 400 (or a 404 where the caller says so). */
export function parseParams<T extends z.ZodType>(params: Record<string, string>, schema: T): z.infer<T> {
  const result = schema.safeParse(params);
  if (!result.success) throw new ApiError('VALIDATION', 'api.error.validation', detailsFromZod(result.error.issues));
  return result.data;
}

/** Parses the JSON body: application/json only (415), size-capped, malformed JSON and schema mismatches are 400s, never 500s. */
export async function parseJson<T extends z.ZodType>(req: Request, schema: T): Promise<z.infer<T>> {
  return parseValue(await readJson(req), schema);
}

/** Parses a value already read (a body that one of two schemas describes, e.g. PATCH /api/editions/{id}). */
export function parseValue<T extends z.ZodType>(value: unknown, schema: T): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError('VALIDATION', 'api.error.validation', detailsFromZod(result.error.issues));
  return result.data;
}

/** Reads the JSON body as it is, with the checks of parseJson (415, size cap, malformed JSON), before any schema. */
export async function readJson(req: Request): Promise<unknown> {
  // Only JSON is read as JSON (issue 10): a form post or text/plain from another site is refused.
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > MAX_JSON_BODY_BYTES) throw new ApiError('VALIDATION', 'api.error.bodyTooLarge');
  const text = await req.text();
  if (new TextEncoder().encode(text).byteLength > MAX_JSON_BODY_BYTES) throw new ApiError('VALIDATION', 'api.error.bodyTooLarge');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('VALIDATION', 'api.error.malformedJson');
  }
}

/** Parses the query string (first value of each name) with a schema. */
export function parseQuery<T extends z.ZodType>(req: Request, schema: T): z.infer<T> {
  const query = Object.fromEntries(new URL(req.url).searchParams);
  const result = schema.safeParse(query);
  if (!result.success) throw new ApiError('VALIDATION', 'api.error.validation', detailsFromZod(result.error.issues));
  return result.data;
}


/**
 * Runs work after the answer has gone out (Netlify's `waitUntil`): account mail, so that known and
 * unknown addresses answer in the same time (issue 10). Failures are logged, never the caller's.
 */
export function afterResponse(ctx: Pick<RequestContext, 'netlify'>, work: () => Promise<unknown>): void {
  const done = work().catch((error: unknown) => console.error('Work after the response failed:', error));
  ctx.netlify?.waitUntil(done);
}

/**
 * Mutating requests from a foreign Origin are refused (DESIGN.md §5): a browser always sends Origin
 * on cross-site POST/PATCH/DELETE, so a missing Origin (curl, server-to-server) is allowed. The
 * Origin must be the site's configured address (`siteOrigin`, issue 26 point 2), never one the request
 * names; forwarded headers from the client are never trusted (issue 10).
 */
export function isSameOrigin(req: Request): boolean {
  const origin = req.headers.get('origin');
  if (!origin) return true;
  return isOwnOrigin(origin, req);
}

/** Answers a handler made itself (a redirect, a CSV) get the security headers it did not set; ours have them. */
function withSecurityHeaders(response: Response): Response {
  if (plainAnswerOf(response)) return response;
  return withAddedHeaders(response, (headers) => {
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value as string);
  });
}

/**
 * The answer to a HEAD: the GET's status and headers without the body (RFC 9110 §9.3.2), with the
 * Content-Length the body would have had when it is known.
 */
async function withoutBody(response: Response): Promise<Response> {
  const plain = plainAnswerOf(response);
  if (plain) {
    const headers: PlainHeaders = { ...plain.headers };
    if (plain.body !== null && headers['content-length'] === undefined) {
      headers['content-length'] = String(typeof plain.body === 'string' ? Buffer.byteLength(plain.body) : plain.body.length);
    }
    return plainResponse(null, response.status, headers);
  }
  await response.body?.cancel();
  const headers: PlainHeaders = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  return plainResponse(null, response.status, headers);
}

/**
 * Builds a Netlify Functions v2 handler from one handler per method. Unknown methods get 405,
 * ApiErrors their status, anything unexpected a logged 500 with no internals in the body.
 * A HEAD runs the GET handler and answers without the body (issue 27 point 7); a write with an
 * `Idempotency-Key` header is answered once per key (`answerOnce`, ADR 0031).
 */
export function handle(handlers: Partial<Record<Method, Handler>>) {
  const table: Partial<Record<Method, Handler>> = handlers.GET && !handlers.HEAD ? { ...handlers, HEAD: handlers.GET } : handlers;
  const allow = METHODS.filter((method) => table[method]).join(', ');
  return async (req: Request, context?: Context): Promise<Response> => {
    const response = withSecurityHeaders(await dispatch(req, context));
    return req.method === 'HEAD' ? withoutBody(response) : response;
  };

  async function dispatch(req: Request, context?: Context): Promise<Response> {
    const locale = negotiateLocale(req.headers.get('accept-language'));
    const handler = table[req.method as Method];
    try {
      if (!handler) throw new ApiError('METHOD_NOT_ALLOWED', 'api.error.methodNotAllowed', undefined, { allow });
      // GET, HEAD and OPTIONS change nothing (a CORS preflight of the read API comes from other sites by design).
      if (!SAFE_METHODS.has(req.method) && !isSameOrigin(req)) throw new ApiError('FORBIDDEN', 'api.error.foreignOrigin');
      const run = (request: Request) => handler(request, { params: context?.params ?? {}, locale, netlify: context });
      // Only a write that names a key pays for it (ADR 0031): no lookup, no extra round trip otherwise.
      const key = IDEMPOTENT_WRITE_METHODS.has(req.method) ? req.headers.get(IDEMPOTENCY_KEY_HEADER) : null;
      return await (key === null ? run(req) : answerOnce(req, key, context, run));
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error, locale);
      if (error instanceof ConfigurationError) {
        // Fail closed (issue 26 point 1): the operators read which setting in the log, the client in the envelope.
        console.error(`Configuration error in ${req.method} ${new URL(req.url).pathname}: ${error.message}`);
        return errorResponse(new ApiError('MISCONFIGURED', 'api.error.misconfigured', undefined, undefined, { params: { setting: error.setting } }), locale);
      }
      if (isDatabaseUnavailable(error)) {
        // An outage, not a bug: a short, honest 503 the client may retry (spec §8 retries 5xx).
        console.warn('Database unavailable for', req.method, new URL(req.url).pathname);
        return errorResponse(new ApiError('UNAVAILABLE', 'api.error.unavailable', undefined, { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) }), locale);
      }
      console.error('Unhandled error in', req.method, new URL(req.url).pathname, error);
      return errorResponse(new ApiError('INTERNAL'), locale);
    }
  }
}
