/**
 * The routes the sitemaps list, by section, from the same catalogue snapshot as the detail pages.
 * Account screens (noindex), /search and 404 pages are left out. Build-time only (reads the database).
 */
import { getCatalogueSnapshot } from '../../db/queries/catalogue.ts';
import { LEGAL_PAGES, MAIN_SECTIONS } from '../components/nav-items.ts';
import { sitemapParts, type SitemapPart } from '../domain/sitemap.ts';

export async function getSitemapParts(): Promise<SitemapPart[]> {
  const { books, authors, series } = await getCatalogueSnapshot();
  return sitemapParts({
    pages: ['/', ...MAIN_SECTIONS.map((section) => section.path), ...LEGAL_PAGES.map((page) => `/${page.slug}`)],
    books: books.map((b) => `/books/${b.slug}`),
    authors: authors.map((a) => `/authors/${a.slug}`),
    series: series.map((s) => `/series/${s.slug}`),
  });
}
