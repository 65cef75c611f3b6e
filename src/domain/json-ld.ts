/**
 * schema.org JSON-LD for the detail pages (issue 3, item 3): Book (the work, its editions as
 * workExample), Person and BookSeries; for the award and award category pages (issue 11) a
 * CollectionPage whose main entity lists the winning books. Pure: the page passes absolute URLs and already localized
 * names in; this module only shapes them and serializes them safely for an inline <script>.
 *
 * Conventions: the work's `@id` is its page URL + '#work'; editions are `#edition-{id}`; properties
 * without a value are left out (never null or empty strings); aggregateRating appears only when real
 * ratings exist.
 */
import type { BindingType, FormatType } from './enums.ts';
import { RATING_MAX, RATING_MIN } from './rating.ts';

const CONTEXT = 'https://schema.org';

export type JsonLd = Record<string, unknown>;

export interface PersonRefInput {
  name: string;
  /** Absolute URL of the person's page. */
  url?: string;
}

export interface RatingInput {
  average: number | null;
  count: number;
}

export interface EditionInput {
  id: number;
  title: string;
  /** BCP 47 code; 'und' and null are left out. */
  languageCode: string | null;
  isOriginalLanguage: boolean;
  isbn: string | null;
  bindingType: BindingType | null;
  formatType: FormatType | null;
  /** Localized edition type ('Revised edition'); schema.org `bookEdition`. */
  editionLabel?: string | null;
  publicationYear: number | null;
  publisher: string | null;
  pages: number | null;
  translator: string | null;
  /** The price an editor set and its ISO 4217 currency (issue 29 point 25); schema.org `offers`. */
  price?: number | null;
  currency?: string | null;
}

export interface SeriesMembershipInput {
  name: string;
  url: string;
  position: number | null;
}

export interface BookJsonLdInput {
  /** Absolute URL of this page (the locale's book page). */
  url: string;
  /** The original title: the work's name. */
  name: string;
  /** The title shown in the page language when it differs from the original title. */
  alternateName?: string | null;
  /** Original language of the work. */
  inLanguage: string | null;
  /** ISO date (YYYY-MM-DD) when known, else the year. */
  datePublished: string | number | null;
  publisher: string | null;
  pages: number | null;
  /** Plain-text synopsis. */
  description: string | null;
  image: string | null;
  /** Localized genre names. */
  genres: readonly string[];
  authors: readonly PersonRefInput[];
  editions: readonly EditionInput[];
  series: readonly SeriesMembershipInput[];
  /** Award wins as text, e.g. 'Hugo Award, Best Novel (1966)'. */
  awards: readonly string[];
  rating: RatingInput;
}

export interface PersonJsonLdInput {
  url: string;
  name: string;
  birthYear: number | null;
  deathYear: number | null;
  /** Country name in the page language. */
  nationality: string | null;
  /** Native language as BCP 47 code. */
  nativeLanguage?: string | null;
  description: string | null;
  image: string | null;
  /** Award wins as text. */
  awards: readonly string[];
}

export interface SeriesPartInput {
  name: string;
  url: string;
  position: number | null;
}

export interface BookSeriesJsonLdInput {
  url: string;
  name: string;
  description: string | null;
  authors: readonly PersonRefInput[];
  parts: readonly SeriesPartInput[];
}

export interface BreadcrumbInput {
  name: string;
  /** Absolute URL of the level's page. */
  url: string;
}

export interface AwardWinnerInput {
  /** Title as the page shows it. */
  name: string;
  /** Absolute URL of the book's page in the page language. */
  url: string;
  authors: readonly PersonRefInput[];
  /** The win as text, e.g. 'Hugo Award, Best Novel (1966)'. */
  award: string;
}

