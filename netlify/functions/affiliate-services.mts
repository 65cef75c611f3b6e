import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { listAffiliateServices } from '../../db/queries/reader/affiliate-services.ts';
import type { AffiliateService } from '../../src/domain/schemas/reader.ts';
import { createAnswerCache } from './_shared/answer-cache.ts';
import { handle, ok } from './_shared/http.ts';

const cached = createAnswerCache<AffiliateService[]>({ maxEntries: 1 });

/**
 * GET /api/affiliate/services (spec §3 Affiliate service, §7): the enabled services with their
 * locales, for the pop-up's buy link (src/domain/reader/affiliate-link.ts). The same for everyone:
 * cached per instance and by HTTP caches for a minute.
 */
export default handle({
  GET: async () => {
    const services = await cached('all', async () => listAffiliateServices(await getDb()));
    return ok(services, { headers: { 'cache-control': 'public, max-age=60' } });
  },
});

export const config: Config = { path: '/api/affiliate/services' };
