import { describe, expect, it } from 'vitest';
import { createFolder, ordinals, SearchIndex, TextIndex, tierOf, type CatalogueSnapshot, type SnapshotBook } from './search-index.ts';

// search_fold per character (lower(unaccent(c))), as PostgreSQL answers it for these characters.
const charMap = new Map<string, string>([...' abcdefghijklmnopqrstuvwxyz0123456789&\'’-.%_'].map((c) => [c, c]));
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') charMap.set(c, c.toLowerCase());
charMap.set('ü', 'u').set('Ü', 'u').set('ß', 'ss').set('à', 'a');
const fold = createFolder(charMap);

describe('createFolder (search_fold of a query)', () => {
  it('folds case and accents character by character, then reads " & " as " and " and drops apostrophes', () => {
    expect(fold('Wüstenplanet')).toBe('wustenplanet');
    expect(fold('Laßwitz')).toBe('lasswitz');
    expect(fold('The City & the City')).toBe('the city and the city');
    expect(fold("Ender's")).toBe('enders');
    expect(fold('l’uomo')).toBe('luomo');
  });
  it('applies " & " before dropping apostrophes, as the SQL does', () => {
    expect(fold("a '& b")).toBe('a & b');
  });
  it('answers null for a character it was not given (the caller asks PostgreSQL)', () => {
    expect(fold('東京')).toBeNull();
  });
});

describe('tierOf', () => {
  const folds = { fold: 'der wustenplanet', translit: 'der wuestenplanet' };
  it.each([
    ['der wustenplanet', 0],
    ['der wuestenplanet', 0],
    ['der w', 1],
    ['wuest', 2],
    ['stenplanet', 3],
  ])('%s → %d', (f, tier) => expect(tierOf(folds, f)).toBe(tier));
});

describe('TextIndex.match', () => {
  const texts = ['dune', 'dune messiah', 'children of dune', 'the dune encyclopedia', 'duneland', 'dunne', 'rendune'].map((fold, owner) => ({ fold, translit: fold, owner }));
  const index = new TextIndex(texts);
  const order = Int32Array.from(texts.keys());
  const owners = (f: string, limit = 10) => index.match(f, f.length, 0.45, limit, order).map((m) => texts[m.owner]!.fold);

  it('ranks exact, prefix, word start, then infix and typos by similarity (equal ones by order)', () => {
    // 'rendune' (infix) and 'dunne' (typo) both have word similarity 0.6 with 'dune'.
    expect(owners('dune')).toEqual(['dune', 'dune messiah', 'duneland', 'children of dune', 'the dune encyclopedia', 'dunne', 'rendune']);
  });
  it('matches only prefixes and word starts below three characters', () => {
    expect(owners('du')).toEqual(['dune', 'dune messiah', 'duneland', 'dunne', 'children of dune', 'the dune encyclopedia']);
    expect(owners('un')).toEqual([]);
  });
  it('stops at the limit, by popularity order among equals', () => {
    expect(owners('dune', 2)).toEqual(['dune', 'dune messiah']);
    const reversed = Int32Array.from(texts.keys(), (i) => texts.length - i);
    expect(index.match('du', 2, 0.45, 3, reversed).map((m) => texts[m.owner]!.fold)).toEqual(['dunne', 'duneland', 'dune messiah']);
  });
});

describe('TextIndex.match, strict (books, authors, series; issue 29 point 10)', () => {
  const texts = ['dune', 'children of dune', 'das dunkle herz des waldes', 'der dunkle wald', 'rendune', 'hyperion', 'the fall of hyperion', 'die sprache der blumen', 'drachenbrut'].map(
    (fold, owner) => ({ fold, translit: fold, owner }),
  );
  const index = new TextIndex(texts);
  const order = Int32Array.from(texts.keys());
  const owners = (f: string, options: Parameters<TextIndex['match']>[5] = { strict: true }, limit = 12) =>
    index.match(f, f.length, 0.45, limit, order, options).map((m) => texts[m.owner]!.fold);

  it('ranks contained names after word matches, and similar ones only when few matched better', () => {
    // 'dunkle' is similar to 'dune' (0.6), but three names hold the word: no typo tier.
    expect(owners('dune')).toEqual(['dune', 'children of dune', 'rendune']);
  });
  it('keeps typos that are close: one edit up to 7 letters, two from 8', () => {
    expect(owners('hyperon')).toEqual(['hyperion', 'the fall of hyperion']);
    expect(owners('dunkle wlad')).toEqual(['der dunkle wald', 'das dunkle herz des waldes']);
  });
  it('drops similar names that are not close ("Drache" is not "Sprache")', () => {
    expect(owners('drache')).toEqual(['drachenbrut']);
  });
  it('takes owners matched elsewhere at their tier (a book by its author)', () => {
    expect(owners('dune', { strict: true, seeds: new Map([[5, 2]]) })).toEqual(['dune', 'children of dune', 'hyperion', 'rendune']);
  });
});

