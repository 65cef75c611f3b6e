import { describe, expect, it } from 'vitest';
import { sitemapIndexXml, sitemapParts, urlsetXml } from './sitemap.ts';

const site = new URL('https://phantastika.example');
const localePath = (locale: string, route: string) => `/${locale}${route === '/' ? '' : route}`;

describe('sitemapParts', () => {
  it('keeps each part within the URL limit, counting every locale', () => {
    const books = Array.from({ length: 7 }, (_, i) => `/books/b${i}`);
    const parts = sitemapParts({ pages: ['/'], books }, 9); // 3 routes × 3 locales per part
    expect(parts.map((p) => [p.name, p.routes.length])).toEqual([
      ['pages-1', 1],
      ['books-1', 3],
      ['books-2', 3],
      ['books-3', 1],
    ]);
    expect(parts.flatMap((p) => p.routes)).toEqual(['/', ...books]);
  });

  it('leaves empty sections out and holds 125,000 URLs in three parts per 50,000', () => {
    const books = Array.from({ length: 30_000 }, (_, i) => `/books/b${i}`);
    const parts = sitemapParts({ pages: [], books });
    expect(parts.map((p) => p.name)).toEqual(['books-1', 'books-2']);
    expect(Math.max(...parts.map((p) => p.routes.length * 3))).toBeLessThanOrEqual(50_000);
  });

  it('rejects section names that would make odd file names', () => {
    expect(() => sitemapParts({ 'Books/../x': ['/'] })).toThrow();
  });
});

describe('sitemap XML', () => {
  it('indexes the parts with absolute URLs', () => {
    const xml = sitemapIndexXml([{ name: 'books-1', routes: [] }], site);
    expect(xml).toContain('<sitemapindex');
    expect(xml).toContain('<loc>https://phantastika.example/sitemaps/books-1.xml</loc>');
  });

  it('lists a route once per locale with four alternates each, escaped', () => {
    const xml = urlsetXml(['/books/a&b'], site, localePath);
    expect(xml.match(/<url>/g)).toHaveLength(3);
    expect(xml.match(/<xhtml:link /g)).toHaveLength(12);
    expect(xml).toContain('<loc>https://phantastika.example/de/books/a&amp;b</loc>');
    expect(xml).toContain('hreflang="x-default" href="https://phantastika.example/en/books/a&amp;b"');
  });
});
