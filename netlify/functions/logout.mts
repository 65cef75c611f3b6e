import type { Config } from '@netlify/functions';
import { handle } from './_shared/http.ts';
import { endSession, sessionCookie } from './_shared/session.ts';

/**
 * GET /api/logout (spec §7): a plain link that ends the session on the server (a copied cookie stops
 * working too, issue 10), clears the cookie and goes to the start page.
 */
export default handle({
  GET: async (req) => {
    await endSession(req);
    return new Response(null, { status: 302, headers: { location: '/', 'set-cookie': sessionCookie(req, null), 'cache-control': 'no-store' } });
  },
});

export const config: Config = { path: '/api/logout' };
