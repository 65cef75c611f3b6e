/**
 * Pure helpers that turn catalogue records into what a detail page shows (issue 3, item 1): the title
 * in the page language, localized texts with their fallback, combined ratings, year and position
 * formatting, language and country names. No I/O: the pages pass the snapshot's records in.
 *
 * The input types are structural on purpose: src/domain imports nothing outside src/domain
 * (DESIGN.md §3), and the snapshot's records (db/queries/catalogue.ts) satisfy them as they are.
 */
import { markdownToPlainText, stripLeadingHeading, truncate } from './description.ts';
import { DEFAULT_LOCALE, type Locale, type SeriesStatus } from './enums.ts';
import { roundRating } from './rating.ts';

/** A text in some of the interface languages (the shape of the jsonb columns). */
export type LocalizedTextInput = Readonly<Partial<Record<Locale, string>>> | null | undefined;

/** A localized text as shown: the text, the language it is in, and whether that is the en fallback. */
export interface LocalizedResult {
  text: string;
  locale: Locale;
  /** True when the page language had no text and the en text is shown instead (DESIGN.md §6). */
  isFallback: boolean;
}

/**
 * The text in `locale`, else in en; null when neither has any (blank texts count as missing).
 * @example localized({ en: 'A desert planet.' }, 'de') // { text: 'A desert planet.', locale: 'en', isFallback: true }
 */
export function localized(text: LocalizedTextInput, locale: Locale): LocalizedResult | null {
  const own = text?.[locale]?.trim();
  if (own) return { text: own, locale, isFallback: false };
  const fallback = text?.[DEFAULT_LOCALE]?.trim();
  return fallback ? { text: fallback, locale: DEFAULT_LOCALE, isFallback: locale !== DEFAULT_LOCALE } : null;
}

export interface TitledEdition {
  readonly id: number;
  readonly title: string;
  readonly languageCode: string;
  readonly isOriginalLanguage: boolean;
  readonly isPrimaryEdition: boolean;
}

export interface TitledBook {
  readonly originalTitle: string;
  readonly originalLanguage: string | null;
  readonly editions: readonly TitledEdition[];
}

export interface LocalizedTitle {
  /** What the page shows as the title. */
  title: string;
  originalTitle: string;
  /** True when `title` is a translation's title (then the original title is shown beside it). */
  isTranslated: boolean;
  /**
   * BCP 47 language of `title` for a `lang` attribute, or null when it is the page language or unknown
   * ('und' is "no language" and is never emitted).
   */
  lang: string | null;
}

