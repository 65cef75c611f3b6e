import { describe, expect, it } from 'vitest';
import { cacheTagsOf, cdnDirectives, cdnFreshness, cdnVariantKey, cdnVaryOf, preferredLanguage } from './cdn-cache.ts';

const h = (init: Record<string, string>) => new Headers(init);

describe('cdnDirectives', () => {
  it('reads the most specific header: Netlify-CDN-Cache-Control, then CDN-Cache-Control, then Cache-Control', () => {
    expect(cdnDirectives(h({ 'netlify-cdn-cache-control': 'public, durable, s-maxage=60, stale-while-revalidate=600', 'cache-control': 'no-store' }))).toEqual({ maxAge: 60, staleWhileRevalidate: 600, durable: true });
    expect(cdnDirectives(h({ 'cdn-cache-control': 'public, max-age=30', 'cache-control': 'public, max-age=0' }))).toEqual({ maxAge: 30, staleWhileRevalidate: 0, durable: false });
    expect(cdnDirectives(h({ 'cache-control': 'public, max-age=0, s-maxage=120' }))).toEqual({ maxAge: 120, staleWhileRevalidate: 0, durable: false });
  });
  it('keeps nothing private, no-store, no-cache, without a lifetime or with a broken one', () => {
    for (const value of ['private, max-age=60', 'public, no-store, s-maxage=60', 'no-cache, s-maxage=60', 'public', 'public, max-age=0', 'public, s-maxage=abc']) {
      expect(cdnDirectives(h({ 'netlify-cdn-cache-control': value })), value).toBeNull();
    }
    expect(cdnDirectives(h({}))).toBeNull();
  });
});

describe('cacheTagsOf', () => {
  it('reads both tag headers, trimmed and without repeats', () => {
    expect(cacheTagsOf(h({ 'netlify-cache-tag': 'book-1, author-2,', 'cache-tag': 'book-1,series-3' }))).toEqual(['book-1', 'author-2', 'series-3']);
    expect(cacheTagsOf(h({}))).toEqual([]);
  });
});

describe('the cache key', () => {
  const request = (url: string, headers: Record<string, string> = {}) => ({ url: new URL(url, 'http://localhost'), header: (name: string) => new Headers(headers).get(name) });
  it('is the path and the whole query string (in a stable order) by default', () => {
    const vary = cdnVaryOf(h({}));
    expect(cdnVariantKey(request('/en/books/dune?b=2&a=1'), vary)).toBe(cdnVariantKey(request('/en/books/dune?a=1&b=2'), vary));
    expect(cdnVariantKey(request('/en/books/dune?utm=x'), vary)).not.toBe(cdnVariantKey(request('/en/books/dune'), vary));
  });
  it('counts only the query parameters Netlify-Vary names', () => {
    const vary = cdnVaryOf(h({ 'netlify-vary': 'query=tab' }));
    expect(cdnVariantKey(request('/en/books/dune?tab=reviews&utm=x'), vary)).toBe(cdnVariantKey(request('/en/books/dune?tab=reviews'), vary));
    expect(cdnVariantKey(request('/en/books/dune?tab=reviews'), vary)).not.toBe(cdnVariantKey(request('/en/books/dune'), vary));
  });
  it('varies on a language, a header and a cookie when asked', () => {
    const vary = cdnVaryOf(h({ 'netlify-vary': 'language=en|de|it,cookie=nf_lang', vary: 'Accept-Encoding, X-Test' }));
    expect(vary).toEqual({ query: null, headers: ['x-test'], cookies: ['nf_lang'], languages: ['en', 'de', 'it'] });
    const de = request('/', { 'accept-language': 'de-CH, en;q=0.5' });
    const de2 = request('/', { 'accept-language': 'de' });
    const it_ = request('/', { 'accept-language': 'it' });
    expect(cdnVariantKey(de, vary)).toBe(cdnVariantKey(de2, vary));
    expect(cdnVariantKey(de, vary)).not.toBe(cdnVariantKey(it_, vary));
    expect(cdnVariantKey(request('/', { cookie: 'a=1; nf_lang=it' }), vary)).not.toBe(cdnVariantKey(request('/', { cookie: 'nf_lang=de' }), vary));
    expect(cdnVariantKey(request('/', { 'x-test': '1' }), vary)).not.toBe(cdnVariantKey(request('/'), vary));
  });
  it('reduces Accept-Language to the first listed language it prefers', () => {
    expect(preferredLanguage('it-CH, de;q=0.8, en;q=0.5', ['en', 'de'])).toBe('de');
    expect(preferredLanguage('fr', ['en', 'de'])).toBe('');
    expect(preferredLanguage('en;q=0, de', ['en', 'de'])).toBe('de');
    expect(preferredLanguage(null, ['en'])).toBe('');
  });
});

describe('cdnFreshness', () => {
  it('is fresh for the lifetime, stale for stale-while-revalidate after it, then expired', () => {
    const entry = { storedAt: 1_000, maxAge: 60, staleWhileRevalidate: 30, durable: true };
    expect(cdnFreshness(entry, 1_000 + 59_999)).toBe('fresh');
    expect(cdnFreshness(entry, 1_000 + 60_000)).toBe('stale');
    expect(cdnFreshness(entry, 1_000 + 89_999)).toBe('stale');
    expect(cdnFreshness(entry, 1_000 + 90_000)).toBe('expired');
  });
});
