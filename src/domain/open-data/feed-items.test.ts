import { describe, expect, it } from 'vitest';
import { awardEntryDate, awardEntryId, feedPath, latestAwardYears, newestBooks } from './feed-items.ts';

describe('feedPath', () => {
  it('places every feed under /feeds with its format as extension', () => {
    expect(feedPath({ kind: 'new-books' }, 'rss')).toBe('/feeds/new-books.rss');
    expect(feedPath({ kind: 'award', slug: 'hugo' }, 'atom')).toBe('/feeds/awards/hugo.atom');
    expect(feedPath({ kind: 'series', slug: 'dune' }, 'rss')).toBe('/feeds/series/dune.rss');
  });
});

describe('newestBooks', () => {
  const seeded = '2026-11-26T08:00:00Z';
  it('lists the books added last first, a batch by publication year, then by id', () => {
    const books = [
      { id: 1, createdAt: seeded, publicationYear: 1965 },
      { id: 2, createdAt: seeded, publicationYear: 2024 },
      { id: 3, createdAt: seeded, publicationYear: null },
      { id: 4, createdAt: '2026-12-01T10:00:00Z', publicationYear: 1950 },
      { id: 5, createdAt: seeded, publicationYear: 2024 },
    ];
    expect(newestBooks(books).map((b) => b.id)).toEqual([4, 5, 2, 1, 3]);
    expect(newestBooks(books, 2).map((b) => b.id)).toEqual([4, 5]);
  });
});

describe('latestAwardYears', () => {
  const entries = (year: number, n: number) => Array.from({ length: n }, (_, i) => ({ year, i }));
  it('takes whole years, newest first, while they fit', () => {
    const all = [...entries(2023, 5), ...entries(2025, 6), ...entries(2024, 6)];
    expect(latestAwardYears(all, 12).map((e) => e.year)).toEqual([...Array(6).fill(2025), ...Array(6).fill(2024)]);
    expect(latestAwardYears(all, 11)).toHaveLength(6);
  });

  it('always keeps the newest year, however long', () => {
    expect(latestAwardYears(entries(2025, 150), 100)).toHaveLength(150);
    expect(latestAwardYears([], 100)).toEqual([]);
  });
});

describe('award entry ids and dates', () => {
  it('gives a finalist and the same book as winner different ids', () => {
    const url = 'https://x.example/en/awards/hugo/best-novel';
    expect(awardEntryId(url, 1966, 'dune', true)).toBe(`${url}#1966-dune-winner`);
    expect(awardEntryId(url, 1966, 'dune', false)).toBe(`${url}#1966-dune-finalist`);
  });

  it('dates an entry on 1 January of its year, UTC', () => {
    expect(awardEntryDate(1966).toISOString()).toBe('1966-01-01T00:00:00.000Z');
  });
});
