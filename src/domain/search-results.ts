/**
 * What the search box and the results page show for a query (issue 5; spec §2 "Search", §5): the five
 * result groups in a fixed order, the link each result opens, and the Tab completion.
 * Pure: the islands pass in the results and a function that prefixes a path with the page's locale.
 */
import type { AuthorHit, AwardHit, BookHit, GenreHit, SeriesHit } from './schemas/search.ts';
import { SEARCH_KINDS, type SearchKind } from './search-query.ts';

export interface SearchResults {
  books: BookHit[];
  authors: AuthorHit[];
  series: SeriesHit[];
  genres: GenreHit[];
  awards: AwardHit[];
}

export const EMPTY_RESULTS: SearchResults = { books: [], authors: [], series: [], genres: [], awards: [] };

/** One selectable result: what it says and where it goes. */
export interface SearchOption {
  kind: SearchKind;
  /** Stable per result: `books-42`. */
  key: string;
  /** The record's id (a book's opens the pop-up by it: data-book-popup). */
  id: number;
  label: string;
  /** Secondary line: authors and year of a book. */
  detail?: string;
  /** The original title when the label is a translated one. */
  original?: string;
  href: string;
  /** Cover of a book (thumbnail), if any. */
  image?: string | null;
}

export interface SearchGroup {
  kind: SearchKind;
  options: SearchOption[];
}

/** Prefixes a path with the page's locale: `(p) => '/de' + p`. */
export type Localize = (path: string) => string;

/**
 * The detail link of a result (issue 5, item 3): books, authors and series by slug, genres as the
 * books list filtered by the genre's canonical name, awards on the awards page.
 */
export function resultHref(kind: SearchKind, hit: BookHit | AuthorHit | SeriesHit | GenreHit | AwardHit, localize: Localize): string {
  switch (kind) {
    case 'books':
      return localize(`/books/${encodeURIComponent((hit as BookHit).slug)}`);
    case 'authors':
      return localize(`/authors/${encodeURIComponent((hit as AuthorHit).slug)}`);
    case 'series':
      return localize(`/series/${encodeURIComponent((hit as SeriesHit).slug)}`);
    case 'genres':
      return localize(`/books?genre=${encodeURIComponent((hit as GenreHit).canonicalName)}`);
    case 'awards':
      return localize(`/awards?id=${(hit as AwardHit).id}`);
  }
}

/** The results page of a query: `/de/search?q=...`. */
export function searchPageHref(query: string, localize: Localize): string {
  return localize(`/search?q=${encodeURIComponent(query)}`);
}

/**
 * The non-empty groups in the fixed order books, authors, series, genres, awards.
 * @example searchGroups({ ...EMPTY_RESULTS, authors: [{ id: 1, slug: 'ursula-k-le-guin', name: 'Ursula K. Le Guin' }] }, (p) => '/en' + p)
 * // [{ kind: 'authors', options: [{ kind: 'authors', key: 'authors-1', id: 1, label: 'Ursula K. Le Guin', href: '/en/authors/ursula-k-le-guin' }] }]
 */
export function searchGroups(results: SearchResults, localize: Localize): SearchGroup[] {
  const groups: SearchGroup[] = [];
  for (const kind of SEARCH_KINDS) {
    const options = results[kind].map((hit): SearchOption => {
      const base = { kind, key: `${kind}-${hit.id}`, id: hit.id, href: resultHref(kind, hit, localize) };
      if (kind !== 'books') return { ...base, label: (hit as AuthorHit).name };
      const book = hit as BookHit;
      const detail = [book.authors.map((a) => a.name).join(', '), book.year === null ? '' : String(book.year)].filter(Boolean).join(' · ');
      return {
        ...base,
        label: book.title,
        original: book.title !== book.originalTitle ? book.originalTitle : undefined,
        detail: detail || undefined,
        image: book.coverImage,
      };
    });
    if (options.length) groups.push({ kind, options });
  }
  return groups;
}

export function countResults(results: SearchResults): number {
  return SEARCH_KINDS.reduce((sum, kind) => sum + results[kind].length, 0);
}

/** Case- and accent-insensitive form for comparing what was typed with a label (ß → ss). */
export function foldForCompletion(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss');
}

/**
 * What Tab completes the query to when nothing is selected: the first result whose label starts with
 * what was typed (ignoring case and accents) and is longer; null when none does.
 * @example completionFor('dune m', [{ label: 'Dune Messiah' }]) // 'Dune Messiah'
 */
export function completionFor(query: string, options: readonly Pick<SearchOption, 'label'>[]): string | null {
  const typed = foldForCompletion(query.trimStart());
  if (!typed) return null;
  const match = options.find((o) => o.label.length > query.trimStart().length && foldForCompletion(o.label).startsWith(typed));
  return match?.label ?? null;
}
