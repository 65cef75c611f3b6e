import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { createAwardCategory } from '../../db/queries/editorial/awards.ts';
import { AwardCategoryInputSchema } from '../../src/domain/schemas/awards-admin.ts';
import { awardAnswer } from './_shared/awards-admin.ts';
import { expectedVersionOf, IdParams, requireEditor } from './_shared/editorial.ts';
import { handle, parseJson, parseParams } from './_shared/http.ts';

/** POST /api/admin/awards/{id}/categories `{names {en, de?, it?}, slug?}` (issue 13 point 4; super users only): answers the award (201). */
export default handle({
  POST: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, IdParams);
    const input = await parseJson(req, AwardCategoryInputSchema);
    return awardAnswer(ctx, await createAwardCategory(await getDb(), actor, id, input, expectedVersionOf(req, input)), 201);
  },
});

export const config: Config = { path: '/api/admin/awards/:id/categories' };