export interface AwardListJsonLdInput {
  /** Absolute URL of this page. */
  url: string;
  /** The page's name: the award, or award and category. */
  name: string;
  description: string | null;
  /** The page language. */
  inLanguage: string;
  /** From the top level down to this page. */
  breadcrumb: readonly BreadcrumbInput[];
  /** The winning books, newest first (one item per win). */
  winners: readonly AwardWinnerInput[];
}

/** Drops undefined, null, '' and empty arrays so the output carries only real facts. */
function compact(object: JsonLd): JsonLd {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)),
  );
}

/** A language code worth emitting ('und' means undetermined). */
const language = (code: string | null | undefined) => (code && code.trim() && code.trim().toLowerCase() !== 'und' ? code.trim() : undefined);

const person = (p: PersonRefInput): JsonLd => compact({ '@type': 'Person', name: p.name, url: p.url });

/**
 * schema.org BookFormatType of an edition: binding first, else the format (digital → EBook).
 * Broschiert and mass-market are paperbacks; an unknown physical binding has no format.
 * @example bookFormatOf('mass_market', 'physical') // 'https://schema.org/Paperback'
 */
export function bookFormatOf(binding: BindingType | null, format: FormatType | null): string | undefined {
  switch (binding) {
    case 'hardcover':
      return `${CONTEXT}/Hardcover`;
    case 'paperback':
    case 'broschiert':
    case 'mass_market':
      return `${CONTEXT}/Paperback`;
    case 'ebook':
      return `${CONTEXT}/EBook`;
    case 'audiobook':
      return `${CONTEXT}/AudiobookFormat`;
    default:
      return format === 'digital' ? `${CONTEXT}/EBook` : undefined;
  }
}

/**
 * AggregateRating only where readers actually rated (never a made-up or zero rating).
 * @example aggregateRatingOf({ average: 4.5, count: 2 }) // { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 2, ... }
 */
export function aggregateRatingOf(rating: RatingInput): JsonLd | undefined {
  if (rating.average === null || !Number.isFinite(rating.average) || rating.count <= 0) return undefined;
  return { '@type': 'AggregateRating', ratingValue: rating.average, ratingCount: rating.count, bestRating: RATING_MAX, worstRating: RATING_MIN };
}

const workId = (url: string) => `${url}#work`;

/**
 * The Book node of a book page: the work with authors, genres, series, award wins, the build-time
 * rating, and every edition as a workExample (translations point back with translationOfWork).
 */
export function bookJsonLd(input: BookJsonLdInput): JsonLd {
  const id = workId(input.url);
  const workLanguage = language(input.inLanguage);
  const editions = input.editions.map((edition) => {
    const editionLanguage = language(edition.languageCode);
    const isTranslation = !edition.isOriginalLanguage && editionLanguage !== undefined && editionLanguage !== workLanguage;
    return compact({
      '@type': 'Book',
      '@id': `${input.url}#edition-${edition.id}`,
      name: edition.title,
      inLanguage: editionLanguage,
      isbn: edition.isbn?.trim(),
      bookFormat: bookFormatOf(edition.bindingType, edition.formatType),
      bookEdition: edition.editionLabel,
      datePublished: edition.publicationYear === null ? undefined : String(edition.publicationYear),
      publisher: edition.publisher ? { '@type': 'Organization', name: edition.publisher } : undefined,
      numberOfPages: edition.pages ?? undefined,
      translator: edition.translator ? person({ name: edition.translator }) : undefined,
      translationOfWork: isTranslation ? { '@id': id } : undefined,
      // schema.org wants the price with a decimal point, never a locale's comma.
      offers: edition.price != null && edition.currency ? { '@type': 'Offer', price: edition.price.toFixed(2), priceCurrency: edition.currency } : undefined,
    });
  });
  const series = input.series.map((s) => compact({ '@type': 'BookSeries', name: s.name, url: s.url }));
  // A Book has one `position`: its place in the first series that numbers it.
  const position = input.series.find((s) => s.position !== null)?.position ?? undefined;

  return compact({
    '@context': CONTEXT,
    '@type': 'Book',
    '@id': id,
    url: input.url,
    name: input.name,
    alternateName: input.alternateName && input.alternateName !== input.name ? input.alternateName : undefined,
    inLanguage: workLanguage,
    author: input.authors.map(person),
    datePublished: input.datePublished === null ? undefined : String(input.datePublished),
    publisher: input.publisher ? { '@type': 'Organization', name: input.publisher } : undefined,
    numberOfPages: input.pages ?? undefined,
    genre: [...input.genres],
    description: input.description,
    image: input.image,
    isPartOf: series.length === 1 ? series[0] : series,
    position,
    award: [...input.awards],
    aggregateRating: aggregateRatingOf(input.rating),
    workExample: editions,
  });
}

