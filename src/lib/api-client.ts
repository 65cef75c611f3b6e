/**
 * The browser's API client (spec §7, §8; DESIGN.md §5): cookies, JSON, Accept-Language, the envelope,
 * 204, and retries of 429 and 5xx (up to 2, honouring Retry-After, else 300 ms doubling).
 *
 * Retried: 429 for every method (the server did not act), 5xx and network failures for every method
 * too. A write (POST, PUT, PATCH, DELETE) is safe to retry because it carries an `Idempotency-Key`
 * made once per call and sent on every attempt: the server does it once and answers a repeat with
 * the first answer (issue 27 point 7; ADR 0031; STYLE.md rule 11: retry only what is safe).
 */
import type { z } from 'zod';
import type { ErrorDetail } from '../domain/envelope.ts';

export const RETRIES = 2;
export const BASE_DELAY_MS = 300;
/** A Retry-After longer than this is not waited out: the error goes to the caller at once (a form must not spin for minutes). */
export const MAX_RETRY_WAIT_MS = 10_000;
/** Methods that change nothing; every other method is a write and gets an Idempotency-Key. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * A fresh idempotency key: a random UUID. `crypto.randomUUID` exists only in secure contexts (https,
 * localhost); elsewhere (a phone on the LAN) the same from `getRandomValues`, which exists everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export class ApiClientError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly details?: ErrorDetail[];
  /** The record as stored now, on a 409 to a write based on an older version (issue 27 point 4); the caller parses it. */
  readonly current?: unknown;

  constructor(message: string, status: number, code?: string, details?: ErrorDetail[], current?: unknown) {
    super(message);
    this.name = 'ApiClientError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.current = current;
  }
}

export interface ApiClientOptions {
  /** Origin to prefix paths with; '' in the browser (same origin). */
  baseUrl?: string;
  /** The interface language, sent as Accept-Language. */
  language: () => string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface RequestOptions<T> {
  body?: unknown;
  formData?: FormData;
  /** Parses `data` (API responses are a boundary too, STYLE.md rule 3). */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** More request headers (`If-Match` of a versioned write, issue 27). */
  headers?: Record<string, string>;
}

/** Seconds or an HTTP date in Retry-After, as milliseconds; null when absent or unusable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The error message by the spec's precedence: envelope error message, body message, status text. */
export function errorFrom(status: number, statusText: string, body: unknown): ApiClientError {
  // Checked by hand, not with zod: this module is on every page and zod would add ~24 KB gzip to it.
  const error = (body as { error?: { message?: unknown; code?: unknown; details?: unknown; current?: unknown } } | null)?.error;
  if (error && typeof error.message === 'string' && typeof error.code === 'string') {
    return new ApiClientError(error.message, status, error.code, Array.isArray(error.details) ? (error.details as ErrorDetail[]) : undefined, error.current);
  }
  const message = (body as { message?: unknown } | null)?.message;
  return new ApiClientError(typeof message === 'string' && message ? message : statusText || `HTTP ${status}`, status);
}

/** A response body's text as JSON, the text itself when it is no JSON, undefined when empty. */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text());
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function request<T = unknown>(method: string, path: string, init: RequestOptions<T> = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', 'accept-language': options.language() };
    // One key per logical write, the same on every attempt: the server writes once.
    if (!SAFE_METHODS.has(method.toUpperCase())) headers[IDEMPOTENCY_KEY_HEADER] = newIdempotencyKey();
    Object.assign(headers, init.headers);
    let body: BodyInit | undefined;
    if (init.formData) body = init.formData;
    else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await doFetch(`${options.baseUrl ?? ''}${path}`, { method, headers, body, credentials: 'include', signal: init.signal });
      } catch (error) {
        if (init.signal?.aborted) throw error;
        if (attempt < RETRIES) {
          await sleep(BASE_DELAY_MS * 2 ** attempt);
          continue;
        }
        throw new ApiClientError('Network Error', 500);
      }
      const retriable = response.status === 429 || (response.status >= 500 && response.status <= 599);
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? BASE_DELAY_MS * 2 ** attempt;
      if (retriable && attempt < RETRIES && wait <= MAX_RETRY_WAIT_MS) {
        await response.body?.cancel();
        await sleep(wait);
        continue;
      }
      if (response.status === 204) return undefined as T;
      const parsed = await readBody(response);
      if (!response.ok) throw errorFrom(response.status, response.statusText, parsed);
      const isEnvelope = typeof parsed === 'object' && parsed !== null && 'success' in parsed;
      const data = isEnvelope ? (parsed as { data?: unknown }).data : parsed;
      return init.schema ? init.schema.parse(data) : (data as T);
    }
  }

  return {
    request,
    get: <T = unknown>(path: string, init?: RequestOptions<T>) => request<T>('GET', path, init),
    post: <T = unknown>(path: string, body?: unknown, init?: RequestOptions<T>) => request<T>('POST', path, { ...init, body }),
    patch: <T = unknown>(path: string, body?: unknown, init?: RequestOptions<T>) => request<T>('PATCH', path, { ...init, body }),
    delete: <T = unknown>(path: string, init?: RequestOptions<T>) => request<T>('DELETE', path, init),
    /** GET /api/auth/user: the signed-in user, or null when signed out (401 is not an error, never retried). */
    async currentUser<T = unknown>(schema?: z.ZodType<T>): Promise<T | null> {
      const response = await doFetch(`${options.baseUrl ?? ''}/api/auth/user`, {
        headers: { accept: 'application/json', 'accept-language': options.language() },
        credentials: 'include',
      }).catch(() => null);
      if (!response) throw new ApiClientError('Network Error', 500);
      if (response.status === 401) return null;
      const parsed = await readBody(response);
      if (!response.ok) throw errorFrom(response.status, response.statusText, parsed);
      const data = (parsed as { data?: unknown }).data ?? null;
      return schema && data !== null ? schema.parse(data) : (data as T | null);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
