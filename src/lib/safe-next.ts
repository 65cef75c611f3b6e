/**
 * Where the login page may send the visitor afterwards (issue 4: "?next="). Only a path on this site
 * is accepted; anything that a browser could read as another origin ('//evil.example', '/\evil.example',
 * 'https://…', 'javascript:…') or that carries control characters falls back.
 */

/** Browsers treat '\' like '/' and drop tabs and newlines inside URLs, so those can smuggle in '//'. */
const UNSAFE = /[\\\u0000-\u001f\u007f]/;

/**
 * The same-site path in `next` (path, query and hash kept), or `fallback` when it is missing or unsafe.
 * @example safeNextPath('/de/profile?tab=reading', '/de/') // '/de/profile?tab=reading'
 * @example safeNextPath('//evil.example/', '/de/') // '/de/'
 */
export function safeNextPath(next: string | null | undefined, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || UNSAFE.test(next)) return fallback;
  // The path as the browser will resolve it: `/..//evil.example/` is `//evil.example/` once its dot
  // segment is gone, a path the next request may read as another host (issue 26 point 2). Only the
  // resolved path goes on, and only when it is still one path on this site.
  const base = 'https://same.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base || url.pathname.startsWith('//')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The login page's address that brings the visitor back to `next` afterwards (spec §2: the pop-up's
 * sign-in prompt goes to /login; issue 12: "and back afterwards"). `next` is checked again by the
 * login form with safeNextPath().
 * @example loginHref('/de/login', '/de/books?genre=Fantasy') // '/de/login?next=%2Fde%2Fbooks%3Fgenre%3DFantasy'
 */
export function loginHref(loginPath: string, next: string): string {
  return `${loginPath}?next=${encodeURIComponent(next)}`;
}
