import type { Config } from '@netlify/functions';
import { readAwards } from '../../db/queries/open-data/api-v1.ts';
import { PlainListQueryV1Schema } from '../../src/domain/schemas/api-v1.ts';
import { listEndpoint } from './_shared/api-v1.ts';

/** GET /api/v1/awards (issue 16 point 4): the awards with their categories; cursor pages of 1-100. */
export default listEndpoint('awards', PlainListQueryV1Schema, (db, _filters, locale, page) => readAwards(db, locale, page));

export const config: Config = { path: '/api/v1/awards' };
