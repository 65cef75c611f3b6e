import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { listBooks } from '../../db/queries/lists.ts';
import { BookListQuerySchema } from '../../src/domain/schemas/lists.ts';
import { handle, ok, parseQuery } from './_shared/http.ts';

/** GET /api/books: one page of the book list with the spec's filters and sorts (issue 3). */
export default handle({
  GET: async (req, ctx) => {
    const query = parseQuery(req, BookListQuerySchema);
    return ok(await listBooks(await getDb(), query, query.lang ?? ctx.locale), { headers: { 'cache-control': 'public, max-age=60' } });
  },
});

export const config: Config = { path: '/api/books' };
