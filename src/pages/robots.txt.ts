import type { APIRoute } from 'astro';

/** robots.txt with an absolute sitemap address (crawlers ignore relative ones), built from SITE_URL. */
export const GET: APIRoute = ({ site }) =>
  new Response(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${new URL('/sitemap.xml', site).href}\n`, {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
