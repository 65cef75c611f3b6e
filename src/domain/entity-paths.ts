/**
 * Where an entity path that is no page leads (issue 28 point 4; ADR 0033): the spec's id routes
 * (`/authors/{id}`, `/series/{id}`, `/awards/{id}`, `/genres/{id or slug}`) and the old slugs of books,
 * authors and series. They were thousands of `_redirects` rules that grew with the catalogue; now one
 * function answers them by a lookup (netlify/functions/entity-path.mts). Pure.
 */
import { LOCALES, type Locale } from './enums.ts';

/** The list sections an entity path may name, and what a key there can be besides a page's slug. */
export const ENTITY_PATH_SECTIONS = ['books', 'authors', 'series', 'genres', 'awards'] as const;
export type EntityPathSection = (typeof ENTITY_PATH_SECTIONS)[number];

/** The sections whose records have on-demand pages (ADR 0037): the page answers its own misses. */
export const ON_DEMAND_SECTIONS = ['books', 'authors', 'series'] as const satisfies readonly EntityPathSection[];
/** The sections whose keys only the entity-path function answers (genres and awards have list pages only). */
export const LOOKUP_ONLY_SECTIONS = ENTITY_PATH_SECTIONS.filter((s) => !(ON_DEMAND_SECTIONS as readonly string[]).includes(s));

/**
 * A Netlify function path (URLPattern, as Netlify reads it) for these sections in every language.
 * @example sectionsPath(['genres', 'awards']) // '/:locale(en|de|it)/:section(genres|awards)/:key'
 */
export const sectionsPath = (sections: readonly EntityPathSection[]): string => `/:locale(${LOCALES.join('|')})/:section(${sections.join('|')})/:key`;

/** What a key of a section names, as the database answers it (db/queries/entity-paths.ts). */
export type EntityPathTarget =
  /** A record's current slug: its page. */
  | { slug: string }
  /** A genre (by id or slug): the books list filtered by its name, as the id routes always did. */
  | { genreName: string };

/** The paths the lookup function answers: every section in every language (literal first segments keep the router's shortcut). */
export const ENTITY_PATH_PATTERNS: readonly string[] = LOCALES.flatMap((locale) => ENTITY_PATH_SECTIONS.map((section) => `/${locale}/${section}/:key`));

/**
 * The address a target leads to in the language of the request; the query of the request is kept.
 * @example entityPathLocation('de', 'authors', { slug: 'ursula-k-le-guin' }, '') // '/de/authors/ursula-k-le-guin'
 * @example entityPathLocation('it', 'genres', { genreName: 'Science Fiction' }, '') // '/it/books?genre=Science%20Fiction'
 */
export function entityPathLocation(locale: Locale, section: EntityPathSection, target: EntityPathTarget, search: string): string {
  if ('genreName' in target) {
    const query = new URLSearchParams(search);
    query.set('genre', target.genreName);
    return `/${locale}/books?${query.toString().replace(/\+/g, '%20')}`;
  }
  return `/${locale}/${section}/${encodeURIComponent(target.slug)}${search}`;
}

/**
 * How a key of a section is to be looked up: an id (the spec's id routes of authors, series, awards
 * and genres), else a slug (an old slug of a book, author or series; a genre's slug). A key that can
 * be neither is no record at all.
 * @example keyOfEntityPath('authors', '42') // { id: 42, slug: '42' }
 */
export function keyOfEntityPath(section: EntityPathSection, key: string): { id: number | null; slug: string } | null {
  let slug: string;
  try {
    slug = decodeURIComponent(key);
  } catch {
    return null;
  }
  if (slug === '' || slug.length > 300) return null;
  const idRoute = section !== 'books' && /^[1-9]\d{0,9}$/.test(slug) && Number(slug) <= 2_147_483_647;
  return { id: idRoute ? Number(slug) : null, slug };
}
