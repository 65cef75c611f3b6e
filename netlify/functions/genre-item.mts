import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { deleteGenre, findGenreRecord, updateGenre } from '../../db/queries/editorial/genres.ts';
import { found, IdParams, RefParams, requireEditor, savedAnswer, schemasNow, unwrap } from './_shared/editorial.ts';
import { handle, ok, parseJson, parseParams } from './_shared/http.ts';

/**
 * /api/genres/{id} (issue 13 point 1; super users only): GET the genre as its edit form loads it
 * (by id or slug), PATCH what the form changed, DELETE it (refused with 409 while books carry it). Writes record their history
 * and ask for a static rebuild. `/api/genres/search` stays with its own function (excludedPath).
 */
export default handle({
  GET: async (req, ctx) => {
    await requireEditor(req);
    const { id } = parseParams(ctx.params, RefParams);
    return ok(found('genre', await findGenreRecord(await getDb(), id)));
  },
  PATCH: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, IdParams);
    const input = await parseJson(req, schemasNow().updateGenre);
    return savedAnswer(unwrap('genre', await updateGenre(await getDb(), actor, id, input)));
  },
  DELETE: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, IdParams);
    return savedAnswer(unwrap('genre', await deleteGenre(await getDb(), actor, id, ctx.locale)));
  },
});

export const config: Config = { path: '/api/genres/:id', excludedPath: '/api/genres/search' };
