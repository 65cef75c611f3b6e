import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { listAffiliateServices } from '../../db/queries/reader/affiliate-services.ts';
import { cachedAffiliateServices } from './_shared/affiliate-cache.ts';
import { handle, ok } from './_shared/http.ts';

/**
 * GET /api/affiliate/services (spec §3 Affiliate service, §7): the enabled services with their
 * locales, for the pop-up's buy link (src/domain/reader/affiliate-link.ts). The same for everyone:
 * cached per instance (emptied by the admin writes, _shared/affiliate-cache.ts says how fresh), and
 * revalidated by HTTP caches every time, so a changed tag reaches the next page load.
 */
export default handle({
  GET: async () => {
    const services = await cachedAffiliateServices(async () => listAffiliateServices(await getDb()));
    return ok(services, { headers: { 'cache-control': 'public, no-cache' } });
  },
});

export const config: Config = { path: '/api/affiliate/services' };
