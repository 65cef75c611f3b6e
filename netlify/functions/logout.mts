import type { Config } from '@netlify/functions';
import { isOwnSignOutRequest, signOutConfirmationPage } from '../../src/domain/account/sign-out-request.ts';
import { handle, htmlPage, type RequestContext } from './_shared/http.ts';
import { translate } from './_shared/messages.ts';
import { endSession, readCookie, SESSION_COOKIE, sessionCookies } from './_shared/session.ts';
import { isOwnOrigin } from './_shared/site.ts';

/**
 * Sign-out (spec §7; issue 27 point 7; ADR 0031). `POST /api/logout` ends the session on the server (a
 * copied cookie stops working too, issue 10), clears the cookies and goes to the start page (303); a
 * foreign Origin is refused by handle() like every write. `GET /api/logout`, the spec's sign-out
 * link, does the same only when the navigation started on our own pages (isOwnSignOutRequest); from
 * anywhere else it answers a confirmation page whose button POSTs, so another site cannot sign a
 * reader out. Without a session cookie there is nothing to end: it clears the cookies and goes home.
 */
export default handle({
  GET: async (req, ctx) => {
    const headers = (name: string) => req.headers.get(name);
    const own = isOwnSignOutRequest(
      { secFetchSite: headers('sec-fetch-site'), secPurpose: headers('sec-purpose'), purpose: headers('purpose'), xMoz: headers('x-moz'), origin: headers('origin'), referer: headers('referer') },
      (origin) => isOwnOrigin(origin, req),
    );
    if (own || readCookie(req, SESSION_COOKIE) === null) return signOut(req, 302);
    return confirmationPage(ctx);
  },
  POST: async (req) => signOut(req, 303),
});

async function signOut(req: Request, status: 302 | 303): Promise<Response> {
  await endSession(req);
  const headers = new Headers({ location: '/', 'cache-control': 'no-store' });
  for (const cookie of sessionCookies(req, null)) headers.append('set-cookie', cookie);
  return new Response(null, { status, headers });
}

function confirmationPage({ locale }: RequestContext): Response {
  const texts = {
    title: translate(locale, 'logout.confirm.title'),
    text: translate(locale, 'logout.confirm.text'),
    submit: translate(locale, 'logout.confirm.submit'),
    cancel: translate(locale, 'logout.confirm.cancel'),
    siteName: translate(locale, 'site.name'),
  };
  return htmlPage(signOutConfirmationPage(locale, texts, '/api/logout', `/${locale}/`), {
    // A page, not data: its one form posts to us; nothing else loads, nothing may frame it.
    headers: { 'content-language': locale, 'content-security-policy': "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'" },
  });
}

export const config: Config = { path: '/api/logout' };
