/**
 * /sitemaps/{section}-{n}.xml: one part of the sitemap index, every route in every locale with its
 * hreflang alternates; URLs in the canonical form BaseLayout writes (`site` + localePath).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { SitemapPart } from '../../domain/sitemap.ts';
import { urlsetXml } from '../../domain/sitemap.ts';
import { localePath } from '../../lib/i18n.ts';
import { getSitemapParts } from '../../lib/sitemap-routes.server.ts';

export const prerender = true;

export const getStaticPaths = (async () => (await getSitemapParts()).map((part) => ({ params: { part: part.name }, props: { part } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ part: SitemapPart }> = ({ site, props }) => {
  if (!site) throw new Error('Sitemaps need the `site` option (SITE_URL) for absolute URLs.');
  return new Response(urlsetXml(props.part.routes, site, localePath), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
