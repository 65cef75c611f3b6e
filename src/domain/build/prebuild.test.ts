import { describe, expect, it } from 'vitest';
import { DEFAULT_PREBUILD_TOP, prebuildTop, prebuiltIds } from './prebuild.ts';

const book = (id: number, ratings: number, wins = 0, nominations = 0) => ({
  id,
  rating: { count: ratings },
  awards: [...Array.from({ length: wins }, () => ({ isWinner: true })), ...Array.from({ length: nominations }, () => ({ isWinner: false }))],
});

describe('prebuildTop', () => {
  it('reads a whole number, "all", or falls back to the default', () => {
    expect(prebuildTop({})).toBe(DEFAULT_PREBUILD_TOP);
    expect(prebuildTop({ PREBUILD_TOP: ' ' })).toBe(DEFAULT_PREBUILD_TOP);
    expect(prebuildTop({ PREBUILD_TOP: '0' })).toBe(0);
    expect(prebuildTop({ PREBUILD_TOP: '25' })).toBe(25);
    expect(prebuildTop({ PREBUILD_TOP: 'all' })).toBe(Number.POSITIVE_INFINITY);
  });

  it('refuses anything else rather than guess', () => {
    expect(() => prebuildTop({ PREBUILD_TOP: '-1' })).toThrow(/PREBUILD_TOP/);
    expect(() => prebuildTop({ PREBUILD_TOP: 'many' })).toThrow(/PREBUILD_TOP/);
  });
});

describe('prebuiltIds', () => {
  const catalogue = {
    books: [book(1, 0, 1), book(2, 3), book(3, 0, 0, 2), book(4, 0)],
    authors: [
      { id: 10, bookIds: [4] },
      { id: 11, bookIds: [1, 3] },
      { id: 12, bookIds: [2] },
    ],
    series: [
      { id: 20, books: [{ bookId: 3 }] },
      { id: 21, books: [{ bookId: 2 }, { bookId: 4 }] },
    ],
  };

  it('takes ratings first, then wins, then nominations; ties by id', () => {
    expect([...prebuiltIds(catalogue, 3).books]).toEqual([2, 1, 3]);
    expect([...prebuiltIds({ ...catalogue, books: [book(7, 0), book(5, 0)] }, 1).books]).toEqual([5]);
  });

  it('ranks authors and series by their books', () => {
    const ids = prebuiltIds(catalogue, 1);
    expect([...ids.authors]).toEqual([12]);
    expect([...ids.series]).toEqual([21]);
    expect([...prebuiltIds(catalogue, 2).authors]).toEqual([12, 11]);
  });

  it('prebuilds none at 0 and every one at Infinity', () => {
    const none = prebuiltIds(catalogue, 0);
    expect([none.books.size, none.authors.size, none.series.size]).toEqual([0, 0, 0]);
    const all = prebuiltIds(catalogue, Number.POSITIVE_INFINITY);
    expect([all.books.size, all.authors.size, all.series.size]).toEqual([4, 3, 2]);
  });
});
