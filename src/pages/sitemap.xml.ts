/**
 * /sitemap.xml (issue 3, item 3): a sitemap index naming the parts in /sitemaps/*.xml (one or more per
 * section, at most 50,000 URLs each: src/domain/sitemap.ts).
 */
import type { APIRoute } from 'astro';
import { sitemapIndexXml } from '../domain/sitemap.ts';
import { getSitemapParts } from '../lib/sitemap-routes.server.ts';

export const prerender = true;

export const GET: APIRoute = async ({ site }) => {
  if (!site) throw new Error('sitemap.xml needs the `site` option (SITE_URL) for absolute URLs.');
  return new Response(sitemapIndexXml(await getSitemapParts(), site), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
