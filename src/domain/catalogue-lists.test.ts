import { describe, expect, it } from 'vitest';
import { CatalogueLists, type ListAuthor, type ListRating, type ListSeries, type ListsSnapshot } from './catalogue-lists.ts';
import { AuthorListQuerySchema, BookListQuerySchema, SeriesListQuerySchema } from './schemas/lists.ts';

const ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
const same = (rank: number) => ({ en: rank, de: rank, it: rank });

type SnapshotBook = ListsSnapshot['books'][number];
function book(id: number, overrides: Partial<SnapshotBook> = {}): SnapshotBook {
  return {
    id,
    slug: `book-${id}`,
    originalTitle: `Book ${id}`,
    year: 2000 + id,
    coverImage: null,
    authors: [{ slug: 'ada', name: 'Ada' }],
    titles: { en: { title: `Book ${id}`, rank: id }, de: { title: `Buch ${id}`, rank: id }, it: { title: `Libro ${id}`, rank: id } },
    genreIds: [],
    ...overrides,
  };
}
function author(id: number, overrides: Partial<ListAuthor> = {}): ListAuthor {
  return { id, slug: `author-${id}`, name: `Author ${id}`, profileImageUrl: null, birthYear: null, deathYear: null, bookCount: 1, ranks: same(id), ...overrides };
}
function series(id: number, overrides: Partial<ListSeries> = {}): ListSeries {
  return { id, slug: `series-${id}`, name: `Series ${id}`, imageUrl: null, kind: 'novel_series', status: null, bookCount: 3, authors: [], ranks: same(id), ...overrides };
}
const rating = (id: number, count: number, average: number, averageRank: number): ListRating => ({ id, count, average, averageRank, atLeast: Math.floor(average) });

function snapshot(overrides: Partial<ListsSnapshot> = {}): ListsSnapshot {
  return {
    books: [book(1), book(2), book(3), book(4)],
    genres: [
      { id: 10, slug: 'fantasy', lowerName: 'fantasy', category: 'genre', names: { en: 'Fantasy', de: 'Fantastik', it: 'Fantasy' } },
      { id: 11, slug: 'science-fiction', lowerName: 'science fiction', category: 'genre', names: { en: 'Science Fiction', de: 'Science-Fiction', it: 'Fantascienza' } },
    ],
    authors: [author(1), author(2), author(3)],
    series: [series(1), series(2, { kind: 'publisher_series', bookCount: 12 })],
    ratings: { books: [], authors: [], series: [] },
    asciiLower: ASCII.toLowerCase(),
    ...overrides,
  };
}
const ids = (page: { items: { id: number }[] } | null) => page!.items.map((i) => i.id);

