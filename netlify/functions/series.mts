import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { listSeries } from '../../db/queries/lists.ts';
import { SeriesListQuerySchema } from '../../src/domain/schemas/lists.ts';
import { createVersionedAnswerCache } from './_shared/answer-cache.ts';
import { createSeries } from '../../db/queries/editorial/series.ts';
import { requireEditor, savedAnswer, schemasNow, unwrap } from './_shared/editorial.ts';
import { handle, ok, parseJson, parseQuery } from './_shared/http.ts';

const cached = createVersionedAnswerCache<Awaited<ReturnType<typeof listSeries>>>({ maxEntries: 1_000, withPopularity: true });

/**
 * GET /api/series: one page of the series list with kind tabs and book-count ranges (issue 3). Pages are cached per instance
 * under the catalogue's version (answer-cache.ts: an edit or a rating loads afresh).
 */
export default handle({
  GET: async (req, ctx) => {
    const query = parseQuery(req, SeriesListQuerySchema);
    const locale = query.lang ?? ctx.locale;
    const page = await cached(`${locale}\u0000${JSON.stringify(query)}`, async () => listSeries(await getDb(), query, locale));
    return ok(page, { headers: { 'cache-control': 'public, max-age=60' } });
  },
  /** Adds a series (issue 13; super users only); answers its id and slug, and asks for a rebuild. */
  POST: async (req) => {
    const { actor } = await requireEditor(req);
    const input = await parseJson(req, schemasNow().createSeries);
    return savedAnswer(unwrap('series', await createSeries(await getDb(), actor, input)), 201);
  },
});

export const config: Config = { path: '/api/series' };
