/**
 * Sitemaps (issue 3, item 3; sitemaps.org): /sitemap.xml is a sitemap index naming one file per
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
  /** Unprefixed routes (`/books/dune`); each is listed in every locale. */
  routes: string[];
}

/**
 * Splits each section's routes into parts of at most `maxUrls` URLs (counting every locale).
 * @example sitemapParts({ pages: ['/'], books: ['/books/a', '/books/b'] }, 3) // pages-1 ['/'], books-1 ['/books/a'], books-2 ['/books/b']
 */
export function sitemapParts(sections: Readonly<Record<string, readonly string[]>>, maxUrls = MAX_SITEMAP_URLS): SitemapPart[] {
  const perPart = Math.floor(maxUrls / LOCALES.length);
  if (perPart < 1) throw new Error(`A sitemap part must hold at least one route in ${LOCALES.length} locales`);
  const parts: SitemapPart[] = [];
  for (const [section, routes] of Object.entries(sections)) {
    if (!/^[a-z][a-z0-9-]*$/.test(section)) throw new Error(`Sitemap section names are lower-case words: ${section}`);
    for (let start = 0, n = 1; start < routes.length; start += perPart, n += 1) {
      parts.push({ name: `${section}-${n}`, routes: routes.slice(start, start + perPart) });
    }
  }
  return parts;
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
