import type { Config } from '@netlify/functions';
import { toCurrentUser } from './_shared/current-user.ts';
import { handle, ok } from './_shared/http.ts';
import { requireUser } from './_shared/session.ts';

/** GET /api/auth/user (spec §7): the signed-in user, 401 when signed out. */
export default handle({
  GET: async (req) => ok(toCurrentUser(await requireUser(req))),
});

export const config: Config = { path: '/api/auth/user' };
