import type { Config } from '@netlify/functions';
import { searchBooks } from '../../db/queries/search.ts';
import { searchEndpoint } from './_shared/search-endpoint.ts';

/** GET /api/books/search?q= (issue 5; spec §7 caps). */
export default searchEndpoint('books', searchBooks);

export const config: Config = { path: '/api/books/search' };
