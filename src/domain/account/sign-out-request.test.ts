import { describe, expect, it } from 'vitest';
import { isOwnSignOutRequest, signOutConfirmationPage, type SignOutRequestHeaders } from './sign-out-request.ts';

const none: SignOutRequestHeaders = { secFetchSite: null, secPurpose: null, purpose: null, xMoz: null, origin: null, referer: null };
const isOurs = (origin: string) => origin === 'https://phantastika.example';

describe('a GET of the sign-out link ends the session', () => {
  it('when the browser says the navigation started on our pages, or the reader typed the address', () => {
    expect(isOwnSignOutRequest({ ...none, secFetchSite: 'same-origin' }, isOurs)).toBe(true);
    expect(isOwnSignOutRequest({ ...none, secFetchSite: 'none' }, isOurs)).toBe(true);
  });

  it('not from another site, nor from a sibling subdomain (same-site), whatever Referer says', () => {
    expect(isOwnSignOutRequest({ ...none, secFetchSite: 'cross-site' }, isOurs)).toBe(false);
    expect(isOwnSignOutRequest({ ...none, secFetchSite: 'same-site' }, isOurs)).toBe(false);
    expect(isOwnSignOutRequest({ ...none, secFetchSite: 'cross-site', referer: 'https://phantastika.example/en/' }, isOurs)).toBe(false);
  });

  it('never for a prefetch, even from our own pages', () => {
    expect(isOwnSignOutRequest({ ...none, secFetchSite: 'same-origin', secPurpose: 'prefetch' }, isOurs)).toBe(false);
    expect(isOwnSignOutRequest({ ...none, secFetchSite: 'same-origin', secPurpose: 'prefetch;prerender' }, isOurs)).toBe(false);
    expect(isOwnSignOutRequest({ ...none, referer: 'https://phantastika.example/en/', purpose: 'prefetch' }, isOurs)).toBe(false);
    expect(isOwnSignOutRequest({ ...none, referer: 'https://phantastika.example/en/', xMoz: 'prefetch' }, isOurs)).toBe(false);
  });

  it('without Fetch metadata (older browsers), by an Origin or Referer of our own', () => {
    expect(isOwnSignOutRequest({ ...none, origin: 'https://phantastika.example' }, isOurs)).toBe(true);
    expect(isOwnSignOutRequest({ ...none, referer: 'https://phantastika.example/de/books?page=2' }, isOurs)).toBe(true);
    expect(isOwnSignOutRequest({ ...none, origin: 'https://evil.example' }, isOurs)).toBe(false);
    expect(isOwnSignOutRequest({ ...none, origin: 'null', referer: 'https://phantastika.example/' }, isOurs)).toBe(false);
    expect(isOwnSignOutRequest({ ...none, referer: 'https://evil.example/phantastika.example' }, isOurs)).toBe(false);
    expect(isOwnSignOutRequest({ ...none, referer: 'not a url' }, isOurs)).toBe(false);
  });

  it('and without any of them, not: the confirmation page asks', () => {
    expect(isOwnSignOutRequest(none, isOurs)).toBe(false);
  });
});

describe('the confirmation page', () => {
  const texts = { title: 'Abmelden?', text: 'Bitte bestätigen Sie <das>.', submit: 'Abmelden', cancel: 'Angemeldet bleiben', siteName: 'Phantastika' };
  const page = signOutConfirmationPage('de', texts, '/api/logout', '/de/');

  it('is in the language asked for, with a button that POSTs to the sign-out', () => {
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('<title>Abmelden? – Phantastika</title>');
    expect(page).toContain('<form method="post" action="/api/logout"><button type="submit">Abmelden</button></form>');
    expect(page).toContain('<a href="/de/">Angemeldet bleiben</a>');
  });

  it('escapes its texts', () => {
    expect(page).toContain('Bitte bestätigen Sie &#60;das&#62;.');
  });
});
