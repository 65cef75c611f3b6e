import type { Config, Context } from '@netlify/functions';
import { COMMON_SECURITY_HEADERS } from '../../src/domain/security-headers.ts';
import { answerEntityPath } from './_shared/entity-path-answer.ts';

/**
 * The genre and award paths that are no page (issue 28 point 4; ADR 0033): `/{locale}/{section}/{key}`
 * where no prebuilt page answers (`preferStatic`: a page's file always wins). An award's id, a genre's
 * id or slug: 301 to where it leads (the query kept). Anything else: the language's 404 page with
 * status 404. Books, authors and series are on-demand pages that answer their own misses the same way
 * (ADR 0037).
 */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return new Response(null, { status: 405, headers: { allow: 'GET, HEAD', ...COMMON_SECURITY_HEADERS } });
  return answerEntityPath(req, context.params.locale ?? '', context.params.section ?? '', context.params.key ?? '');
};

// Literal, as Netlify reads it without running the module: the languages of LOCALES and the sections
// of ENTITY_PATH_SECTIONS that have no on-demand page (a unit test keeps them equal).
export const config: Config = {
  path: '/:locale(en|de|it)/:section(genres|awards)/:key',
  preferStatic: true,
};
