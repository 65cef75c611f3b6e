import type { Config } from '@netlify/functions';
import { readSeries } from '../../db/queries/open-data/api-v1.ts';
import { detailEndpoint } from './_shared/api-v1.ts';

/** GET /api/v1/series/{id or slug} (issue 16 point 4): one series with its books in order; 404 when there is none. */
export default detailEndpoint('series', readSeries);

export const config: Config = { path: '/api/v1/series/:ref' };
