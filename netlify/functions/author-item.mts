import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { deleteAuthor, findAuthorRecord, updateAuthor } from '../../db/queries/editorial/authors.ts';
import { found, IdParams, RefParams, requireEditor, savedAnswer, schemasNow, unwrap } from './_shared/editorial.ts';
import { handle, ok, parseJson, parseParams } from './_shared/http.ts';

/**
 * /api/authors/{id} (issue 13 point 1; super users only): GET the author as its edit form loads it
 * (by id or slug), PATCH what the form changed, DELETE it (refused with 409 while books name them). Writes record their history
 * and ask for a static rebuild. `/api/authors/search` stays with its own function (excludedPath).
 */
export default handle({
  GET: async (req, ctx) => {
    await requireEditor(req);
    const { id } = parseParams(ctx.params, RefParams);
    return ok(found('author', await findAuthorRecord(await getDb(), id)));
  },
  PATCH: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, IdParams);
    const input = await parseJson(req, schemasNow().updateAuthor);
    return savedAnswer(unwrap('author', await updateAuthor(await getDb(), actor, id, input)));
  },
  DELETE: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, IdParams);
    return savedAnswer(unwrap('author', await deleteAuthor(await getDb(), actor, id, ctx.locale)));
  },
});

export const config: Config = { path: '/api/authors/:id', excludedPath: '/api/authors/search' };
