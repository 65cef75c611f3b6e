/**
 * Build-time glue between the catalogue snapshot (db/queries/catalogue.ts) and the detail pages:
 * look-ups by id, localized labels of enums, awards and genres, absolute URLs. The rules themselves
 * (title choice, fallbacks, ratings) are pure functions in src/domain/catalogue-view.ts; this file
 * only joins records and picks translation keys.
 */
import type { AltTitleKind, CatalogueAwardEntry, CatalogueBook, CatalogueSnapshot } from '../../../db/queries/catalogue.ts';
import { editionLanguageName, knownLanguage, localized, localizedTitle, type LocalizedTitle } from '../../domain/catalogue-view.ts';
import { BINDING_KEYS as BINDING_LABELS, EDITION_TYPE_KEYS as EDITION_TYPE_LABELS, FORMAT_KEYS as FORMAT_LABELS } from '../../domain/edition-labels.ts';
import type { BindingType, EditionType, FormatType, GenreCategory, Locale, SeriesKind } from '../../domain/enums.ts';
import { splitAround } from '../../islands/cards/format.ts';
import { localePath, t, type TranslationKey } from '../../lib/i18n.ts';

export interface PersonLink {
  name: string;
  slug: string;
}

// Checked against the dictionary here: every key of the shared maps is a real translation key.
export const EDITION_TYPE_KEYS: Readonly<Record<EditionType, TranslationKey>> = EDITION_TYPE_LABELS;
export const BINDING_KEYS: Readonly<Record<BindingType, TranslationKey>> = BINDING_LABELS;
export const FORMAT_KEYS: Readonly<Record<FormatType, TranslationKey>> = FORMAT_LABELS;

export const SERIES_KIND_KEYS: Readonly<Record<SeriesKind, TranslationKey>> = {
  novel_series: 'series.kind.novelSeries',
  publisher_series: 'series.kind.publisherSeries',
  author_edition: 'series.kind.authorEdition',
};

export const SERIES_STATUS_KEYS = {
  ongoing: 'series.status.ongoing',
  completed: 'series.status.completed',
  unknown: 'series.status.unknown',
} as const satisfies Record<string, TranslationKey>;

/** Labels of a work's other titles: 'Body of Glass (UK title)'. */
export const ALT_TITLE_KIND_KEYS: Readonly<Record<AltTitleKind, TranslationKey>> = {
  serial: 'book.altTitles.kind.serial',
  uk: 'book.altTitles.kind.uk',
  us: 'book.altTitles.kind.us',
  working: 'book.altTitles.kind.working',
  'translation-of-record': 'book.altTitles.kind.translationOfRecord',
};

/** Absolute URL of a root-relative path on the configured site (canonical form, as BaseLayout builds it). */
export const absoluteUrl = (site: URL, path: string) => new URL(path, site).href;

export const bookPath = (locale: Locale, slug: string) => localePath(locale, `/books/${slug}`);
export const authorPath = (locale: Locale, slug: string) => localePath(locale, `/authors/${slug}`);
export const seriesPath = (locale: Locale, slug: string) => localePath(locale, `/series/${slug}`);
/** Spec §2: genre chips filter by the canonical (English) name. */
export const genrePath = (locale: Locale, canonicalName: string) => `${localePath(locale, '/genres')}?genre=${encodeURIComponent(canonicalName)}`;
/** Spec §2: /awards?id={awardId}. */
export const awardPath = (locale: Locale, awardId: number) => `${localePath(locale, '/awards')}?id=${awardId}`;

export function authorsOf(snapshot: CatalogueSnapshot, authorIds: readonly number[]): PersonLink[] {
  return authorIds.flatMap((id) => {
    const author = snapshot.authorById.get(id);
    return author ? [{ name: author.name, slug: author.slug }] : [];
  });
}

/** The colour of a drawn cover: the first genre that is not Crossover (as BookCard does). */
export function coverCategory(snapshot: CatalogueSnapshot, book: CatalogueBook): GenreCategory {
  const categories = book.genreIds.flatMap((id) => snapshot.genreById.get(id)?.category ?? []);
  return categories.find((c) => c !== 'crossover') ?? categories[0] ?? 'default';
}

export interface GenreChip {
  /** Canonical name: the ?genre= value. */
  name: string;
  label: string;
  category: GenreCategory;
}

