/**
 * Server-side message translation: the API answers with a message in the request's language
 * (Accept-Language) and keeps the key in `details` for clients that translate themselves.
 */
import de from '../../../locales/de.json' with { type: 'json' };
import en from '../../../locales/en.json' with { type: 'json' };
import it from '../../../locales/it.json' with { type: 'json' };
import type { Locale } from '../../../src/domain/enums.ts';
import { pluralFormsIn, pluralTemplate } from '../../../src/islands/cards/format.ts';

const catalogues: Record<Locale, Record<string, string>> = { en, de, it };

/**
 * A number in a message: the language's decimal mark ("4,5 MB" in German), no grouping (a year stays
 * 2027, a row limit 20000 as before).
 */
const numberFormats = new Map<Locale, Intl.NumberFormat>();
function formatNumber(locale: Locale, value: number): string {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 3 })));
  return format.format(value);
}

/**
 * The message of `key` in `locale` with its placeholders filled. A plural family (`key_one`,
 * `key_other`; issue 29 point 9) is picked by the number in `params.count`.
 * @example translate('de', 'api.error.genreHasBooks', { count: 1, titles: 'Dune' })
 */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const count = params.count;
  const own = typeof count === 'number' ? pluralFormsIn(catalogues[locale], key) : undefined;
  const base = typeof count === 'number' && !own ? pluralFormsIn(catalogues.en, key) : undefined;
  const template =
    own ? pluralTemplate(own, locale, count as number) : base ? pluralTemplate(base, 'en', count as number) : (catalogues[locale][key] ?? catalogues.en[key] ?? key);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = params[name]!;
    return typeof value === 'number' ? formatNumber(locale, value) : value;
  });
}
