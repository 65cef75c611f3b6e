import { describe, expect, it } from 'vitest';
import { SERIES_KINDS } from './enums.ts';
import {
  canonicalValue,
  defaultListState,
  isDefaultListState,
  listApiSearch,
  listPageHref,
  listPagesOf,
  listStateToSearch,
  parseListState,
  sameListState,
  withFilter,
  withSort,
  type ListQuerySpec,
} from './list-query.ts';
import { BOOK_SORTS, BookListQuerySchema, PEOPLE_SORTS, SERIES_SIZES, SeriesListQuerySchema } from './schemas/lists.ts';

const BOOKS: ListQuerySpec = {
  sorts: BOOK_SORTS,
  filters: [
    {
      name: 'genre',
      values: ['Science Fiction', 'Fantasy', 'Horror', 'Crossover'],
      aliases: { 'science-fiction': 'Science Fiction', fantasy: 'Fantasy', horror: 'Horror', crossover: 'Crossover' },
    },
    { name: 'minRating', values: ['1', '2', '3', '4', '5'] },
  ],
};
const SERIES: ListQuerySpec = {
  sorts: PEOPLE_SORTS,
  filters: [
    { name: 'kind', values: SERIES_KINDS },
    { name: 'size', values: SERIES_SIZES },
  ],
};

describe('parseListState', () => {
  it('reads the default view from an empty query', () => {
    expect(parseListState('', BOOKS)).toEqual({ sort: 'newest', filters: {} });
    expect(parseListState('', SERIES)).toEqual({ sort: 'name_asc', filters: {} });
  });

  it('reads a genre deep link by canonical name, any case, or slug', () => {
    expect(parseListState('?genre=Fantasy', BOOKS).filters).toEqual({ genre: 'Fantasy' });
    expect(parseListState('?genre=science%20fiction', BOOKS).filters).toEqual({ genre: 'Science Fiction' });
    expect(parseListState('?genre=science-fiction', BOOKS).filters).toEqual({ genre: 'Science Fiction' });
    expect(parseListState('genre=Science+Fiction', BOOKS).filters).toEqual({ genre: 'Science Fiction' });
  });

  it('drops unknown values and sorts instead of failing', () => {
    expect(parseListState('?genre=Western&minRating=9&sort=best', BOOKS)).toEqual({ sort: 'newest', filters: {} });
    expect(parseListState('?minRating=2.5', BOOKS).filters).toEqual({});
  });

  it('reads the 10+ range whether the plus is encoded or decoded as a space', () => {
    expect(parseListState('?size=10%2B', SERIES).filters).toEqual({ size: '10+' });
    expect(parseListState('?size=10+', SERIES).filters).toEqual({ size: '10+' });
    expect(parseListState('?size=4-10&kind=novel_series&sort=books', SERIES)).toEqual({
      sort: 'books',
      filters: { size: '4-10', kind: 'novel_series' },
    });
  });

  it('accepts URLSearchParams', () => {
    expect(parseListState(new URLSearchParams({ minRating: '4', sort: 'rating' }), BOOKS)).toEqual({ sort: 'rating', filters: { minRating: '4' } });
  });
});

describe('listStateToSearch', () => {
  it('writes nothing for the default view', () => {
    expect(listStateToSearch(defaultListState(BOOKS), BOOKS)).toBe('');
  });

  it('writes set filters in spec order and a non-default sort', () => {
    const state = withSort(withFilter(withFilter(defaultListState(BOOKS), 'minRating', '3'), 'genre', 'Science Fiction'), 'title_asc');
    expect(listStateToSearch(state, BOOKS)).toBe('?genre=Science+Fiction&minRating=3&sort=title_asc');
  });

  it('keeps foreign parameters and replaces its own', () => {
    const state = withFilter(defaultListState(BOOKS), 'genre', 'Horror');
    expect(listStateToSearch(state, BOOKS, '?utm_source=mail&genre=Fantasy&sort=oldest')).toBe('?utm_source=mail&genre=Horror');
  });

  it('round-trips through parseListState', () => {
    const state = { sort: 'rating', filters: { kind: 'author_edition', size: '10+' } };
    expect(parseListState(listStateToSearch(state, SERIES), SERIES)).toEqual(state);
  });
});

describe('state helpers', () => {
  it('clears a filter with an empty value', () => {
    const state = withFilter(withFilter(defaultListState(BOOKS), 'genre', 'Horror'), 'genre', '');
    expect(state.filters).toEqual({});
    expect(isDefaultListState(state, BOOKS)).toBe(true);
  });

  it('compares states by value', () => {
    expect(sameListState({ sort: 'newest', filters: { genre: 'Horror' } }, { sort: 'newest', filters: { genre: 'Horror' } })).toBe(true);
    expect(sameListState({ sort: 'newest', filters: { genre: 'Horror' } }, { sort: 'newest', filters: {} })).toBe(false);
    expect(sameListState({ sort: 'newest', filters: {} }, { sort: 'oldest', filters: {} })).toBe(false);
  });

  it('maps aliases only onto allowed values', () => {
    expect(canonicalValue({ name: 'genre', values: ['Fantasy'], aliases: { sf: 'Science Fiction' } }, 'sf')).toBeUndefined();
    expect(canonicalValue({ name: 'genre', values: ['Fantasy'] }, '  ')).toBeUndefined();
  });
});

describe('listApiSearch', () => {
  it('builds a query the books API accepts', () => {
    const search = listApiSearch({ sort: 'title_desc', filters: { genre: 'Horror', minRating: '4' } }, { offset: 48, limit: 24, lang: 'de' });
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({ genre: 'Horror', minRating: '4', sort: 'title_desc', offset: '48', limit: '24', lang: 'de' });
    expect(BookListQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)))).toMatchObject({ genre: 'Horror', minRating: 4, offset: 48 });
  });

  it('builds a query the series API accepts, 10+ included', () => {
    const search = listApiSearch({ sort: 'books', filters: { kind: 'novel_series', size: '10+' } }, { offset: 0, limit: 24, lang: 'it' });
    expect(SeriesListQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)))).toMatchObject({ size: '10+', kind: 'novel_series' });
  });
});

// Issue 29 point 1: "load more" is a link to the next page count, which a deep link loads.
describe('list pages in the address', () => {
  it('reads how many pages an address asks for, within bounds', () => {
    expect(listPagesOf('')).toBe(1);
    expect(listPagesOf('?page=2')).toBe(2);
    expect(listPagesOf('?genre=Horror&page=3')).toBe(3);
    for (const bad of ['?page=0', '?page=-2', '?page=abc', '?page=2.5', '?page=', '?page=1e3']) expect(listPagesOf(bad), bad).toBe(1);
    expect(listPagesOf('?page=999')).toBe(20);
  });

  it('writes the href of the next page with the view it belongs to', () => {
    expect(listPageHref(defaultListState(BOOKS), BOOKS, 2)).toBe('?page=2');
    expect(listPageHref({ sort: 'oldest', filters: { genre: 'Horror' } }, BOOKS, 3)).toBe('?genre=Horror&sort=oldest&page=3');
    expect(listPageHref({ sort: 'name_asc', filters: { kind: 'novel' } }, SERIES, 1)).toBe('?kind=novel');
    expect(listPageHref(defaultListState(SERIES), SERIES, 1)).toBe('?');
  });

  it('starts another view at its first page', () => {
    expect(listStateToSearch({ sort: 'newest', filters: { genre: 'Fantasy' } }, BOOKS, '?page=4&utm_source=x')).toBe('?utm_source=x&genre=Fantasy');
  });
});
