import type { Config } from '@netlify/functions';
import { handle } from './_shared/http.ts';
import { sessionCookie } from './_shared/session.ts';

/** GET /api/logout (spec §7): a plain link that clears the session and goes to the start page. */
export default handle({
  GET: async (req) => new Response(null, { status: 302, headers: { location: '/', 'set-cookie': sessionCookie(req, null), 'cache-control': 'no-store' } }),
});

export const config: Config = { path: '/api/logout' };
