import type { Config } from '@netlify/functions';
import { readBooks } from '../../db/queries/open-data/api-v1.ts';
import { BooksQueryV1Schema } from '../../src/domain/schemas/api-v1.ts';
import { listEndpoint } from './_shared/api-v1.ts';

/** GET /api/v1/books (issue 16 point 4): the books list's filters and sorts, with editions, translations, series and awards; cursor pages of 1-100. */
export default listEndpoint('books', BooksQueryV1Schema, readBooks, { answers: 'large' });

export const config: Config = { path: '/api/v1/books' };
