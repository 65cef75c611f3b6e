/**
 * Which link and image addresses rendered descriptions may keep (spec §5 "Descriptions").
 * Allow-list, not deny-list: an unknown scheme is unsafe by default.
 */

export const SAFE_URL_SCHEMES = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'] as const;
export type SafeUrlScheme = (typeof SAFE_URL_SCHEMES)[number];

const SAFE_SCHEMES: ReadonlySet<string> = new Set(SAFE_URL_SCHEMES);

/**
 * Browsers drop ASCII tab and newline anywhere and C0 controls/space at both ends before reading the
 * scheme (WHATWG URL), so 'java\tscript:' is 'javascript:'. We drop every C0 control and DEL anywhere,
 * which is stricter than any browser and so can only turn a link unsafe, never safe.
 */
const IGNORED_BY_BROWSERS = /[\u0000-\u001F\u007F]/g;
/** RFC 3986 scheme: a letter, then letters, digits, '+', '-', '.', ending at the first ':'. */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * True for http(s), irc(s), mailto and xmpp addresses and for relative ones ('/x', '../x', '#x', '//host/x').
 * Callers still HTML-escape the address: 'javascript&#58;' is a harmless relative path only once escaped.
 * @example isSafeUrl(' JAVASCRIPT:alert(1)') // false
 */
export function isSafeUrl(url: string): boolean {
  const cleaned = url.replace(IGNORED_BY_BROWSERS, '').trim();
  // An empty address links back to the page itself: nothing worth rendering as a link.
  if (cleaned === '') return false;
  const scheme = SCHEME.exec(cleaned)?.[1];
  // No scheme before the first '/', '?' or '#' means a relative reference (including '//host/x').
  return scheme === undefined || SAFE_SCHEMES.has(scheme.toLowerCase());
}