describe('ordinals', () => {
  it("gives each owner its place in the order", () => {
    expect([...ordinals(3, (a, b) => b - a)]).toEqual([2, 1, 0]);
  });
});

describe('SearchIndex', () => {
  const book = (id: number, title: string, wins: number, ratingCount: number, rank: number): SnapshotBook => ({
    id,
    slug: title.toLowerCase().replaceAll(' ', '-'),
    originalTitle: title,
    year: 1965,
    coverImage: null,
    authors: [{ slug: 'frank-herbert', name: 'Frank Herbert' }],
    authorIds: [],
    seriesIds: [],
    titles: { en: { title, rank }, de: { title: `${title} (de)`, rank }, it: { title, rank } },
    wins,
    ratingCount,
  });
  const snapshot = (): CatalogueSnapshot => ({
    charMap,
    defaultThreshold: 0.6,
    books: [book(1, 'Dune Messiah', 0, 5, 2), book(2, 'Dune', 3, 1, 1), book(3, 'Dune World', 0, 5, 3)],
    editions: [
      { bookId: 1, fold: 'dune messiah', translit: 'dune messiah' },
      { bookId: 2, fold: 'dune', translit: 'dune' },
      { bookId: 2, fold: 'der wustenplanet', translit: 'der wuestenplanet' },
      { bookId: 3, fold: 'dune world', translit: 'dune world' },
    ],
    authors: [],
    series: [],
    genres: [{ id: 7, slug: '', name: 'Science Fiction', rank: 1, localized: { de: 'Science-Fiction', it: 'Fantascienza' }, folds: [{ fold: 'science fiction', translit: 'science fiction' }, { fold: 'fantascienza', translit: 'fantascienza' }], category: 'science-fiction' }],
    awards: [],
  });

  it('answers book hits in the language, by tier, then award wins, ratings, title', () => {
    const index = new SearchIndex(snapshot());
    expect(index.search('books', 'wüstenplanet', 'de')).toEqual([
      { id: 2, slug: 'dune', title: 'Dune (de)', originalTitle: 'Dune', year: 1965, coverImage: null, authors: [{ slug: 'frank-herbert', name: 'Frank Herbert' }] },
    ]);
    expect(index.search('books', 'dun', 'en')?.map((h) => (h as { id: number }).id)).toEqual([2, 1, 3]);
  });
  it('reorders after new popularity counters', () => {
    const index = new SearchIndex(snapshot());
    index.withPopularity(new Map([[3, { wins: 9, ratingCount: 0 }]]));
    // 'dune w': Dune World by prefix; Dune and Dune Messiah are similar (word similarity) but have no
    // word starting with 'w' near it, so they are not close and do not pad the list (issue 29 point 10).
    expect(index.search('books', 'dune w', 'en')?.map((h) => (h as { id: number }).id)).toEqual([3]);
    expect(index.search('books', 'dun', 'en')?.map((h) => (h as { id: number }).id)).toEqual([3, 2, 1]);
  });
  it('finds a genre by any of its names and shows the request language', () => {
    const index = new SearchIndex(snapshot());
    expect(index.search('genres', 'fanta', 'de')).toEqual([{ id: 7, name: 'Science-Fiction', canonicalName: 'Science Fiction', category: 'science-fiction' }]);
  });
  it('answers null for a query it cannot fold', () => {
    expect(new SearchIndex(snapshot()).search('books', '東京', 'en')).toBeNull();
  });
});