/** The Person node of an author page (no sameAs: the catalogue holds no authority links yet). */
export function personJsonLd(input: PersonJsonLdInput): JsonLd {
  return compact({
    '@context': CONTEXT,
    '@type': 'Person',
    '@id': `${input.url}#person`,
    url: input.url,
    name: input.name,
    birthDate: input.birthYear === null ? undefined : String(input.birthYear),
    deathDate: input.deathYear === null ? undefined : String(input.deathYear),
    nationality: input.nationality ? { '@type': 'Country', name: input.nationality } : undefined,
    knowsLanguage: language(input.nativeLanguage),
    description: input.description,
    image: input.image,
    award: [...input.awards],
  });
}

/** The BookSeries node of a series page, its books in order as hasPart with their position. */
export function bookSeriesJsonLd(input: BookSeriesJsonLdInput): JsonLd {
  return compact({
    '@context': CONTEXT,
    '@type': 'BookSeries',
    '@id': `${input.url}#series`,
    url: input.url,
    name: input.name,
    description: input.description,
    author: input.authors.map(person),
    hasPart: input.parts.map((part) => compact({ '@type': 'Book', name: part.name, url: part.url, position: part.position ?? undefined })),
  });
}

/**
 * The CollectionPage node of an award or award category page: its breadcrumb trail and, as main
 * entity, an ItemList of the winning books (newest first), each pointing at its book page's work
 * node (`{book url}#work`) with the win in `award`.
 * @example awardListJsonLd({ url, name: 'Hugo Award', winners: [{ name: 'Dune', url: dune, authors: [], award: 'Hugo Award, Best Novel (1966)' }], ... })
 */
export function awardListJsonLd(input: AwardListJsonLdInput): JsonLd {
  return compact({
    '@context': CONTEXT,
    '@type': 'CollectionPage',
    '@id': `${input.url}#page`,
    url: input.url,
    name: input.name,
    description: input.description,
    inLanguage: input.inLanguage,
    breadcrumb:
      input.breadcrumb.length === 0
        ? undefined
        : {
            '@type': 'BreadcrumbList',
            itemListElement: input.breadcrumb.map((level, index) => ({ '@type': 'ListItem', position: index + 1, name: level.name, item: level.url })),
          },
    mainEntity: {
      '@type': 'ItemList',
      name: input.name,
      itemListOrder: `${CONTEXT}/ItemListOrderDescending`,
      numberOfItems: input.winners.length,
      itemListElement: input.winners.map((book, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        item: compact({ '@type': 'Book', '@id': workId(book.url), name: book.name, url: book.url, author: book.authors.map(person), award: book.award }),
      })),
    },
  });
}

/** Characters that could end the <script> element or break it in old parsers, as JSON escapes. */
const SCRIPT_UNSAFE: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for `<script type="application/ld+json">`: '<', '>' and '&' become \u escapes (still the same
 * JSON value), so a title like '</script><script>alert(1)' cannot close the element.
 * @example serializeJsonLd({ name: '</script>' }) // '{"name":"\\u003c/script\\u003e"}'
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (ch) => SCRIPT_UNSAFE[ch] ?? ch);
}