/** 'de-AT' and 'DE' both mean German here (the editions store plain codes, but be lenient). */
const baseLanguage = (code: string | null | undefined) => (code ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';

/** A real language code, or null for missing and 'und'. */
export function knownLanguage(code: string | null | undefined): string | null {
  const base = baseLanguage(code);
  return base && base !== 'und' ? base : null;
}

/**
 * The languages whose translated title a page in `locale` shows, in order (issue 29 point 6): the
 * reader's language, then English (a reader of a German page knows The Hole sooner than 穴);
 * the original title comes after all of them.
 */
export function titleLanguages(locale: Locale): readonly string[] {
  return locale === DEFAULT_LOCALE ? [locale] : [locale, DEFAULT_LOCALE];
}

/**
 * The title a page in `locale` shows: the title of a translated edition (not the original language)
 * in the first of titleLanguages() that has one, primary edition first, then the lowest id; else the
 * original title. On a page in the book's original language, the original title. A translated title
 * goes with the original beside it (isTranslated), and `lang` marks a title not in the page language.
 * The same rule in SQL: `localized_book_title()` (db/queries/book-title.ts), which lists, search,
 * the pop-up and the API read; tests/integration/lists.test.ts checks the two agree for every book.
 * @example localizedTitle(dune, 'de') // { title: 'Der Wüstenplanet', originalTitle: 'Dune', isTranslated: true, lang: null }
 * @example localizedTitle(theHole, 'de') // { title: 'The Hole', originalTitle: '穴', isTranslated: true, lang: 'en' }
 */
export function localizedTitle(book: TitledBook, locale: Locale): LocalizedTitle {
  const original = knownLanguage(book.originalLanguage);
  if (original !== locale) {
    for (const language of titleLanguages(locale)) {
      const translated = translatedTitle(book, language);
      if (translated) return { title: translated, originalTitle: book.originalTitle, isTranslated: true, lang: language === locale ? null : language };
    }
  }
  return {
    title: book.originalTitle,
    originalTitle: book.originalTitle,
    isTranslated: false,
    // A title that is the same in the page language (e.g. 'American Gods' in it) is still in the original language.
    lang: original && original !== locale ? original : null,
  };
}

/**
 * The title of the book's translation into `language` (a base code: 'de', 'fr'): the title of a
 * translated edition (not the original language) in that language, primary edition first, then the
 * lowest id; null when there is none, when `language` is the original language, or when the
 * translation keeps the original title. The one rule behind `localizedTitle` and `bookTranslations`.
 * @example translatedTitle(dune, 'de') // 'Der Wüstenplanet'
 */
export function translatedTitle(book: TitledBook, language: string): string | null {
  if (knownLanguage(book.originalLanguage) === language) return null;
  const translation = book.editions
    .filter((e) => !e.isOriginalLanguage && baseLanguage(e.languageCode) === language && e.title.trim() !== '')
    .sort((a, b) => Number(b.isPrimaryEdition) - Number(a.isPrimaryEdition) || a.id - b.id)[0];
  const title = translation?.title.trim();
  return title && title !== book.originalTitle.trim() ? title : null;
}

/**
 * Every translation's title, one per language of the translated editions, by language code (the
 * read API's `translations`, issue 16 point 4).
 * @example bookTranslations(dune) // [{ language: 'de', title: 'Der Wüstenplanet' }, { language: 'it', title: 'Dune' }, ...]
 */
export function bookTranslations(book: TitledBook): { language: string; title: string }[] {
  const languages = [...new Set(book.editions.filter((e) => !e.isOriginalLanguage).map((e) => knownLanguage(e.languageCode)))].filter((l): l is string => l !== null);
  return languages
    .sort()
    .map((language) => ({ language, title: translatedTitle(book, language) }))
    .filter((t): t is { language: string; title: string } => t.title !== null);
}

export interface RatingSummary {
  /** Mean rounded to one decimal (spec §3), null without ratings. */
  average: number | null;
  count: number;
}

/**
 * The rating over several books: the mean of all their ratings (each book's average weighted by its
 * count), rounded to one decimal; null when none of them has a rating.
 * @example combineRatings([{ average: 4, count: 1 }, { average: 5, count: 3 }]) // { average: 4.8, count: 4 }
 */
export function combineRatings(ratings: readonly RatingSummary[]): RatingSummary {
  let count = 0;
  let sum = 0;
  for (const r of ratings) {
    if (r.average === null || r.count <= 0) continue;
    count += r.count;
    sum += r.average * r.count;
  }
  return count === 0 ? { average: null, count: 0 } : { average: roundRating(sum / count), count };
}

/** What a series status shows; the catalogue leaves most statuses open. */
export type SeriesStatusView = SeriesStatus | 'unknown';
export const seriesStatusView = (status: SeriesStatus | null | undefined): SeriesStatusView => status ?? 'unknown';

/**
 * Formats a series position: whole numbers plainly, novellas between volumes with their decimals.
 * @example formatPosition(2.5, 'de') // '2,5'
 */
export function formatPosition(position: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(position);
}

/** Sort key order for year lists: known years ascending, unknown years last. */
const byYear = (a: number | null, b: number | null) => (a ?? Number.POSITIVE_INFINITY) - (b ?? Number.POSITIVE_INFINITY);

/**
 * Sorts items by year (unknown years last), then by title in the page language's collation, then by id.
 * Returns a new array.
 * @example sortByYear(books, (b) => b.publicationYear, (b) => b.title, 'de')
 */
export function sortByYear<T extends { readonly id: number }>(
  items: readonly T[],
  year: (item: T) => number | null,
  title: (item: T) => string,
  locale: Locale,
): T[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return [...items].sort((a, b) => byYear(year(a), year(b)) || collator.compare(title(a), title(b)) || a.id - b.id);
}

/** Length of meta descriptions (search result snippets), including the '...'. */
export const META_DESCRIPTION_LENGTH = 160;

/**
 * A meta description from a markdown text: leading 'Introduction' heading dropped, markup stripped,
 * cut to 160 characters; `fallback` when the text is empty.
 * @example metaDescription('## Einleitung\n\nArrakis ist ...', 'Dune') // 'Arrakis ist ...'
 */
export function metaDescription(markdown: string | null | undefined, fallback: string, max = META_DESCRIPTION_LENGTH): string {
  const plain = markdown ? markdownToPlainText(stripLeadingHeading(markdown)) : '';
  return truncate(plain || fallback, max);
}

const displayNames = new Map<string, Intl.DisplayNames>();
function displayNamesFor(locale: Locale, type: 'language' | 'region'): Intl.DisplayNames {
  const key = `${locale}:${type}`;
  let names = displayNames.get(key);
  if (!names) {
    names = new Intl.DisplayNames(locale, { type, fallback: 'none' });
    displayNames.set(key, names);
  }
  return names;
}

function displayName(code: string, locale: Locale, type: 'language' | 'region'): string | null {
  try {
    return displayNamesFor(locale, type).of(code) ?? null;
  } catch {
    // Malformed codes throw a RangeError; treat them as unknown.
    return null;
  }
}

/**
 * The name of a language in the page language; null for 'und' and codes Intl does not know.
 * @example languageName('de', 'it') // 'tedesco'
 */
export function languageName(code: string | null | undefined, locale: Locale): string | null {
  const known = knownLanguage(code);
  return known ? displayName(known, locale, 'language') : null;
}

/**
 * An edition's language in the page language ('Tedesco'), capitalised for a label; else the stored
 * name of a known code; null when neither says anything (the caller shows 'Unknown language').
 * @example editionLanguageName('it', 'de', 'Deutsch') // 'Tedesco'
 */
export function editionLanguageName(locale: Locale, code: string, storedName: string): string | null {
  const name = languageName(code, locale);
  if (name) return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  return knownLanguage(code) && storedName.trim() ? storedName : null;
}

/**
 * The name of a country (ISO 3166 alpha-2, as `authors.nationality` stores it) in the page language.
 * @example countryName('US', 'de') // 'Vereinigte Staaten'
 */
export function countryName(code: string | null | undefined, locale: Locale): string | null {
  const region = (code ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$|^\d{3}$/.test(region) ? displayName(region, locale, 'region') : null;
}

/**
 * The first letter of a name for a placeholder portrait (grapheme-aware, so 'Ørsted' gives 'Ø').
 * @example initialOf('ursula K. Le Guin') // 'U'
 */
export function initialOf(name: string): string {
  const first = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(name.trim())[Symbol.iterator]().next();
  return first.done ? '?' : first.value.segment.toLocaleUpperCase();
}
