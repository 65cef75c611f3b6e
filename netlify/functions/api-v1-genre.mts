import type { Config } from '@netlify/functions';
import { readGenre } from '../../db/queries/open-data/api-v1.ts';
import { detailEndpoint } from './_shared/api-v1.ts';

/** GET /api/v1/genres/{id or slug} (issue 16 point 4): one genre with its description; 404 when there is none. */
export default detailEndpoint('genres', readGenre);

export const config: Config = { path: '/api/v1/genres/:ref' };
