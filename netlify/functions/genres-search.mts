import type { Config } from '@netlify/functions';
import { searchGenres } from '../../db/queries/search.ts';
import { searchEndpoint } from './_shared/search-endpoint.ts';

/** GET /api/genres/search?q= (issue 5; spec §7 caps). */
export default searchEndpoint('genres', searchGenres);

export const config: Config = { path: '/api/genres/search' };
