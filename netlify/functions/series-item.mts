import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { deleteSeries, findSeriesRecord, updateSeries } from '../../db/queries/editorial/series.ts';
import { found, IdParams, RefParams, requireEditor, savedAnswer, schemasNow, unwrap } from './_shared/editorial.ts';
import { handle, ok, parseJson, parseParams } from './_shared/http.ts';

/**
 * /api/series/{id} (issue 13 point 1; super users only): GET the series as its edit form loads it
 * (by id or slug), PATCH what the form changed, DELETE it (refused with 409 while it has books). Writes record their history
 * and ask for a static rebuild. `/api/series/search` stays with its own function (excludedPath).
 */
export default handle({
  GET: async (req, ctx) => {
    await requireEditor(req);
    const { id } = parseParams(ctx.params, RefParams);
    return ok(found('series', await findSeriesRecord(await getDb(), id)));
  },
  PATCH: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, IdParams);
    const input = await parseJson(req, schemasNow().updateSeries);
    return savedAnswer(unwrap('series', await updateSeries(await getDb(), actor, id, input)));
  },
  DELETE: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, IdParams);
    return savedAnswer(unwrap('series', await deleteSeries(await getDb(), actor, id, ctx.locale)));
  },
});

export const config: Config = { path: '/api/series/:id', excludedPath: '/api/series/search' };
