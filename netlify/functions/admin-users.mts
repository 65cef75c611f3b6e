import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { searchUsers } from '../../db/queries/editorial/users.ts';
import { UserSearchQuerySchema } from '../../src/domain/schemas/admin-users.ts';
import { requireEditor } from './_shared/editorial.ts';
import { handle, ok, parseQuery } from './_shared/http.ts';

/** GET /api/admin/users?q=&page= (issue 13 point 5; super users only): users by name or e-mail, 20 a page. */
export default handle({
  GET: async (req) => {
    await requireEditor(req);
    return ok(await searchUsers(await getDb(), parseQuery(req, UserSearchQuerySchema)), { headers: { 'cache-control': 'private, no-store' } });
  },
});

export const config: Config = { path: '/api/admin/users' };
