import type { Config } from '@netlify/functions';
import { readAuthor } from '../../db/queries/open-data/api-v1.ts';
import { detailEndpoint } from './_shared/api-v1.ts';

/** GET /api/v1/authors/{id or slug} (issue 16 point 4): one author with bio and books; 404 when there is none. */
export default detailEndpoint('authors', readAuthor);

export const config: Config = { path: '/api/v1/authors/:ref' };
