import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { newsletterCounts } from '../../db/queries/newsletter/subscriptions.ts';
import { handle, ok } from './_shared/http.ts';
import { requireRole } from './_shared/session.ts';

/** GET /api/admin/newsletter (issue 14 point 4): subscriber counts for super users (401 signed out, 403 other roles). */
export default handle({
  GET: async (req) => {
    await requireRole(req, 'SUPER_USER');
    return ok(await newsletterCounts(await getDb()), { headers: { 'cache-control': 'private, no-store' } });
  },
});

export const config: Config = { path: '/api/admin/newsletter' };
