import type { Config } from '@netlify/functions';
import { handle } from './_shared/http.ts';
import { endSession, sessionCookies } from './_shared/session.ts';

/**
 * GET /api/logout (spec §7): a plain link that ends the session on the server (a copied cookie stops
 * working too, issue 10), clears the cookie and goes to the start page.
 */
export default handle({
  GET: async (req) => {
    await endSession(req);
    const headers = new Headers({ location: '/', 'cache-control': 'no-store' });
    for (const cookie of sessionCookies(req, null)) headers.append('set-cookie', cookie);
    return new Response(null, { status: 302, headers });
  },
});

export const config: Config = { path: '/api/logout' };