export function genresOf(snapshot: CatalogueSnapshot, book: CatalogueBook, locale: Locale): GenreChip[] {
  return book.genreIds.flatMap((id) => {
    const genre = snapshot.genreById.get(id);
    return genre ? [{ name: genre.name, label: localized(genre.names, locale)?.text ?? genre.name, category: genre.category }] : [];
  });
}

export interface AwardView {
  awardId: number;
  award: string;
  category: string | null;
  year: number;
  isWinner: boolean;
  /** The title that award list prints when it differs from the book's ('Dune World'). */
  asTitle: string | null;
}

/** An award entry with the award and category names in the page language (custom categories as entered). */
export function awardView(snapshot: CatalogueSnapshot, entry: CatalogueAwardEntry, locale: Locale): AwardView {
  const award = snapshot.awardById.get(entry.awardId);
  const category = award?.categories.find((c) => c.id === entry.categoryId);
  return {
    awardId: entry.awardId,
    award: (award && (localized(award.names, locale)?.text ?? award.name)) || '',
    category: (category && localized(category.names, locale)?.text) || entry.customCategory?.trim() || null,
    year: entry.year,
    isWinner: entry.isWinner,
    asTitle: entry.asTitle?.trim() || null,
  };
}

/** 'Hugo Award, Best Novel (1966)' in the page language (JSON-LD `award`). */
export function awardText(view: AwardView, locale: Locale): string {
  return view.category ? t(locale, 'detail.awardEntry', { award: view.award, category: view.category, year: view.year }) : `${view.award} (${view.year})`;
}

export interface AltTitleView {
  title: string;
  /** The label around the title, split so the title can carry its own markup: ['', ' (UK title)']. */
  before: string;
  after: string;
}

/** A work's other titles with their kind in the page language (seed revision 2), in the data's order. */
export function altTitlesOf(book: Pick<CatalogueBook, 'altTitles'>, locale: Locale): AltTitleView[] {
  return book.altTitles.map((alt) => {
    const [before, after] = splitAround(t(locale, 'book.altTitles.item', { kind: t(locale, ALT_TITLE_KIND_KEYS[alt.kind]) }), 'title');
    return { title: alt.title, before, after };
  });
}

/** The year as shown: 'c. 1890' for approximate years; null when unknown. */
export function yearLabel(locale: Locale, year: number | null, approx: boolean): string | null {
  if (year === null) return null;
  return approx ? t(locale, 'book.yearApprox', { year }) : String(year);
}

/** The work's original language for a lang attribute, unless it is the page language or unknown. */
export function originalLanguageFor(book: Pick<CatalogueBook, 'originalLanguage'>, locale: Locale): string | null {
  const code = knownLanguage(book.originalLanguage);
  return code && code !== locale ? code : null;
}

/** A book as other detail pages list it (author's books, a series' books). */
export interface BookTileData {
  /** The pop-up asks the API by id (data-book-popup). */
  id: number;
  slug: string;
  title: LocalizedTitle;
  /** Language of the original title when it is not the page language (for a lang attribute). */
  originalLang: string | null;
  year: string | null;
  authors: PersonLink[];
  category: GenreCategory;
  /** The book's cover image (an upload's `/images/…` address or an external one); null draws one. */
  coverImageUrl: string | null;
  rating: CatalogueBook['rating'];
}

export function bookTile(snapshot: CatalogueSnapshot, book: CatalogueBook, locale: Locale): BookTileData {
  return {
    id: book.id,
    slug: book.slug,
    title: localizedTitle(book, locale),
    originalLang: originalLanguageFor(book, locale),
    year: yearLabel(locale, book.publicationYear, book.publicationYearApprox),
    authors: authorsOf(snapshot, book.authorIds),
    category: coverCategory(snapshot, book),
    coverImageUrl: book.coverImageUrl,
    rating: book.rating,
  };
}

/** Edition language in the page language ('Tedesco'), else the stored name, else 'Unknown language'. */
export function editionLanguage(locale: Locale, code: string, storedName: string): string {
  return editionLanguageName(locale, code, storedName) ?? t(locale, 'book.editions.unknownLanguage');
}

// One implementation for pages and islands (src/islands/cards/format.ts is dictionary-free).
export { splitAround };
