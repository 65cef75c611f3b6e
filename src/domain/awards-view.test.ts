import { describe, expect, it } from 'vitest';
import {
  awardRoute,
  awardRoutes,
  awardSelectionToSearch,
  defaultAwardSelection,
  findAward,
  groupAwardYears,
  parseAwardSelection,
  type AwardRef,
} from './awards-view.ts';

type Entry = { year: number; isWinner: boolean; title: string };
const entry = (year: number, title: string, isWinner = false): Entry => ({ year, title, isWinner });
const byTitle = (a: Entry, b: Entry) => a.title.localeCompare(b.title);

const AWARDS: AwardRef[] = [
  { id: 1, slug: 'hugo', categories: [{ id: 1, slug: 'best-novel' }] },
  { id: 2, slug: 'nebula', categories: [{ id: 2, slug: 'best-novel' }] },
  {
    id: 3,
    slug: 'locus',
    categories: [
      { id: 3, slug: 'science-fiction-novel' },
      { id: 4, slug: 'fantasy-novel' },
      { id: 5, slug: 'horror-novel' },
      { id: 6, slug: 'first-novel' },
    ],
  },
];

describe('groupAwardYears', () => {
  it('puts the newest year first and winners before nominees', () => {
    const years = groupAwardYears([entry(1965, 'Z'), entry(1966, 'Squares of the City'), entry(1966, 'Dune', true), entry(1965, 'The Wanderer', true)], byTitle);
    expect(years.map((y) => y.year)).toEqual([1966, 1965]);
    expect(years[0]).toEqual({ year: 1966, winners: [entry(1966, 'Dune', true)], nominees: [entry(1966, 'Squares of the City')], noAward: false });
  });

  it('keeps a tie as two winners of one year (Hugo 1966: Dune and This Immortal)', () => {
    const [year] = groupAwardYears([entry(1966, 'This Immortal', true), entry(1966, 'The Moon Is a Harsh Mistress'), entry(1966, 'Dune', true)], byTitle);
    expect(year?.winners.map((e) => e.title)).toEqual(['Dune', 'This Immortal']);
    expect(year?.nominees.map((e) => e.title)).toEqual(['The Moon Is a Harsh Mistress']);
  });

  it('keeps a year with nominees but no winner as not awarded, and invents no empty years', () => {
    const years = groupAwardYears([entry(1958, 'A', true), entry(1956, 'B'), entry(1956, 'C')]);
    expect(years.map((y) => [y.year, y.winners.length, y.nominees.length, y.noAward])).toEqual([
      [1958, 1, 0, false],
      [1956, 0, 2, true],
    ]);
  });

  it("puts the recorded 'no award' years in their place among the others, with or without finalists (Hugo 1954 and 1957)", () => {
    const years = groupAwardYears([entry(1958, 'The Big Time', true), entry(1956, 'Double Star', true), entry(1955, 'They’d Rather Be Right', true), entry(1953, 'The Demolished Man', true), entry(1957, 'A finalist')], byTitle, [1957, 1954]);
    expect(years.map((y) => [y.year, y.noAward, y.winners.length, y.nominees.length])).toEqual([
      [1958, false, 1, 0],
      [1957, true, 0, 1],
      [1956, false, 1, 0],
      [1955, false, 1, 0],
      [1954, true, 0, 0],
      [1953, false, 1, 0],
    ]);
  });

  it('lists a recorded no-award year once even when it is named twice, and only no-award years without entries', () => {
    expect(groupAwardYears([], undefined, [2020, 2020])).toEqual([{ year: 2020, winners: [], nominees: [], noAward: true }]);
  });

  it('keeps input order without a comparator', () => {
    const [year] = groupAwardYears([entry(2000, 'b'), entry(2000, 'a')]);
    expect(year?.nominees.map((e) => e.title)).toEqual(['b', 'a']);
  });

  it('returns nothing for no entries', () => {
    expect(groupAwardYears([])).toEqual([]);
  });
});

describe('award selection and the URL', () => {
  it('opens the Hugo Award, first category, winners by default', () => {
    expect(defaultAwardSelection(AWARDS)).toEqual({ awardId: 1, category: 'best-novel', tab: 'winners' });
    expect(parseAwardSelection('', AWARDS)).toEqual({ awardId: 1, category: 'best-novel', tab: 'winners' });
    expect(defaultAwardSelection([])).toBeUndefined();
  });

  it('finds an award by numeric id or by slug', () => {
    expect(findAward(AWARDS, '2')?.slug).toBe('nebula');
    expect(findAward(AWARDS, 'Locus')?.id).toBe(3);
    expect(findAward(AWARDS, '99')).toBeUndefined();
    expect(findAward(AWARDS, '')).toBeUndefined();
  });

  it('reads ?id=&category=&tab=, the category by slug or id', () => {
    expect(parseAwardSelection('?id=3&category=horror-novel&tab=nominees', AWARDS)).toEqual({ awardId: 3, category: 'horror-novel', tab: 'nominees' });
    expect(parseAwardSelection('?id=locus&category=6&tab=about', AWARDS)).toEqual({ awardId: 3, category: 'first-novel', tab: 'about' });
  });

  it('falls back on unknown values', () => {
    expect(parseAwardSelection('?id=99&tab=x', AWARDS)).toEqual({ awardId: 1, category: 'best-novel', tab: 'winners' });
    expect(parseAwardSelection('?id=3&category=poetry', AWARDS)).toEqual({ awardId: 3, category: 'science-fiction-novel', tab: 'winners' });
  });

  it('writes a clean URL for the default view and the numeric id otherwise', () => {
    expect(awardSelectionToSearch({ awardId: 1, category: 'best-novel', tab: 'winners' }, AWARDS)).toBe('');
    expect(awardSelectionToSearch({ awardId: 2, category: 'best-novel', tab: 'winners' }, AWARDS)).toBe('?id=2');
    expect(awardSelectionToSearch({ awardId: 1, category: 'best-novel', tab: 'about' }, AWARDS)).toBe('?id=1&tab=about');
    expect(awardSelectionToSearch({ awardId: 3, category: 'horror-novel', tab: 'nominees' }, AWARDS, '?ref=nav&id=1')).toBe(
      '?ref=nav&id=3&category=horror-novel&tab=nominees',
    );
  });

  it('round-trips a selection', () => {
    const selection = { awardId: 3, category: 'fantasy-novel', tab: 'nominees' } as const;
    expect(parseAwardSelection(awardSelectionToSearch(selection, AWARDS), AWARDS)).toEqual(selection);
  });
});

describe('award pages', () => {
  it('gives an award and each of its categories a path under /awards', () => {
    expect(awardRoute('hugo')).toBe('/awards/hugo');
    expect(awardRoute('locus', 'horror-novel')).toBe('/awards/locus/horror-novel');
  });

  it('lists every award page followed by its category pages', () => {
    expect(awardRoutes(AWARDS)).toEqual([
      '/awards/hugo',
      '/awards/hugo/best-novel',
      '/awards/nebula',
      '/awards/nebula/best-novel',
      '/awards/locus',
      '/awards/locus/science-fiction-novel',
      '/awards/locus/fantasy-novel',
      '/awards/locus/horror-novel',
      '/awards/locus/first-novel',
    ]);
  });
});
