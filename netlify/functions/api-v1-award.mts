import type { Config } from '@netlify/functions';
import { readAward } from '../../db/queries/open-data/api-v1.ts';
import { detailEndpoint } from './_shared/api-v1.ts';

/** GET /api/v1/awards/{id or slug} (issue 16 point 4): one award with its winners and finalists; 404 when there is none. */
export default detailEndpoint('awards', readAward);

export const config: Config = { path: '/api/v1/awards/:ref' };
