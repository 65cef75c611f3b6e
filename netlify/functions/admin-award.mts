import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { deleteAward, updateAward } from '../../db/queries/editorial/awards.ts';
import { AwardPatchSchema } from '../../src/domain/schemas/awards-admin.ts';
import { awardAnswer } from './_shared/awards-admin.ts';
import { expectedVersionOf, IdParams, requireEditor } from './_shared/editorial.ts';
import { handle, parseJson, parseParams } from './_shared/http.ts';

/** /api/admin/awards/{id} (issue 13 point 4; super users only): PATCH `{name?, names?, about?, version?}`; DELETE (its categories and 'no award' years go with it; 409 naming the books while any has an entry in it, issue 29 point 19). A stale `version` or If-Match is a 409 with the award (issue 27). */
export default handle({
  PATCH: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, IdParams);
    const patch = await parseJson(req, AwardPatchSchema);
    return awardAnswer(ctx, await updateAward(await getDb(), actor, id, patch, expectedVersionOf(req, patch)));
  },
  DELETE: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, IdParams);
    return awardAnswer(ctx, await deleteAward(await getDb(), actor, id, ctx.locale, expectedVersionOf(req)), 200, 'api.error.awardNotFound', 'api.error.awardHasBooks');
  },
});

export const config: Config = { path: '/api/admin/awards/:id' };
