/**
 * The site's addresses (issue 30 point 3 starts here): pure, so pages, islands and functions build
 * the same URLs. src/lib/i18n.ts re-exports localePath for the pages that import it from there.
 */
import type { Locale } from './enums.ts';

/**
 * The locale-prefixed path of an unprefixed route; the locale root keeps its trailing slash.
 * @example localePath('de', '/books') // '/de/books'
 * @example localePath('it', '/') // '/it/'
 */
export function localePath(locale: Locale, path = '/'): string {
  const rest = path.replace(/^\/+/, '');
  return rest === '' ? `/${locale}/` : `/${locale}/${rest}`;
}
