import type { Config, Context } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { lookupEntityPath } from '../../db/queries/entity-paths.ts';
import { CATALOGUE_TAG } from '../../src/domain/cdn/cache-tags.ts';
import { ENTITY_PATH_SECTIONS, entityPathLocation, keyOfEntityPath, type EntityPathSection } from '../../src/domain/entity-paths.ts';
import { LOCALES, type Locale } from '../../src/domain/enums.ts';
import { COMMON_SECURITY_HEADERS } from '../../src/domain/security-headers.ts';
import { siteOrigin } from './_shared/site.ts';

/**
 * The entity paths that are no page (issue 28 point 4; ADR 0033): `/{locale}/{section}/{key}` where
 * no prebuilt page answers (`preferStatic`: a page's file always wins). An author's, series' or
 * award's id, a genre's id or slug, an old slug of a book, author or series: 301 to where it leads
 * (the query kept). Anything else: the language's 404 page with status 404. Both are kept by the CDN
 * under the catalogue tag, which every catalogue write purges, so a new record or a renamed slug is
 * followed at once. Replaces the thousands of `_redirects` rules these were.
 */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return new Response(null, { status: 405, headers: { allow: 'GET, HEAD', ...COMMON_SECURITY_HEADERS } });
  const locale = context.params.locale as Locale;
  const section = context.params.section as EntityPathSection;
  // The path's pattern admits only these; a request that reached us otherwise names nothing.
  const key = LOCALES.includes(locale) && ENTITY_PATH_SECTIONS.includes(section) ? keyOfEntityPath(section, context.params.key ?? '') : null;
  const target = key ? await lookupEntityPath(await getDb(), section, key) : null;
  if (target) {
    return new Response(null, {
      status: 301,
      headers: { location: entityPathLocation(locale, section, target, new URL(req.url).search), ...CACHED, ...COMMON_SECURITY_HEADERS },
    });
  }
  return notFoundPage(req, LOCALES.includes(locale) ? locale : 'en');
};

/** Kept by the CDN for a day and purged with the catalogue; browsers ask again each time. */
const CACHED = {
  'cache-control': 'public, max-age=0, must-revalidate',
  'netlify-cdn-cache-control': 'public, durable, s-maxage=86400, stale-while-revalidate=60',
  'netlify-cache-tag': CATALOGUE_TAG,
};

/** The language's prebuilt 404 page (its own headers: type, CSP with its inline hashes) with status 404. */
async function notFoundPage(req: Request, locale: Locale): Promise<Response> {
  const page = await fetch(new URL(`/${locale}/404/`, siteOrigin(req)), { headers: { 'accept-encoding': 'identity' } });
  const headers = new Headers(page.headers);
  for (const name of ['content-length', 'content-encoding', 'age', 'cache-status', 'etag', 'vary']) headers.delete(name);
  for (const [name, value] of Object.entries(CACHED)) headers.set(name, value);
  return new Response(req.method === 'HEAD' ? null : await page.arrayBuffer(), { status: 404, headers });
}

// Literal, as Netlify reads it without running the module: the languages of LOCALES and the sections
// of ENTITY_PATH_SECTIONS (a unit test keeps them equal).
export const config: Config = {
  path: '/:locale(en|de|it)/:section(books|authors|series|genres|awards)/:key',
  preferStatic: true,
};
