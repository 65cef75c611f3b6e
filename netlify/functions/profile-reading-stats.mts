import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { readingStats } from '../../db/queries/reader/profile.ts';
import { handle, ok } from './_shared/http.ts';
import { requireUser } from './_shared/session.ts';

/** GET /api/profile/reading-stats (issue 12, point 9): the signed-in reader's figures for the stats tab. */
export default handle({
  GET: async (req, ctx) => {
    const user = await requireUser(req);
    return ok(await readingStats(await getDb(), user.id, ctx.locale), { headers: { 'cache-control': 'private, no-store' } });
  },
});

export const config: Config = { path: '/api/profile/reading-stats' };
