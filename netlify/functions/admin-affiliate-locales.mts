import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { createAffiliateLocale } from '../../db/queries/editorial/affiliate.ts';
import { AffiliateLocaleInputSchema } from '../../src/domain/schemas/affiliate.ts';
import { affiliateAnswer } from './_shared/affiliate-admin.ts';
import { expectedVersionOf, IdParams, requireEditor } from './_shared/editorial.ts';
import { handle, parseJson, parseParams } from './_shared/http.ts';

/**
 * POST /api/admin/affiliate/services/{id}/locales `{region, variant, template, domain, affiliateTag}`
 * (issue 13 point 6; super users only): adds a locale; the template is checked by the link builder.
 * Answers the service (201).
 */
export default handle({
  POST: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, IdParams);
    const input = await parseJson(req, AffiliateLocaleInputSchema);
    return affiliateAnswer(await createAffiliateLocale(await getDb(), actor, id, input, expectedVersionOf(req, input)), 'api.error.affiliateServiceNotFound', 201);
  },
});

export const config: Config = { path: '/api/admin/affiliate/services/:id/locales' };
