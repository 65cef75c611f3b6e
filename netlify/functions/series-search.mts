import type { Config } from '@netlify/functions';
import { searchSeries } from '../../db/queries/search.ts';
import { searchEndpoint } from './_shared/search-endpoint.ts';

/** GET /api/series/search?q= (issue 5; spec §7 caps). Names are the same in every language: one cached answer serves all three. */
export default searchEndpoint('series', searchSeries, { byLanguage: false });

export const config: Config = { path: '/api/series/search' };
