import type { Config } from '@netlify/functions';
import { readSeriesList } from '../../db/queries/open-data/api-v1.ts';
import { SeriesQueryV1Schema } from '../../src/domain/schemas/api-v1.ts';
import { listEndpoint } from './_shared/api-v1.ts';

/** GET /api/v1/series (issue 16 point 4): the series list's kind and size filters and sorts; cursor pages of 1-100. */
export default listEndpoint('series', SeriesQueryV1Schema, readSeriesList);

export const config: Config = { path: '/api/v1/series' };
