import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { createAffiliateService, listAffiliateAdmin } from '../../db/queries/editorial/affiliate.ts';
import { AdminAffiliateQuerySchema, AffiliateServiceInputSchema } from '../../src/domain/schemas/affiliate.ts';
import { affiliateAnswer } from './_shared/affiliate-admin.ts';
import { requireEditor } from './_shared/editorial.ts';
import { handle, ok, parseJson, parseQuery } from './_shared/http.ts';

/**
 * /api/admin/affiliate (issue 13 point 6; super users only): GET every service with its locales and
 * the preview's sample edition (`?book={id or slug}`: that book's, issue 29 point 20; else Dune's); POST `{key, name, enabled}` adds a service (201).
 */
export default handle({
  GET: async (req) => {
    await requireEditor(req);
    const { book } = parseQuery(req, AdminAffiliateQuerySchema);
    return ok(await listAffiliateAdmin(await getDb(), book), { headers: { 'cache-control': 'private, no-store' } });
  },
  POST: async (req) => {
    const { actor } = await requireEditor(req);
    const input = await parseJson(req, AffiliateServiceInputSchema);
    return affiliateAnswer(await createAffiliateService(await getDb(), actor, input), 'api.error.affiliateServiceNotFound', 201);
  },
});

export const config: Config = { path: '/api/admin/affiliate' };
