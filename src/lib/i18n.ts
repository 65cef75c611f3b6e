/**
 * Interface translation and locale-aware paths (DESIGN.md §6).
 *
 * Build-time and server code only: this module imports all three dictionaries, so islands must not
 * import it (that would ship every language to the browser). Astro pages translate the few strings an
 * island needs and pass them as props.
 */
import { isLocale } from '../domain/accept-language.ts';
import { pluralFormsIn, pluralTemplate, type PluralForms } from '../islands/cards/format.ts';
import { DEFAULT_LOCALE, type Locale } from '../domain/enums.ts';
import { localePath } from '../domain/routes.ts';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import it from '../../locales/it.json' with { type: 'json' };

/** Every key of the source-of-truth dictionary (locales/en.json). */
export type TranslationKey = keyof typeof en;
/** Values substituted for `{name}` placeholders. */
export type TranslationParams = Readonly<Record<string, string | number>>;

/** Base keys of plural families: 'author.wins' when en.json has 'author.wins_one' and 'author.wins_other'. */
export type PluralKey = TranslationKey extends infer K ? (K extends `${infer Base}_other` ? Base : never) : never;

type Dictionary = Partial<Record<string, string>>;
const DICTIONARIES: Readonly<Record<Locale, Dictionary>> = { en, de, it };

/** Language names in their own language (endonyms): never translated. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', de: 'Deutsch', it: 'Italiano' };

/** Open Graph locales (`og:locale`, language_TERRITORY). */
export const LOCALE_REGIONS: Readonly<Record<Locale, string>> = { en: 'en_US', de: 'de_DE', it: 'it_IT' };

// One implementation of language negotiation for functions and pages (spec §9: en, de, it, fallback en).
export { isLocale, negotiateLocale } from '../domain/accept-language.ts';

const PLACEHOLDER = /\{(\w+)\}/g;

function interpolate(template: string, params: TranslationParams | undefined): string {
  if (!params) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/**
 * Translates a key into `locale`, falling back to en, then to the key itself.
 * @example t('de', 'nav.books') // 'Bücher'
 * @example t('en', 'book.originalTitle', { title: 'Dune' }) // 'Original title: Dune'
 */
export function t(locale: Locale, key: TranslationKey, params?: TranslationParams): string {
  const template = DICTIONARIES[locale][key] || DICTIONARIES[DEFAULT_LOCALE][key] || key;
  return interpolate(template, params);
}

/**
 * Translates a plural family by CLDR category (`_one`, `_other`, ...; `_other` is the fallback).
 * `{count}` receives the number formatted for the locale.
 * @example tn('de', 'common.books', 1200) // '1.200 Bücher'
 */
export function tn(locale: Locale, key: PluralKey, count: number, params?: TranslationParams): string {
  const own = pluralFormsIn(DICTIONARIES[locale], key);
  const base = own ? undefined : pluralFormsIn(DICTIONARIES[DEFAULT_LOCALE], key);
  const template = own ? pluralTemplate(own, locale, count) : base ? pluralTemplate(base, DEFAULT_LOCALE, count) : key;
  return interpolate(template, { count: new Intl.NumberFormat(locale).format(count), ...params });
}

/**
 * t() for a key or a plural family: a family (its `_other` form exists) is filled by tn() with
 * `params.count`, for callers that pass message keys around (the recommender's reasons).
 * @example translateKey('en', 'recommend.coLiked', { count: 1, title: 'Dune' })
 */
export function translateKey(locale: Locale, key: TranslationKey | PluralKey, params: TranslationParams = {}): string {
  const { count, ...rest } = params;
  if (DICTIONARIES[DEFAULT_LOCALE][`${key}_other`] !== undefined && typeof count === 'number') return tn(locale, key as PluralKey, count, rest);
  return t(locale, key as TranslationKey, params);
}

/** Formats a number with the locale's grouping ('1,200' / '1.200'). */
export function formatNumber(locale: Locale, value: number): string {
  return new Intl.NumberFormat(locale).format(value);
}

// The one localePath (src/domain/routes.ts), here for the pages and islands that import it with t().
export { localePath };

/** The locale a pathname starts with ('/de/books' → 'de'), if any. */
export function localeFromPath(pathname: string): Locale | undefined {
  const first = pathname.replace(/^\/+/, '').split(/[/?#]/)[0];
  return isLocale(first) ? first : undefined;
}

/**
 * Swaps (or adds) the locale prefix of a path, keeping the rest, the query and the hash.
 * @example switchLocalePath('/en/books?genre=Fantasy', 'de') // '/de/books?genre=Fantasy'
 * @example switchLocalePath('/books', 'it') // '/it/books'
 */
export function switchLocalePath(pathname: string, target: Locale): string {
  const match = /^([^?#]*)(.*)$/s.exec(pathname);
  const path = match?.[1] ?? '';
  const suffix = match?.[2] ?? '';
  const segments = path.split('/').filter((segment) => segment !== '');
  if (isLocale(segments[0])) segments.shift();
  const rest = segments.join('/');
  // Keep a trailing slash the caller had on a deeper path; the locale root always has one.
  const trailing = rest !== '' && path.endsWith('/') ? '/' : '';
  return `${localePath(target, rest)}${trailing}${suffix}`;
}

/**
 * The path without its locale prefix and without a trailing slash ('/de/books/' → '/books', '/de' → '/').
 * Canonical URLs and hreflang alternates are built from it.
 */
export function unlocalizedPath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '';
  const segments = path.split('/').filter((segment) => segment !== '');
  if (isLocale(segments[0])) segments.shift();
  return `/${segments.join('/')}`;
}

/**
 * The raw plural forms of a key family in one language ({count} unfilled), for an island to fill.
 * @example pluralForms('de', 'common.books') // { one: '{count} Buch', other: '{count} Bücher' }
 */
export function pluralForms(locale: Locale, key: PluralKey): PluralForms {
  const forms: PluralForms = { other: t(locale, `${key}_other` as TranslationKey) };
  for (const category of new Intl.PluralRules(locale).resolvedOptions().pluralCategories) {
    const name = `${key}_${category}` as TranslationKey;
    const text = t(locale, name);
    if (text !== name) forms[category] = text;
  }
  return forms;
}
