import { describe, expect, it } from 'vitest';
import { routesPerPart, sitemapIndexXml, sitemapPartNames, sitemapPartWindow, urlsetXml } from './sitemap.ts';

const site = new URL('https://phantastika.example');
const localePath = (locale: string, route: string) => `/${locale}${route === '/' ? '' : route}`;

describe('sitemapPartNames and sitemapPartWindow (issue 28 point 5)', () => {
  it('names the parts of each section from its count, each within the URL limit counting every locale', () => {
    const counts = { pages: 1, books: 7, authors: 0, series: 3, awards: 2 };
    expect(sitemapPartNames(counts, 9)).toEqual(['pages-1', 'books-1', 'books-2', 'books-3', 'series-1', 'awards-1']); // 3 routes × 3 locales per part
    expect(routesPerPart()).toBe(16_666);
    expect(routesPerPart() * 3).toBeLessThanOrEqual(50_000);
  });

  it('holds a 1,000,000-book catalogue in parts of at most 50,000 URLs', () => {
    const names = sitemapPartNames({ pages: 12, books: 1_000_000, authors: 400_000, series: 90_000, awards: 40 });
    expect(names.filter((n) => n.startsWith('books-'))).toHaveLength(61);
    expect(names.at(-1)).toBe('awards-1');
  });

  it('gives each part its window of the section, and no window to a name that is no part', () => {
    expect(sitemapPartWindow('books-1')).toEqual({ section: 'books', offset: 0, limit: 16_666 });
    expect(sitemapPartWindow('books-3', 9)).toEqual({ section: 'books', offset: 6, limit: 3 });
    for (const name of ['books-0', 'books-01', 'genres-1', 'books', 'books-1.xml', '../books-1', 'Books-1', 'books-9999999']) expect(sitemapPartWindow(name), name).toBeNull();
  });
});

describe('sitemap XML', () => {
  it('indexes the parts with absolute URLs', () => {
    const xml = sitemapIndexXml([{ name: 'books-1' }], site);
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
