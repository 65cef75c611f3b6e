import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { deleteAwardCategory, updateAwardCategory } from '../../db/queries/editorial/awards.ts';
import { AwardCategoryParamsSchema, AwardCategoryPatchSchema } from '../../src/domain/schemas/awards-admin.ts';
import { awardAnswer } from './_shared/awards-admin.ts';
import { expectedVersionOf, requireEditor } from './_shared/editorial.ts';
import { handle, parseJson, parseParams } from './_shared/http.ts';

const NOT_FOUND = 'api.error.awardCategoryNotFound';

/**
 * /api/admin/awards/{id}/categories/{categoryId} (issue 13 point 4; super users only): PATCH
 * `{names {en, de?, it?}}` renames it; DELETE removes it, refused with 409 naming the books while any
 * is still its winner or nominee. Both answer the award and ask for a rebuild.
 */
export default handle({
  PATCH: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id, categoryId } = parseParams(ctx.params, AwardCategoryParamsSchema);
    const patch = await parseJson(req, AwardCategoryPatchSchema);
    return awardAnswer(ctx, await updateAwardCategory(await getDb(), actor, id, categoryId, patch, expectedVersionOf(req, patch)), 200, NOT_FOUND);
  },
  DELETE: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id, categoryId } = parseParams(ctx.params, AwardCategoryParamsSchema);
    return awardAnswer(ctx, await deleteAwardCategory(await getDb(), actor, id, categoryId, ctx.locale, expectedVersionOf(req)), 200, NOT_FOUND);
  },
});

export const config: Config = { path: '/api/admin/awards/:id/categories/:categoryId' };
