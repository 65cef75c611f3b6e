/**
 * Sitemaps (issue 3, item 3; issue 28 point 5: answered from the database by netlify/functions/sitemaps.mts;
 * sitemaps.org): /sitemap.xml is a sitemap index naming one file per
 * section and chunk (`/sitemaps/books-1.xml`, ...), each at most 50,000 URLs, so the catalogue can
 * grow past 50,000 pages (the 30,000-book benchmark has ~125,000). Every route exists in every locale
 * and is listed once per locale with its hreflang alternates (en, de, it, x-default → en).
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from './enums.ts';

/** sitemaps.org: at most 50,000 URLs per sitemap file. */
export const MAX_SITEMAP_URLS = 50_000;

export interface SitemapPart {
  /** File name without extension, e.g. `books-2`. */
  name: string;
}

/** The sections of the sitemap, in the index's order: the pages besides records, then one per kind of record page. */
export const SITEMAP_SECTIONS = ['pages', 'books', 'authors', 'series', 'awards'] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

/** Routes per part: every route is listed once per locale. */
export const routesPerPart = (maxUrls = MAX_SITEMAP_URLS): number => Math.floor(maxUrls / LOCALES.length);

/**
 * The parts' names from the number of routes of each section, without loading them (issue 28 point 5:
 * the index of a 1,000,000-book catalogue is a few counts).
 * @example sitemapPartNames({ pages: 10, books: 20_000, authors: 0, series: 5, awards: 3 }) // ['pages-1', 'books-1', 'books-2', 'series-1', 'awards-1']
 */
export function sitemapPartNames(counts: Readonly<Record<SitemapSection, number>>, maxUrls = MAX_SITEMAP_URLS): string[] {
  const perPart = routesPerPart(maxUrls);
  return SITEMAP_SECTIONS.flatMap((section) => Array.from({ length: Math.ceil(counts[section] / perPart) }, (_, i) => `${section}-${i + 1}`));
}

/**
 * Which routes a part holds: its section and the window of that section's routes (in id order).
 * Null for a name that is no part.
 * @example sitemapPartWindow('books-2') // { section: 'books', offset: 16666, limit: 16666 }
 */
export function sitemapPartWindow(name: string, maxUrls = MAX_SITEMAP_URLS): { section: SitemapSection; offset: number; limit: number } | null {
  const match = /^([a-z]+)-([1-9][0-9]{0,5})$/.exec(name);
  const section = SITEMAP_SECTIONS.find((s) => s === match?.[1]);
  if (!match || !section) return null;
  const limit = routesPerPart(maxUrls);
  return { section, offset: (Number(match[2]) - 1) * limit, limit };
}

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch);

/** The sitemap index naming every part, with absolute URLs. */
export function sitemapIndexXml(parts: readonly SitemapPart[], site: URL): string {
  const entries = parts.map((part) => `<sitemap><loc>${escapeXml(new URL(`/sitemaps/${part.name}.xml`, site).href)}</loc></sitemap>\n`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`;
}

/** One part: each route in every locale, with its alternates. `localePath` builds `/de/books/dune`. */
export function urlsetXml(routes: readonly string[], site: URL, localePath: (locale: Locale, route: string) => string): string {
  const url = (locale: Locale, route: string) => escapeXml(new URL(localePath(locale, route), site).href);
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n',
  ];
  for (const route of routes) {
    const alternates =
      LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${url(l, route)}"/>`).join('') +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${url(DEFAULT_LOCALE, route)}"/>`;
    for (const locale of LOCALES) out.push(`<url><loc>${url(locale, route)}</loc>${alternates}</url>\n`);
  }
  out.push('</urlset>\n');
  return out.join('');
}
