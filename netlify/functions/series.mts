import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { listSeries } from '../../db/queries/lists.ts';
import { SeriesListQuerySchema } from '../../src/domain/schemas/lists.ts';
import { handle, ok, parseQuery } from './_shared/http.ts';

/** GET /api/series: one page of the series list with kind tabs and book-count ranges (issue 3). */
export default handle({
  GET: async (req, ctx) => {
    const query = parseQuery(req, SeriesListQuerySchema);
    return ok(await listSeries(await getDb(), query, query.lang ?? ctx.locale), { headers: { 'cache-control': 'public, max-age=60' } });
  },
});

export const config: Config = { path: '/api/series' };
