import type { Config } from '@netlify/functions';
import { readBook } from '../../db/queries/open-data/api-v1.ts';
import { detailEndpoint } from './_shared/api-v1.ts';

/** GET /api/v1/books/{id or slug} (issue 16 point 4): one book with its synopsis; 404 when there is none. */
export default detailEndpoint('books', readBook);

export const config: Config = { path: '/api/v1/books/:ref' };
