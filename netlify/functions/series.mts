import { CATALOGUE_ANSWER_TAGS } from '../../src/domain/cdn/cache-tags.ts';
import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { SeriesListQuerySchema } from '../../src/domain/schemas/lists.ts';
import { answerSeriesList } from './_shared/catalogue-lists.ts';
import { createSeries } from '../../db/queries/editorial/series.ts';
import { requireEditor, savedAnswer, schemasNow, unwrap } from './_shared/editorial.ts';
import { handle, ok, parseJson, parseQuery } from './_shared/http.ts';

/**
 * GET /api/series: one page of the series list with kind tabs and book-count ranges (issue 3). Answered from the instance's
 * in-memory copy of the catalogue (_shared/catalogue-lists.ts; ADR 0021), current within the version check.
 */
export default handle({
  GET: async (req, ctx) => {
    const query = parseQuery(req, SeriesListQuerySchema);
    const locale = query.lang ?? ctx.locale;
    const page = await answerSeriesList(query, locale);
    return ok(page, { headers: { 'cache-control': 'public, max-age=60', 'netlify-cache-tag': CATALOGUE_ANSWER_TAGS, vary: 'Accept-Language' } });
  },
  /** Adds a series (issue 13; super users only); answers its id and slug, and asks for a rebuild. */
  POST: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const input = await parseJson(req, schemasNow().createSeries);
    return savedAnswer(ctx, 'series', unwrap('series', await createSeries(await getDb(), actor, input)), 201);
  },
});

export const config: Config = { path: '/api/series' };
