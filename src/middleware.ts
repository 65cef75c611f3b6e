/**
 * Astro middleware: an on-demand page (ADR 0037) is a function's answer, which Netlify's `_headers`
 * never reaches, so it gets the pages' security headers here: the common ones and a
 * Content-Security-Policy allowing exactly its own inline scripts and styles by hash, as the build
 * writes for the prebuilt pages (src/integrations/security-headers.ts), and the build's one change to
 * the HTML (the island style in <head>). Pages Astro prerenders pass through (the build does both for
 * them); the entity pages the build writes come through here, as on demand.
 */
import { defineMiddleware } from 'astro:middleware';
import { COMMON_SECURITY_HEADERS, pageContentSecurityPolicy } from './domain/security-headers.ts';
import { hoistIslandStyle, inlineHashesOfPage } from './lib/page-html.server.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  if (!headers.get('content-type')?.startsWith('text/html') || response.body === null) return new Response(response.body, { status: response.status, headers });
  // What the build does to every prebuilt page's HTML (island style into <head>).
  const html = hoistIslandStyle(await response.text());
  headers.set('content-security-policy', pageContentSecurityPolicy(inlineHashesOfPage(html)));
  return new Response(html, { status: response.status, headers });
});