describe('CatalogueLists.books', () => {
  it('sorts newest first with books without a year last, ties by title rank then id', () => {
    const lists = new CatalogueLists(snapshot({ books: [book(1, { year: null }), book(2, { year: 1990 }), book(3, { year: 1990, titles: { en: { title: 'A', rank: 1 }, de: { title: 'A', rank: 1 }, it: { title: 'A', rank: 1 } } }), book(4)] }));
    expect(ids(lists.books(BookListQuerySchema.parse({ sort: 'newest' }), 'en'))).toEqual([4, 3, 2, 1]);
    expect(ids(lists.books(BookListQuerySchema.parse({ sort: 'oldest' }), 'en'))).toEqual([3, 2, 4, 1]);
  });

  it('sorts titles descending by rank but equal ranks still by ascending id, as the SQL does', () => {
    const tie = { en: { title: 'Same', rank: 1 }, de: { title: 'Same', rank: 1 }, it: { title: 'Same', rank: 1 } };
    const lists = new CatalogueLists(snapshot({ books: [book(1, { titles: tie }), book(2, { titles: tie }), book(3)] }));
    expect(ids(lists.books(BookListQuerySchema.parse({ sort: 'title_desc' }), 'en'))).toEqual([3, 1, 2]);
  });

  it('leaves out a book without a title in the language (the SQL joins book_titles)', () => {
    const lists = new CatalogueLists(snapshot({ books: [book(1), book(2, { titles: { en: { title: 'Only English', rank: 2 } } })] }));
    expect(ids(lists.books(BookListQuerySchema.parse({ sort: 'title_asc' }), 'de'))).toEqual([1]);
  });

  it('sorts by the average rank PostgreSQL gave, then count, unrated last', () => {
    const lists = new CatalogueLists(snapshot({ ratings: { books: [rating(3, 2, 4.5, 1), rating(2, 9, 3.3, 2), rating(4, 3, 3.3, 2)], authors: [], series: [] } }));
    const page = lists.books(BookListQuerySchema.parse({ sort: 'rating' }), 'en')!;
    expect(ids(page)).toEqual([3, 2, 4, 1]);
    expect(page.items.map((b) => b.rating)).toEqual([{ average: 4.5, count: 2 }, { average: 3.3, count: 9 }, { average: 3.3, count: 3 }, { average: null, count: 0 }]);
  });

  it('filters by minimum rating with the minimum each average reaches', () => {
    const lists = new CatalogueLists(snapshot({ ratings: { books: [rating(3, 2, 4.5, 1), rating(2, 9, 3.3, 2)], authors: [], series: [] } }));
    expect(ids(lists.books(BookListQuerySchema.parse({ minRating: 4 }), 'en'))).toEqual([3]);
  });

  it('filters by genre name in any case or by slug, and shows localized genre names in id order', () => {
    const lists = new CatalogueLists(snapshot({ books: [book(1, { genreIds: [10, 11] }), book(2, { genreIds: [11] }), book(3)] }));
    expect(ids(lists.books(BookListQuerySchema.parse({ genre: 'SCIENCE FICTION' }), 'en'))).toEqual([2, 1]);
    expect(ids(lists.books(BookListQuerySchema.parse({ genre: 'Fantasy' }), 'en'))).toEqual([1]);
    expect(ids(lists.books(BookListQuerySchema.parse({ genre: 'science-fiction', sort: 'oldest' }), 'en'))).toEqual([1, 2]);
    expect(lists.books(BookListQuerySchema.parse({ genre: 'Fantasy', sort: 'oldest' }), 'de')!.items[0]!.genres).toEqual([
      { slug: 'fantasy', name: 'Fantastik', category: 'genre' },
      { slug: 'science-fiction', name: 'Science-Fiction', category: 'genre' },
    ]);
    expect(lists.books(BookListQuerySchema.parse({ genre: 'nothing' }), 'en')).toEqual({ items: [], total: 0, offset: 0, limit: 24 });
  });

  it('answers null where PostgreSQL must: the reading list, a genre beyond printable ASCII, an unusual lower()', () => {
    const lists = new CatalogueLists(snapshot());
    expect(lists.books(BookListQuerySchema.parse({ list: 'read' }), 'en')).toBeNull();
    expect(lists.books(BookListQuerySchema.parse({ genre: 'FANTASİ' }), 'en')).toBeNull();
    const turkish = new CatalogueLists(snapshot({ asciiLower: ASCII.toLowerCase().replace('i', 'ı') }));
    expect(turkish.books(BookListQuerySchema.parse({ genre: 'Fantasy' }), 'en')).toBeNull();
  });

  it('pages with the total of all matches, and total 0 on a page past the end (the SQL reads it from the first row)', () => {
    const lists = new CatalogueLists(snapshot());
    expect(lists.books(BookListQuerySchema.parse({ sort: 'title_asc', offset: 1, limit: 2 }), 'it')).toMatchObject({ total: 4, offset: 1, limit: 2 });
    expect(ids(lists.books(BookListQuerySchema.parse({ sort: 'title_asc', offset: 1, limit: 2 }), 'it'))).toEqual([2, 3]);
    expect(lists.books(BookListQuerySchema.parse({ offset: 4 }), 'en')).toEqual({ items: [], total: 0, offset: 4, limit: 24 });
  });

  it('writes card keys in the SQL answer order', () => {
    const card = new CatalogueLists(snapshot()).books(BookListQuerySchema.parse({ limit: 1 }), 'de')!.items[0]!;
    expect(Object.keys(card)).toEqual(['id', 'slug', 'title', 'originalTitle', 'year', 'coverImage', 'rating', 'authors', 'genres']);
    expect(card.title).toBe('Buch 4');
  });

  it('re-sorts by rating after new counters and keeps the other orders', () => {
    const lists = new CatalogueLists(snapshot());
    lists.withRatings({ books: [rating(2, 1, 5, 1)], authors: [rating(3, 1, 2, 1)], series: [] });
    expect(ids(lists.books(BookListQuerySchema.parse({ sort: 'rating', limit: 1 }), 'en'))).toEqual([2]);
    expect(ids(lists.books(BookListQuerySchema.parse({ sort: 'newest', limit: 1 }), 'en'))).toEqual([4]);
    expect(ids(lists.authors(AuthorListQuerySchema.parse({ sort: 'rating', limit: 1 }), 'en'))).toEqual([3]);
  });
});

describe('CatalogueLists.authors and series', () => {
  it('sort by name rank per language, descending with ascending ids among equal names, and by book count', () => {
    const lists = new CatalogueLists(snapshot({ authors: [author(1, { ranks: { en: 2, de: 1, it: 1 } }), author(2, { ranks: same(2), bookCount: 5 }), author(3, { ranks: same(1) })] }));
    expect(ids(lists.authors(AuthorListQuerySchema.parse({}), 'en'))).toEqual([3, 1, 2]);
    expect(ids(lists.authors(AuthorListQuerySchema.parse({}), 'de'))).toEqual([1, 3, 2]);
    expect(ids(lists.authors(AuthorListQuerySchema.parse({ sort: 'name_desc' }), 'en'))).toEqual([1, 2, 3]);
    expect(ids(lists.authors(AuthorListQuerySchema.parse({ sort: 'books' }), 'en'))).toEqual([2, 3, 1]);
  });

  it('filter series by kind and book-count range', () => {
    const lists = new CatalogueLists(snapshot());
    expect(ids(lists.series(SeriesListQuerySchema.parse({ size: '10+' }), 'en'))).toEqual([2]);
    expect(ids(lists.series(SeriesListQuerySchema.parse({ kind: 'novel_series' }), 'en'))).toEqual([1]);
    expect(lists.series(SeriesListQuerySchema.parse({ kind: 'author_edition' }), 'en')).toEqual({ items: [], total: 0, offset: 0, limit: 24 });
    expect(Object.keys(lists.series(SeriesListQuerySchema.parse({}), 'en').items[0]!)).toEqual(['id', 'slug', 'name', 'imageUrl', 'kind', 'status', 'bookCount', 'rating', 'authors']);
  });
});
