/**
 * The routes the sitemaps list, by section, from the same catalogue snapshot as the detail pages.
 * Account screens (noindex), /search, 404 pages, /welcome and the newsletter and admin pages (noindex)
 * are left out. Build-time only (reads the database).
 */
import { getCatalogueSnapshot } from '../../db/queries/catalogue.ts';
import { awardRefs, buildAwardViews } from '../components/lists/awards-data.server.ts';
import { DEVELOPERS_PAGE, LEGAL_PAGES, MAIN_SECTIONS } from '../components/nav-items.ts';
import { awardRoutes } from '../domain/awards-view.ts';
import { DEFAULT_LOCALE } from '../domain/enums.ts';
import { sitemapParts, type SitemapPart } from '../domain/sitemap.ts';

export async function getSitemapParts(): Promise<SitemapPart[]> {
  const snapshot = await getCatalogueSnapshot();
  const { books, authors, series } = snapshot;
  return sitemapParts({
    pages: ['/', ...MAIN_SECTIONS.map((section) => section.path), DEVELOPERS_PAGE.path, ...LEGAL_PAGES.map((page) => `/${page.slug}`)],
    books: books.map((b) => `/books/${b.slug}`),
    authors: authors.map((a) => `/authors/${a.slug}`),
    series: series.map((s) => `/series/${s.slug}`),
    // Award and category pages (issue 11), with the same categories as their pages' getStaticPaths
    // (custom categories included; slugs are the same in every language).
    awards: awardRoutes(awardRefs(buildAwardViews(snapshot, DEFAULT_LOCALE))),
  });
}
