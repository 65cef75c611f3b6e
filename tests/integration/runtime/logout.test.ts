/**
 * Sign-out (spec §7; issue 27 point 7): POST ends the session from our own pages (a foreign Origin is
 * refused); the spec's GET link ends it only when the navigation started on our pages, and from
 * another site answers a localized confirmation page whose button POSTs, leaving the session alone.
 */
import { describe, expect, it } from 'vitest';
import de from '../../../locales/de.json' with { type: 'json' };
import it_ from '../../../locales/it.json' with { type: 'json' };
import { createReader, serveForTests } from '../../support/readers.ts';

const server = serveForTests();

async function logout(method: 'GET' | 'POST', cookie: string | undefined, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url()}/api/logout`, { method, headers: { ...(cookie ? { cookie } : {}), ...headers }, redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const signedIn = async (cookie: string) => (await fetch(`${server.url()}/api/auth/user`, { headers: { cookie } })).status === 200;
const clearsSession = (headers: Headers) => headers.getSetCookie().some((c) => c.startsWith('phantastika_session=;') && /Max-Age=0/.test(c));

describe('GET /api/logout from another site', () => {
  it('does nothing harmful: a confirmation page in the reader’s language whose button POSTs, the session untouched', async () => {
    const reader = await createReader(server.url());
    const page = await logout('GET', reader.cookie, { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', referer: 'https://evil.example/', 'accept-language': 'de-DE,de;q=0.9' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-language')).toBe('de');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.getSetCookie()).toEqual([]);
    expect(page.text).toContain('<html lang="de">');
    expect(page.text).toContain(`<h1>${de['logout.confirm.title']}</h1>`);
    expect(page.text).toContain(`<form method="post" action="/api/logout"><button type="submit">${de['logout.confirm.submit']}</button></form>`);
    expect(page.text).toContain(`<a href="/de/">${de['logout.confirm.cancel']}</a>`);
    expect(await signedIn(reader.cookie)).toBe(true);
  });

  it('asks too from a sibling subdomain, a prefetch of our own page, or a client that says nothing of where it comes from', async () => {
    const reader = await createReader(server.url());
    const askers: Record<string, string>[] = [{ 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': 'same-origin', 'sec-purpose': 'prefetch' }, {}, { 'accept-language': 'it' }];
    for (const headers of askers) {
      const page = await logout('GET', reader.cookie, headers);
      expect(page.status, JSON.stringify(headers)).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
    expect((await logout('GET', reader.cookie, { 'accept-language': 'it' })).text).toContain(it_['logout.confirm.text']);
    expect(await signedIn(reader.cookie)).toBe(true);
  });
});

describe('GET /api/logout from our own pages (the spec’s sign-out link)', () => {
  it('ends the session and goes to the start page (Fetch metadata: same-origin)', async () => {
    const reader = await createReader(server.url());
    const out = await logout('GET', reader.cookie, { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/');
    expect(clearsSession(out.headers)).toBe(true);
    expect(await signedIn(reader.cookie)).toBe(false);
  });

  it('ends it too when the reader typed the address (none), or an older browser names our page as Referer', async () => {
    const own: Record<string, string>[] = [{ 'sec-fetch-site': 'none' }, { referer: `${server.url()}/en/books` }];
    for (const headers of own) {
      const reader = await createReader(server.url());
      expect((await logout('GET', reader.cookie, headers)).status).toBe(302);
      expect(await signedIn(reader.cookie)).toBe(false);
    }
  });

  it('without a session just clears the cookies and goes home', async () => {
    const out = await logout('GET', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/');
  });

  it('answers HEAD without a body', async () => {
    const res = await fetch(`${server.url()}/api/logout`, { method: 'HEAD', redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(await res.text()).toBe('');
  });
});

describe('POST /api/logout', () => {
  it('ends the session from our own page (the confirmation form: a form post with our Origin) and goes home with 303', async () => {
    const reader = await createReader(server.url());
    const out = await logout('POST', reader.cookie, { origin: server.url(), 'content-type': 'application/x-www-form-urlencoded' });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/');
    expect(clearsSession(out.headers)).toBe(true);
    expect(await signedIn(reader.cookie)).toBe(false);
  });

  it('is refused from another site’s form (403), the session untouched', async () => {
    const reader = await createReader(server.url());
    const out = await logout('POST', reader.cookie, { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' });
    expect(out.status).toBe(403);
    expect(JSON.parse(out.text).error.code).toBe('FORBIDDEN');
    expect(await signedIn(reader.cookie)).toBe(true);
  });
});
