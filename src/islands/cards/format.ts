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
  return fill(pluralTemplate(forms, locale, count), { count: formatCount(locale, count), ...params });
}

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * The one place that picks a plural form (issue 29 point 9): the CLDR category of `count` in `locale`
 * (Intl.PluralRules), else `other`. plural(), pluralText(), tn() and the API's messages use it.
 * @example pluralTemplate({ one: '{count} Buch', other: '{count} Bücher' }, 'de', 1) // '{count} Buch'
 */
export function pluralTemplate(forms: PluralForms, locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return forms[rules.select(count)] ?? forms.other;
}

/**
 * The forms of the plural family `key` in a flat record of texts (`key_one`, `key_other`, …), or
 * undefined when the record has no `key_other`.
 */
export function pluralFormsIn(texts: Readonly<Record<string, string | undefined>>, key: string): PluralForms | undefined {
  const other = texts[`${key}_other`];
  if (other === undefined) return undefined;
  const forms: PluralForms = { other };
  for (const category of ['zero', 'one', 'two', 'few', 'many'] as const) {
    const text = texts[`${key}_${category}`];
    if (text !== undefined) forms[category] = text;
  }
  return forms;
}

/** The keys an island lists to receive the plural family `key` in its flat texts record (en, de and it use one and other). */
export const pluralKeys = <K extends string>(key: K): [`${K}_one`, `${K}_other`] => [`${key}_one`, `${key}_other`];

/**
 * plural() for islands whose texts are one flat record of keys (pluralKeys() in their key list).
 * @example pluralText({ 'x.books_one': '{count} book', 'x.books_other': '{count} books' }, 'x.books', 'en', 1) // '1 book'
 */
export function pluralText(texts: Readonly<Record<string, string>>, key: string, locale: string, count: number, params: Readonly<Record<string, string | number>> = {}): string {
  return plural(pluralFormsIn(texts, key) ?? { other: key }, locale, count, params);
}

/** A one-decimal rating in the locale's format ('4.5' / '4,5'). */
export function formatRating(locale: string, value: number): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/**
 * A date or timestamp in the locale's words ('12 March 2024' / '12. März 2024'); a bare date
 * ('2024-03-12') is read as that calendar day wherever the reader is.
 * @example formatDate('de', '1965-08-01', 'long') // '1. August 1965'
 */
export function formatDate(locale: string, iso: string, style: 'medium' | 'long'): string {
  const bareDate = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  const date = new Date(bareDate ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: style, ...(bareDate ? { timeZone: 'UTC' } : {}) }).format(date);
}

/**
 * Splits a translated sentence around one placeholder, so markup (a link, a lang span) can sit where
 * the language puts it.
 * @example splitAround('von {authors}', 'authors') // ['von ', '']
 */
export function splitAround(text: string, placeholder: string): [before: string, after: string] {
  const index = text.indexOf(`{${placeholder}}`);
  return index < 0 ? [text, ''] : [text.slice(0, index), text.slice(index + placeholder.length + 2)];
}
