import type { Config } from '@netlify/functions';
import { readApiDocument } from '../../src/domain/open-data/openapi-document.ts';
import { documentEndpoint } from './_shared/api-v1.ts';

/** GET /api/v1/openapi.json (issue 16 point 4): the OpenAPI 3.1 document of the read API, generated from its zod schemas. */
export default documentEndpoint(readApiDocument);

export const config: Config = { path: '/api/v1/openapi.json' };
