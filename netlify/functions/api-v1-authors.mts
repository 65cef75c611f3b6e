import type { Config } from '@netlify/functions';
import { readAuthors } from '../../db/queries/open-data/api-v1.ts';
import { AuthorsQueryV1Schema } from '../../src/domain/schemas/api-v1.ts';
import { listEndpoint } from './_shared/api-v1.ts';

/** GET /api/v1/authors (issue 16 point 4): the authors list's sorts; cursor pages of 1-100. */
export default listEndpoint('authors', AuthorsQueryV1Schema, readAuthors);

export const config: Config = { path: '/api/v1/authors' };
