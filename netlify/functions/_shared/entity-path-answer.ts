/**
 * The answer for an entity path whose key is no current page (issue 28 point 4; ADR 0033): a 301 to
 * where an id or an old slug leads, else the language's 404 page with status 404. Both kept by the
 * CDN under the catalogue tag, which every catalogue write purges. Used by the entity-path function
 * (genres, awards) and by the on-demand book, author and series pages (ADR 0037) for keys that are no
 * record's slug.
 */
import { getDb } from '../../../db/client.ts';
import { lookupEntityPath } from '../../../db/queries/entity-paths.ts';
import { CATALOGUE_TAG } from '../../../src/domain/cdn/cache-tags.ts';
import { entityPathLocation, ENTITY_PATH_SECTIONS, keyOfEntityPath, type EntityPathSection } from '../../../src/domain/entity-paths.ts';
import { LOCALES, type Locale } from '../../../src/domain/enums.ts';
import { COMMON_SECURITY_HEADERS } from '../../../src/domain/security-headers.ts';
import { siteOrigin } from './site.ts';

/** Kept by the CDN for a day and purged with the catalogue; browsers ask again each time. */
const CACHED = {
  'cache-control': 'public, max-age=0, must-revalidate',
  'netlify-cdn-cache-control': 'public, durable, s-maxage=86400, stale-while-revalidate=60',
  'netlify-cache-tag': CATALOGUE_TAG,
};

/** Where `/{locale}/{section}/{key}` leads when no page has that key. */
export async function answerEntityPath(req: Request, locale: string, section: string, rawKey: string): Promise<Response> {
  const known = LOCALES.includes(locale as Locale) && ENTITY_PATH_SECTIONS.includes(section as EntityPathSection);
  // The paths' patterns admit only these; a request that reached us otherwise names nothing.
  const key = known ? keyOfEntityPath(section as EntityPathSection, rawKey) : null;
  const target = key ? await lookupEntityPath(await getDb(), section as EntityPathSection, key) : null;
  if (target) {
    return new Response(null, {
      status: 301,
      headers: { location: entityPathLocation(locale as Locale, section as EntityPathSection, target, new URL(req.url).search), ...CACHED, ...COMMON_SECURITY_HEADERS },
    });
  }
  return notFoundPage(req, known ? (locale as Locale) : 'en');
}

/** The language's prebuilt 404 page (its own headers: type, CSP with its inline hashes) with status 404. */
async function notFoundPage(req: Request, locale: Locale): Promise<Response> {
  const page = await fetch(new URL(`/${locale}/404/`, siteOrigin(req)), { headers: { 'accept-encoding': 'identity' } });
  const headers = new Headers(page.headers);
  for (const name of ['content-length', 'content-encoding', 'age', 'cache-status', 'etag', 'vary']) headers.delete(name);
  for (const [name, value] of Object.entries(CACHED)) headers.set(name, value);
  return new Response(req.method === 'HEAD' ? null : await page.arrayBuffer(), { status: 404, headers });
}
