import type { Config } from '@netlify/functions';
import { searchAuthors } from '../../db/queries/search.ts';
import { searchEndpoint } from './_shared/search-endpoint.ts';

/** GET /api/authors/search?q= (issue 5; spec §7 caps). Names are the same in every language: one cached answer serves all three. */
export default searchEndpoint('authors', searchAuthors, { byLanguage: false });

export const config: Config = { path: '/api/authors/search' };
