import type { Config } from '@netlify/functions';
import { searchAuthors } from '../../db/queries/search.ts';
import { searchEndpoint } from './_shared/search-endpoint.ts';

/** GET /api/authors/search?q= (issue 5; spec §7 caps). */
export default searchEndpoint(searchAuthors);

export const config: Config = { path: '/api/authors/search' };
