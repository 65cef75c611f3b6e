/**
 * Incremental static builds (issue 13 point 7, ADR 0020): which entity pages a catalogue change
 * touches, decided by comparing the catalogue a build was made from with the catalogue now.
 *
 * A build records a `CatalogueState`: a hash of every entity record the pages read, and for every
 * entity page (a book's, an author's, a series') its slug and the entities it reads (its
 * dependencies). The next build compares the two states: an entity page is rendered again when it is
 * new, when its slug or its dependencies changed, or when an entity it reads (before or now) changed;
 * a page whose entity is gone or renamed is removed (its old slug's 301 comes from `_redirects`).
 * Every other page (lists, home, awards, sitemaps, legal and account pages: about a hundred) is
 * rendered on every build, so nothing outside the entity pages depends on this analysis.
 *
 * What a page reads is written down once here, from the page modules (src/pages/[locale]/{books,
 * authors,series}/[slug].astro and detail-data.ts): a book page its book, authors, genres, series
 * and awards; an author or series page its own record, its books and (through their tiles) their
 * authors and genres, and (author pages) their awards.
 */
import { createHash } from 'node:crypto';
import type { CatalogueSnapshot } from '../../../db/queries/catalogue.ts';
import { LOCALES } from '../enums.ts';

/** The kinds of entity page, by their section of the URL. */
export const PAGE_SECTIONS = { book: 'books', author: 'authors', series: 'series' } as const;
export type PageKind = keyof typeof PAGE_SECTIONS;

/** `book:12`, `genre:3`: an entity of the snapshot. */
export type EntityKey = string;

export interface PageState {
  slug: string;
  /** The entities the page reads, its own record included, sorted. */
  deps: EntityKey[];
}

export interface CatalogueState {
  version: typeof STATE_VERSION;
  /** A short hash of each entity's record as the pages read it. */
  hashes: Record<EntityKey, string>;
  /** Every entity page, by `kind:id`. */
  pages: Record<EntityKey, PageState>;
}

export const STATE_VERSION = 1;

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 16);
const key = (kind: string, id: number): EntityKey => `${kind}:${id}`;

/** The state of a snapshot: what the next build compares with. */
export function catalogueState(snapshot: CatalogueSnapshot): CatalogueState {
  const hashes: Record<EntityKey, string> = {};
  for (const book of snapshot.books) hashes[key('book', book.id)] = hash(book);
  for (const author of snapshot.authors) hashes[key('author', author.id)] = hash(author);
  for (const series of snapshot.series) hashes[key('series', series.id)] = hash(series);
  // bookCount is read by the genres list only (rendered on every build): a new book of a genre must
  // not re-render every other book of it.
  for (const { bookCount: _count, ...genre } of snapshot.genres) hashes[key('genre', genre.id)] = hash(genre);
  for (const award of snapshot.awards) hashes[key('award', award.id)] = hash(award);

  const bookDeps = (bookId: number, withAwards: boolean): EntityKey[] => {
    const book = snapshot.bookById.get(bookId);
    if (!book) return [];
    return [
      key('book', book.id),
      ...book.authorIds.map((id) => key('author', id)),
      ...book.genreIds.map((id) => key('genre', id)),
      ...(withAwards ? book.awards.map((a) => key('award', a.awardId)) : []),
    ];
  };
  const pages: Record<EntityKey, PageState> = {};
  const add = (pageKey: EntityKey, slug: string, deps: EntityKey[]) => (pages[pageKey] = { slug, deps: [...new Set(deps)].sort() });
  for (const book of snapshot.books) {
    add(key('book', book.id), book.slug, [...bookDeps(book.id, true), ...book.series.map((s) => key('series', s.seriesId))]);
  }
  for (const author of snapshot.authors) {
    add(key('author', author.id), author.slug, [key('author', author.id), ...author.bookIds.flatMap((id) => bookDeps(id, true))]);
  }
  for (const series of snapshot.series) {
    add(key('series', series.id), series.slug, [
      key('series', series.id),
      ...series.authorIds.map((id) => key('author', id)),
      ...series.books.flatMap((b) => bookDeps(b.bookId, false)),
    ]);
  }
  return { version: STATE_VERSION, hashes, pages };
}

