/**
 * When `GET /api/logout` may end the session (issue 27 point 7; ADR 0031). The spec's sign-out is a
 * link (spec §7), so it is a GET; but a GET may come from anywhere: another site can link to it (a
 * top-level navigation carries our SameSite=Lax cookie), and a browser may fetch a link ahead of a
 * click (prefetch). So a GET signs out only when the browser says the navigation started on our own
 * pages (or the reader typed the address); any other GET gets a confirmation page whose button POSTs,
 * and a POST is refused from foreign origins like every write.
 *
 * Pure: the request's headers and the site's own-origin rule are passed in (STYLE.md rule 1).
 */

/** The request headers the rule reads (lower-case names), null when absent. */
export interface SignOutRequestHeaders {
  /** Fetch metadata: same-origin, same-site, cross-site or none (typed, bookmarked). */
  secFetchSite: string | null;
  /** `prefetch` (speculation rules, Firefox) or `prefetch;prerender`. */
  secPurpose: string | null;
  /** The older `Purpose: prefetch` (Chrome, Safari) and Firefox's `X-Moz: prefetch`. */
  purpose: string | null;
  xMoz: string | null;
  origin: string | null;
  referer: string | null;
}

/** Sec-Fetch-Site values of a navigation that our own pages (or the reader) started. */
const OWN_FETCH_SITES: ReadonlySet<string> = new Set(['same-origin', 'none']);

/**
 * Whether a GET of the sign-out link may end the session: never a prefetch; by Fetch metadata when
 * the browser sends it (same-origin, or none: typed or bookmarked; same-site is not enough, a
 * sibling subdomain is another site's page); else (browsers before 2023) by Origin or Referer naming
 * our own origin. Without any of them, no: the confirmation page asks.
 * @example isOwnSignOutRequest({ ...none, secFetchSite: 'cross-site' }, isOurs) // false
 */
export function isOwnSignOutRequest(headers: SignOutRequestHeaders, isOwnOrigin: (origin: string) => boolean): boolean {
  const prefetch = /prefetch/i;
  if ([headers.secPurpose, headers.purpose, headers.xMoz].some((value) => value !== null && prefetch.test(value))) return false;
  if (headers.secFetchSite !== null) return OWN_FETCH_SITES.has(headers.secFetchSite.trim().toLowerCase());
  if (headers.origin !== null) return headers.origin !== 'null' && isOwnOrigin(headers.origin);
  if (headers.referer !== null) {
    try {
      return isOwnOrigin(new URL(headers.referer).origin);
    } catch {
      return false;
    }
  }
  return false;
}

/** The texts of the confirmation page, in the request's language. */
export interface SignOutPageTexts {
  title: string;
  text: string;
  submit: string;
  cancel: string;
  siteName: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The small page a GET of the sign-out link gets when it did not start on our pages: a button that
 * POSTs to /api/logout (works without JavaScript) and a way back to the start page.
 * @example signOutConfirmationPage('de', texts, '/api/logout', '/de/')
 */
export function signOutConfirmationPage(locale: string, texts: SignOutPageTexts, action: string, back: string): string {
  const t = Object.fromEntries(Object.entries(texts).map(([name, value]) => [name, escapeHtml(value)])) as unknown as SignOutPageTexts;
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(locale)}">`,
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${t.title} – ${t.siteName}</title>`,
    '<main>',
    `<h1>${t.title}</h1>`,
    `<p>${t.text}</p>`,
    `<form method="post" action="${escapeHtml(action)}"><button type="submit">${t.submit}</button></form>`,
    `<p><a href="${escapeHtml(back)}">${t.cancel}</a></p>`,
    '</main>',
    '</html>',
    '',
  ].join('\n');
}
