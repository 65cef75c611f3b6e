import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { listAuthors } from '../../db/queries/lists.ts';
import { AuthorListQuerySchema } from '../../src/domain/schemas/lists.ts';
import { handle, ok, parseQuery } from './_shared/http.ts';

/** GET /api/authors: one page of the author list (issue 3). */
export default handle({
  GET: async (req, ctx) => {
    const query = parseQuery(req, AuthorListQuerySchema);
    return ok(await listAuthors(await getDb(), query, query.lang ?? ctx.locale), { headers: { 'cache-control': 'public, max-age=60' } });
  },
});

export const config: Config = { path: '/api/authors' };
