import { CATALOGUE_ANSWER_TAGS } from '../../src/domain/cdn/cache-tags.ts';
import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { AuthorListQuerySchema } from '../../src/domain/schemas/lists.ts';
import { answerAuthorList } from './_shared/catalogue-lists.ts';
import { createAuthor } from '../../db/queries/editorial/authors.ts';
import { requireEditor, savedAnswer, schemasNow, unwrap } from './_shared/editorial.ts';
import { handle, ok, parseJson, parseQuery } from './_shared/http.ts';

/**
 * GET /api/authors: one page of the author list (issue 3). Answered from the instance's
 * in-memory copy of the catalogue (_shared/catalogue-lists.ts; ADR 0021), current within the version check.
 */
export default handle({
  GET: async (req, ctx) => {
    const query = parseQuery(req, AuthorListQuerySchema);
    const locale = query.lang ?? ctx.locale;
    const page = await answerAuthorList(query, locale);
    return ok(page, { headers: { 'cache-control': 'public, max-age=60', 'netlify-cache-tag': CATALOGUE_ANSWER_TAGS, vary: 'Accept-Language' } });
  },
  /** Adds a author (issue 13; super users only); answers its id and slug, and asks for a rebuild. */
  POST: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const input = await parseJson(req, schemasNow().createAuthor);
    return savedAnswer(ctx, 'author', unwrap('author', await createAuthor(await getDb(), actor, input)), 201);
  },
});

export const config: Config = { path: '/api/authors' };
