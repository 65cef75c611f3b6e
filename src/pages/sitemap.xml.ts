/**
 * /sitemap.xml (issue 3, item 3): every indexable page of every locale, each with its hreflang
 * alternates (en, de, it, x-default → en), built from the same catalogue snapshot as the detail pages.
 * URLs have the canonical form BaseLayout writes (`site` + localePath, no trailing slash).
 *
 * Limit: one sitemap file holds at most 50,000 URLs (sitemaps.org); the catalogue has about 14,000.
 * Past that, split into a sitemap index (one file per section) — the build fails loudly before then.
 */
import type { APIRoute } from 'astro';
import { getCatalogueSnapshot } from '../../db/queries/catalogue.ts';
import { LEGAL_PAGES, MAIN_SECTIONS } from '../components/nav-items.ts';
import { DEFAULT_LOCALE, LOCALES } from '../domain/enums.ts';
import { localePath } from '../lib/i18n.ts';

export const prerender = true;

/** sitemaps.org: at most 50,000 URLs per file. */
const MAX_URLS = 50_000;

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch);

export const GET: APIRoute = async ({ site }) => {
  if (!site) throw new Error('sitemap.xml needs the `site` option (SITE_URL) for absolute URLs.');
  const { books, authors, series } = await getCatalogueSnapshot();

  // Unprefixed routes; each exists in every locale. Account screens (noindex) and 404 pages are left out.
  const routes = [
    '/',
    ...MAIN_SECTIONS.map((section) => section.path),
    ...LEGAL_PAGES.map((page) => `/${page.slug}`),
    ...books.map((b) => `/books/${b.slug}`),
    ...authors.map((a) => `/authors/${a.slug}`),
    ...series.map((s) => `/series/${s.slug}`),
  ];
  if (routes.length * LOCALES.length > MAX_URLS) {
    throw new Error(`sitemap.xml would list ${routes.length * LOCALES.length} URLs (max ${MAX_URLS}): split it into a sitemap index.`);
  }

  const url = (locale: (typeof LOCALES)[number], route: string) => escapeXml(new URL(localePath(locale, route), site).href);
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n',
  ];
  for (const route of routes) {
    const alternates =
      LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${url(l, route)}"/>`).join('') +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${url(DEFAULT_LOCALE, route)}"/>`;
    for (const locale of LOCALES) parts.push(`<url><loc>${url(locale, route)}</loc>${alternates}</url>\n`);
  }
  parts.push('</urlset>\n');

  return new Response(parts.join(''), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
