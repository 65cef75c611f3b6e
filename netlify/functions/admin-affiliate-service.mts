import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { deleteAffiliateService, updateAffiliateService } from '../../db/queries/editorial/affiliate.ts';
import { AffiliateServicePatchSchema } from '../../src/domain/schemas/affiliate.ts';
import { affiliateAnswer } from './_shared/affiliate-admin.ts';
import { expectedVersionOf, IdParams, requireEditor } from './_shared/editorial.ts';
import { handle, parseJson, parseParams } from './_shared/http.ts';

const MISSING = 'api.error.affiliateServiceNotFound';

/** /api/admin/affiliate/services/{id} (issue 13 point 6; super users only): PATCH `{key?, name?, enabled?}`, DELETE (its locales go with it). */
export default handle({
  PATCH: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, IdParams);
    const patch = await parseJson(req, AffiliateServicePatchSchema);
    return affiliateAnswer(await updateAffiliateService(await getDb(), actor, id, patch, expectedVersionOf(req, patch)), MISSING);
  },
  DELETE: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, IdParams);
    return affiliateAnswer(await deleteAffiliateService(await getDb(), actor, id, expectedVersionOf(req)), MISSING);
  },
});

export const config: Config = { path: '/api/admin/affiliate/services/:id' };
