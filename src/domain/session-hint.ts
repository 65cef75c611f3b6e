/**
 * The session hint (issue 11): a small cookie that is NOT the session. Sign-in sets it beside the
 * HttpOnly session cookie, sign-out clears it. Pages read it in the browser to know, without asking
 * the server, whether anyone may be signed in: a visitor without it is signed out (no call to
 * /api/auth/user, no 401 in the console), and a reader sees the initial on the avatar at once. It
 * carries nothing secret (the initial of the first name) and grants nothing: the server never reads
 * it to decide who someone is.
 */

export const SESSION_HINT_COOKIE = 'phantastika_hint';

/** The hint's value: the first letter of the first name, upper-cased, URL-encoded (a cookie value). */
export function sessionHintValue(firstName: string): string {
  const initial = [...firstName.trim()][0]?.toLocaleUpperCase() ?? '';
  return encodeURIComponent(/\p{L}|\p{N}/u.test(initial) ? initial : '·');
}

/**
 * The initial the hint carries, or null when there is none (signed out), from a Cookie header or
 * `document.cookie`.
 * @example readSessionHint('a=1; phantastika_hint=%C3%9C') // 'Ü'
 */
export function readSessionHint(cookies: string | null | undefined): string | null {
  for (const part of (cookies ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== SESSION_HINT_COOKIE) continue;
    try {
      const value = decodeURIComponent(rest.join('='));
      return value ? [...value][0]! : null;
    } catch {
      return null;
    }
  }
  return null;
}
