import type { Config } from '@netlify/functions';
import { searchAwards } from '../../db/queries/search.ts';
import { searchEndpoint } from './_shared/search-endpoint.ts';

/** GET /api/awards/search?q= (issue 5; spec §7 caps). */
export default searchEndpoint('awards', searchAwards);

export const config: Config = { path: '/api/awards/search' };
