import type { Config } from '@netlify/functions';
import { readGenres } from '../../db/queries/open-data/api-v1.ts';
import { PlainListQueryV1Schema } from '../../src/domain/schemas/api-v1.ts';
import { listEndpoint } from './_shared/api-v1.ts';

/** GET /api/v1/genres (issue 16 point 4): the genres in the genres page's order; cursor pages of 1-100. */
export default listEndpoint('genres', PlainListQueryV1Schema, (db, _filters, locale, page) => readGenres(db, locale, page));

export const config: Config = { path: '/api/v1/genres' };
