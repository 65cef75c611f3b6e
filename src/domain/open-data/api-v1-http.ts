/**
 * HTTP rules of the read API (issue 16 point 4; docs/decisions/0025-public-read-api-v1.md): entity
 * tags from the catalogue's version, conditional requests, caching and CORS headers. Pure.
 */
import { fnv1a } from './api-v1-cursor.ts';

/** The catalogue's version (catalogue_version, migration 0015): edits move `catalogue`, ratings and reviews `popularity`. */
export interface VersionStamp {
  catalogue: number;
  popularity: number;
}

/**
 * The entity tag of an answer: weak (a CDN may compress the bytes), derived from the catalogue's
 * version and the answer's key (path, language, normalized query). Any catalogue edit, rating or
 * review changes every tag; the same question under the same version has the same tag on every
 * instance, without hashing the body.
 * @example entityTag({ catalogue: 12, popularity: 3 }, '/api/v1/books\u0000en\u0000{}') // 'W/"v1-12.3-…"'
 */
export function entityTag(version: VersionStamp, key: string): string {
  return `W/"v1-${version.catalogue}.${version.popularity}-${fnv1a(key)}"`;
}

/**
 * Whether an `If-None-Match` header names `tag` (weak comparison, RFC 9110 §13.1.2), or is `*`.
 * @example ifNoneMatchHits('"a", W/"b"', 'W/"b"') // true
 */
export function ifNoneMatchHits(header: string | null, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  const wanted = opaque(tag);
  return header.split(',').some((candidate) => opaque(candidate) === wanted);
}

/**
 * Caching of successful answers: browsers and the CDN keep an answer a minute and may serve it stale
 * for five more while they revalidate with the ETag (a 304 costs no query). Errors are never stored.
 */
export const API_V1_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
/**
 * Netlify's CDN caches a function's answer only when told so in its own header (Cache-Control alone
 * is for browsers): the same minute, kept once for every edge node (`durable`), served stale while
 * revalidating. The CDN keys by URL (query included) and by the `Vary` headers.
 */
export const API_V1_CDN_CACHE_CONTROL = 'public, durable, s-maxage=60, stale-while-revalidate=300';
/** The OpenAPI document changes only with a deploy. */
export const API_V1_DOCUMENT_CACHE_CONTROL = 'public, max-age=300';

/**
 * CORS of every read API answer: any origin may read it, without credentials (the API reads no
 * cookie; `*` forbids them anyway). The ETag, Link, rate-limit and language headers are exposed.
 */
export const API_V1_CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Link, RateLimit, RateLimit-Policy, Retry-After, Content-Language',
  // Anyone may embed or fetch the data; the site's own pages keep their stricter policy.
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/** What a preflight answers: GET (and HEAD) with the conditional and language headers, cached a day. */
export const API_V1_PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...API_V1_CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': 'Accept, Accept-Language, If-None-Match',
  'Access-Control-Max-Age': '86400',
};

/**
 * The `Link` header of a page with a next one (RFC 8288).
 * @example nextLink('/api/v1/books?limit=20&cursor=abc') // '</api/v1/books?limit=20&cursor=abc>; rel="next"'
 */
export const nextLink = (href: string): string => `<${href}>; rel="next"`;
