/**
 * Text helpers for islands. Islands get their texts as props (src/islands/README.md), plural texts
 * as the locale's forms ({ one, other }); these fill them in the browser without the dictionaries.
 */

/** The plural forms of one text in the page language; `other` is the fallback (locales/README.md). */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number with the locale's grouping ('3,219' / '3.219'). */
export function formatCount(locale: string, value: number): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/** Replaces `{name}` placeholders; unknown ones stay as they are. */
export function fill(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}

/**
 * Picks the plural form for `count` and fills it; `{count}` gets the formatted number.
 * @example plural({ one: '{count} book', other: '{count} books' }, 'en', 3219) // '3,219 books'
 */
export function plural(forms: PluralForms, locale: string, count: number, params: Readonly<Record<string, string | number>> = {}): string {
  const category = new Intl.PluralRules(locale).select(count);
  return fill(forms[category] ?? forms.other, { count: formatCount(locale, count), ...params });
}

/** A one-decimal rating in the locale's format ('4.5' / '4,5'). */
export function formatRating(locale: string, value: number): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}