export interface IncrementalPlan {
  /** The entity pages to render, as `kind:slug` (see `pageKeyOf`). */
  render: Set<string>;
  /** Site paths (`/en/books/old-slug`) of entity pages that no longer exist. */
  remove: string[];
  /** Entities whose record changed, was added or removed. */
  changed: EntityKey[];
}

/** `/en/books/dune`: an entity page's path in one locale. */
export function entityPagePath(locale: string, kind: PageKind, slug: string): string {
  return `/${locale}/${PAGE_SECTIONS[kind]}/${slug}`;
}

/** The plan's key of an entity page: its kind and slug (what a path names). */
export function pageKeyOf(kind: PageKind, slug: string): string {
  return `${kind}:${slug}`;
}

const kindOf = (pageKey: EntityKey) => pageKey.slice(0, pageKey.indexOf(':')) as PageKind;

/** What the build from `previous` to `next` must render and remove (see the module comment). */
export function planIncremental(previous: CatalogueState, next: CatalogueState): IncrementalPlan {
  const changed = new Set<EntityKey>();
  for (const [k, h] of Object.entries(next.hashes)) if (previous.hashes[k] !== h) changed.add(k);
  for (const k of Object.keys(previous.hashes)) if (!(k in next.hashes)) changed.add(k);

  const render = new Set<string>();
  for (const [pageKey, page] of Object.entries(next.pages)) {
    const before = previous.pages[pageKey];
    const touched =
      !before ||
      before.slug !== page.slug ||
      before.deps.join(' ') !== page.deps.join(' ') ||
      page.deps.some((d) => changed.has(d)) ||
      before.deps.some((d) => changed.has(d));
    if (touched) render.add(pageKeyOf(kindOf(pageKey), page.slug));
  }
  const live = new Set(Object.entries(next.pages).map(([pageKey, page]) => pageKeyOf(kindOf(pageKey), page.slug)));
  const remove: string[] = [];
  for (const [pageKey, page] of Object.entries(previous.pages)) {
    const kind = kindOf(pageKey);
    if (live.has(pageKeyOf(kind, page.slug))) continue;
    for (const locale of LOCALES) remove.push(entityPagePath(locale, kind, page.slug));
  }
  return { render, remove, changed: [...changed].sort() };
}

/** A state read back from a build folder, or null when it is missing or of another version. */
export function parseCatalogueState(json: string): CatalogueState | null {
  try {
    const value = JSON.parse(json) as Partial<CatalogueState>;
    return value.version === STATE_VERSION && value.hashes && value.pages ? (value as CatalogueState) : null;
  } catch {
    return null;
  }
}

const ENTITY_SECTIONS: ReadonlySet<string> = new Set(Object.values(PAGE_SECTIONS));
const LOCALE_FOLDERS: ReadonlySet<string> = new Set(LOCALES);

/**
 * Whether a file or folder of the base build (its path relative to the build, `/`-separated) may be
 * taken over by an incremental build that did not write it. Under a locale, only the entity sections
 * (books, authors, series: the pages the build may skip) are: every other page of a locale (lists,
 * awards, feeds, ...) is rendered by every build, so a base file there that the new build did not
 * write belongs to something that is gone (a deleted award's page and feeds) and must not come back.
 * Outside the locales (assets, images) everything may.
 * @example mayTakeOver('en/feeds/awards/hugo.rss') // false
 */
export function mayTakeOver(relPath: string): boolean {
  const [first, second] = relPath.split('/');
  if (!LOCALE_FOLDERS.has(first!) || second === undefined) return true;
  return ENTITY_SECTIONS.has(second);
}
