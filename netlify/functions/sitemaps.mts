import type { Config, Context } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { countSitemapRoutes, sitemapRoutes } from '../../db/queries/sitemap.ts';
import { DEVELOPERS_PAGE, LEGAL_PAGES, MAIN_SECTIONS } from '../../src/components/nav-items.ts';
import { CATALOGUE_TAG } from '../../src/domain/cdn/cache-tags.ts';
import { localePath } from '../../src/domain/routes.ts';
import { COMMON_SECURITY_HEADERS } from '../../src/domain/security-headers.ts';
import { sitemapIndexXml, sitemapPartNames, sitemapPartWindow, urlsetXml } from '../../src/domain/sitemap.ts';
import { siteOrigin } from './_shared/site.ts';

/**
 * The sitemaps, from the database on demand (issue 28 point 5; ADR 0034): `/sitemap.xml` names the
 * parts from a few counts, `/sitemaps/{section}-{n}.xml` lists one indexed window of at most 16,666
 * routes (50,000 URLs with the three languages). Nothing is prebuilt, so a new book is listed as soon as
 * its page exists, and no build grows with the catalogue. Kept by the CDN for a day under the catalogue
 * tag: every catalogue write purges it.
 */

/** The pages besides records: the start page, the sections, the developers page, the legal pages. */
const PAGES = ['/', ...MAIN_SECTIONS.map((section) => section.path), DEVELOPERS_PAGE.path, ...LEGAL_PAGES.map((page) => `/${page.slug}`)];

export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return new Response(null, { status: 405, headers: { allow: 'GET, HEAD', ...COMMON_SECURITY_HEADERS } });
  const site = new URL(siteOrigin(req));
  const db = await getDb();
  const part = context.params.part;
  if (part === undefined) return xml(req, sitemapIndexXml(sitemapPartNames(await countSitemapRoutes(db, PAGES.length)).map((name) => ({ name })), site));
  const window = sitemapPartWindow(part);
  const routes = !window ? [] : window.section === 'pages' ? PAGES.slice(window.offset, window.offset + window.limit) : await sitemapRoutes(db, window.section, window.offset, window.limit);
  if (routes.length === 0) return new Response('No such sitemap.\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', ...CACHED, ...COMMON_SECURITY_HEADERS } });
  return xml(req, urlsetXml(routes, site, localePath));
};

/** Browsers and crawlers ask again after an hour; the CDN keeps it for a day, purged with the catalogue. */
const CACHED = {
  'cache-control': 'public, max-age=3600',
  'netlify-cdn-cache-control': 'public, durable, s-maxage=86400, stale-while-revalidate=3600',
  'netlify-cache-tag': CATALOGUE_TAG,
};

function xml(req: Request, body: string): Response {
  return new Response(req.method === 'HEAD' ? null : body, { headers: { 'content-type': 'application/xml; charset=utf-8', ...CACHED, ...COMMON_SECURITY_HEADERS } });
}

// No `method`: a HEAD reaches the function too (issue 27 point 7), which answers it without a body.
export const config: Config = { path: ['/sitemap.xml', '/sitemaps/:part.xml'] };
