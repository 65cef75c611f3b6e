import type { Config } from '@netlify/functions';
import { deleteSeries, findSeriesRecord, updateSeries } from '../../db/queries/editorial/series.ts';
import { itemEndpoint } from './_shared/editorial.ts';

/**
 * /api/series/{id} (issue 13 point 1; super users only): GET the series as its edit form loads it
 * (by id or slug), PATCH what the form changed, DELETE it (refused with 409 while it has books). Writes record their history
 * and ask for a static rebuild. `/api/series/search` stays with its own function (excludedPath).
 */
export default itemEndpoint('series', { find: findSeriesRecord, update: updateSeries, remove: deleteSeries, schema: (s) => s.updateSeries });

export const config: Config = { path: '/api/series/:id', excludedPath: '/api/series/search' };
