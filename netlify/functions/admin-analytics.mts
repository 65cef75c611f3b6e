import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { analyticsDashboard } from '../../db/queries/analytics/dashboard.ts';
import type { AnalyticsRange } from '../../src/domain/analytics/dashboard.ts';
import { utcDay } from '../../src/domain/analytics/visitor.ts';
import { AnalyticsRangeQuerySchema } from '../../src/domain/schemas/analytics.ts';
import { ensureRollups } from './_shared/analytics.ts';
import { getEnv } from './_shared/env.ts';
import { handle, ok, parseQuery } from './_shared/http.ts';
import { requireRole } from './_shared/session.ts';

/**
 * GET /api/admin/analytics?range=7|30|90|365 (issue 14 point 3; super users only): the dashboard's
 * figures for the range ending today (UTC). Finished days come from the daily rollups (rolled up here
 * first, once per instance and day), today from the raw events.
 */
export default handle({
  GET: async (req, ctx) => {
    await requireRole(req, 'SUPER_USER');
    const { range } = parseQuery(req, AnalyticsRangeQuerySchema);
    const now = new Date();
    await ensureRollups(now);
    const tomorrow = utcDay(new Date(now.getTime() + 86_400_000));
    const dashboard = await analyticsDashboard(await getDb(), range as AnalyticsRange, utcDay(now), tomorrow, ctx.locale, getEnv().ANALYTICS_RETENTION_DAYS);
    return ok(dashboard, { headers: { 'cache-control': 'private, no-store' } });
  },
});

export const config: Config = { path: '/api/admin/analytics' };
