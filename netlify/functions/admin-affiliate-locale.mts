import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { deleteAffiliateLocale, updateAffiliateLocale } from '../../db/queries/editorial/affiliate.ts';
import { AffiliateLocalePatchSchema } from '../../src/domain/schemas/affiliate.ts';
import { affiliateAnswer } from './_shared/affiliate-admin.ts';
import { expectedVersionOf, IdParams, requireEditor } from './_shared/editorial.ts';
import { handle, parseJson, parseParams } from './_shared/http.ts';

const MISSING = 'api.error.affiliateLocaleNotFound';

/**
 * /api/admin/affiliate/locales/{id} (issue 13 point 6; super users only): PATCH any locale field
 * (the tag, a template the link builder accepts, ...), DELETE. Both answer the locale's service.
 */
export default handle({
  PATCH: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, IdParams);
    const patch = await parseJson(req, AffiliateLocalePatchSchema);
    return affiliateAnswer(await updateAffiliateLocale(await getDb(), actor, id, patch, expectedVersionOf(req, patch)), MISSING);
  },
  DELETE: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, IdParams);
    return affiliateAnswer(await deleteAffiliateLocale(await getDb(), actor, id, expectedVersionOf(req)), MISSING);
  },
});

export const config: Config = { path: '/api/admin/affiliate/locales/:id' };
