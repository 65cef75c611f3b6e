import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { createAffiliateService, listAffiliateAdmin } from '../../db/queries/editorial/affiliate.ts';
import { AffiliateServiceInputSchema } from '../../src/domain/schemas/affiliate.ts';
import { affiliateAnswer } from './_shared/affiliate-admin.ts';
import { requireEditor } from './_shared/editorial.ts';
import { handle, ok, parseJson } from './_shared/http.ts';

/**
 * /api/admin/affiliate (issue 13 point 6; super users only): GET every service with its locales and
 * the preview's sample edition; POST `{key, name, enabled}` adds a service (201).
 */
export default handle({
  GET: async (req) => {
    await requireEditor(req);
    return ok(await listAffiliateAdmin(await getDb()), { headers: { 'cache-control': 'private, no-store' } });
  },
  POST: async (req) => {
    const { actor } = await requireEditor(req);
    const input = await parseJson(req, AffiliateServiceInputSchema);
    return affiliateAnswer(await createAffiliateService(await getDb(), actor, input), 'api.error.affiliateServiceNotFound', 201);
  },
});

export const config: Config = { path: '/api/admin/affiliate' };
