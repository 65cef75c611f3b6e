import { describe, expect, it } from 'vitest';
import type { CatalogueAuthor, CatalogueBook, CatalogueGenre, CatalogueSeries, CatalogueSnapshot } from '../../../db/queries/catalogue.ts';
import { catalogueState, mayTakeOver, parseCatalogueState, planIncremental } from './incremental.ts';

const text = { en: 'x' };

function book(id: number, slug: string, over: Partial<CatalogueBook> = {}): CatalogueBook {
  return {
    id, slug, originalTitle: slug, originalLanguage: 'en', publicationYear: 1965, publicationYearApprox: false, publicationDate: null,
    publisher: null, pages: null, description: text, coverImageUrl: null, authorIds: [], genreIds: [], series: [], awards: [],
    altTitles: [], editions: [], rating: { average: null, count: 0 }, ...over,
  } as CatalogueBook;
}
function author(id: number, slug: string, bookIds: number[]): CatalogueAuthor {
  return { id, slug, name: slug, sortName: slug, bio: text, birthYear: null, deathYear: null, nationality: null, nativeLanguage: null, gender: 'unknown', profileImageUrl: null, bookIds } as unknown as CatalogueAuthor;
}
function series(id: number, slug: string, bookIds: number[], authorIds: number[]): CatalogueSeries {
  return { id, slug, name: slug, kind: 'novel_series', status: null, description: text, imageUrl: null, authorIds, books: bookIds.map((bookId, i) => ({ bookId, position: i + 1 })) } as CatalogueSeries;
}
function genre(id: number, bookCount: number): CatalogueGenre {
  return { id, slug: `g${id}`, name: `g${id}`, names: text, category: 'fantasy', description: text, imageUrl: null, bookCount } as CatalogueGenre;
}
function snapshot(books: CatalogueBook[], authors: CatalogueAuthor[], allSeries: CatalogueSeries[], genres: CatalogueGenre[]): CatalogueSnapshot {
  return {
    books, authors, series: allSeries, genres, awards: [],
    bookById: new Map(books.map((b) => [b.id, b])), authorById: new Map(authors.map((a) => [a.id, a])),
    seriesById: new Map(allSeries.map((s) => [s.id, s])), genreById: new Map(genres.map((g) => [g.id, g])), awardById: new Map(),
  };
}

/** Two authors, three books (1 and 2 by Herbert in the Dune series, 3 by Le Guin), one genre. */
function catalogue({ duneDescription = 'Arrakis', duneSlug = 'dune', genreCount = 3, withoutBook3 = false } = {}) {
  const books = [
    book(1, duneSlug, { authorIds: [1], genreIds: [1], series: [{ seriesId: 1, position: 1 }], description: { en: duneDescription } }),
    book(2, 'dune-messiah', { authorIds: [1], genreIds: [1], series: [{ seriesId: 1, position: 2 }] }),
    ...(withoutBook3 ? [] : [book(3, 'earthsea', { authorIds: [2], genreIds: [1] })]),
  ];
  return snapshot(books, [author(1, 'frank-herbert', [1, 2]), author(2, 'ursula-le-guin', withoutBook3 ? [] : [3])], [series(1, 'dune', [1, 2], [1])], [genre(1, genreCount)]);
}

describe('planIncremental', () => {
  it('renders nothing and removes nothing when the catalogue did not change', () => {
    const plan = planIncremental(catalogueState(catalogue()), catalogueState(catalogue()));
    expect([...plan.render]).toEqual([]);
    expect(plan.remove).toEqual([]);
  });

  it('renders a changed book, its author and its series, not the books beside it', () => {
    const plan = planIncremental(catalogueState(catalogue()), catalogueState(catalogue({ duneDescription: 'Arrakis, new' })));
    expect([...plan.render].sort()).toEqual(['author:frank-herbert', 'book:dune', 'series:dune']);
    expect(plan.changed).toEqual(['book:1']);
  });

  it('renders a renamed book under its new slug and removes its old pages in every locale', () => {
    const plan = planIncremental(catalogueState(catalogue()), catalogueState(catalogue({ duneSlug: 'dune-1965' })));
    expect(plan.render.has('book:dune-1965')).toBe(true);
    expect(plan.remove).toEqual(['/en/books/dune', '/de/books/dune', '/it/books/dune']);
  });

  it('removes a deleted book and renders the author page that listed it', () => {
    const plan = planIncremental(catalogueState(catalogue()), catalogueState(catalogue({ withoutBook3: true })));
    expect(plan.render.has('author:ursula-le-guin')).toBe(true);
    expect(plan.remove).toEqual(['/en/books/earthsea', '/de/books/earthsea', '/it/books/earthsea']);
  });

  it('ignores a genre book count (the genres list is rendered on every build)', () => {
    const plan = planIncremental(catalogueState(catalogue()), catalogueState(catalogue({ genreCount: 4 })));
    expect([...plan.render]).toEqual([]);
  });

  it('renders every page that shows a renamed author: their books and series', () => {
    const before = catalogue();
    const after = catalogue();
    after.authors[0] = { ...after.authors[0]!, name: 'Frank Patrick Herbert' };
    after.authorById.set(1, after.authors[0]);
    const plan = planIncremental(catalogueState(before), catalogueState(after));
    expect([...plan.render].sort()).toEqual(['author:frank-herbert', 'book:dune', 'book:dune-messiah', 'series:dune']);
  });
});

describe('parseCatalogueState', () => {
  it('reads back a written state and refuses another version or broken JSON', () => {
    const state = catalogueState(catalogue());
    expect(parseCatalogueState(JSON.stringify(state))).toEqual(state);
    expect(parseCatalogueState(JSON.stringify({ ...state, version: 0 }))).toBeNull();
    expect(parseCatalogueState('{')).toBeNull();
  });
});

describe('mayTakeOver', () => {
  it('takes over entity pages and files outside the locales, never other pages of a locale (a deleted award would come back)', () => {
    for (const kept of ['_astro/app.js', 'images/cover.webp', 'favicon.svg', 'en', 'de/books', 'en/books/dune/index.html', 'it/authors/frank-herbert/index.html', 'de/series/dune']) expect(mayTakeOver(kept), kept).toBe(true);
    for (const gone of ['en/awards/e2e-preis/index.html', 'de/feeds/awards/e2e-preis.rss', 'it/feeds', 'en/index.html', 'en/genres/horror/index.html']) expect(mayTakeOver(gone), gone).toBe(false);
  });
});
