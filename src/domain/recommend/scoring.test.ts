import { describe, expect, it } from 'vitest';
import { MIN_CO_LIKES, scoreCandidates, WEIGHTS, type BookFacts } from './scoring.ts';

let nextId = 100;
const book = (overrides: Partial<BookFacts> = {}): BookFacts => ({
  id: ++nextId,
  year: 1989,
  pages: null,
  genreIds: [1],
  authorIds: [],
  series: [],
  awards: [],
  wins: 0,
  likes: 0,
  coLikes: {},
  ...overrides,
});

const HUGO = 1;
const NEBULA = 2;
const hyperion = book({ id: 1, authorIds: [10], series: [{ seriesId: 5, position: 1 }], awards: [{ awardId: HUGO, categoryId: 1, year: 1990, winner: true }] });
const members = [1, 2, 3, 4].map((n) => ({ seriesId: 5, bookId: n, position: n }));
const fall = book({ id: 2, year: 1990, authorIds: [10], series: [{ seriesId: 5, position: 2 }] });
const endymion = book({ id: 3, year: 1996, authorIds: [10], series: [{ seriesId: 5, position: 3 }] });
const rise = book({ id: 4, year: 1997, authorIds: [10], series: [{ seriesId: 5, position: 4 }] });
const shortlisted = book({ id: 20, awards: [{ awardId: HUGO, categoryId: 1, year: 1990, winner: false }] });
const sameYearOtherAward = book({ id: 21, awards: [{ awardId: NEBULA, categoryId: 2, year: 1990, winner: false }] });
const genreOnly = book({ id: 22 });

const ids = (scored: { id: number }[]) => scored.map((s) => s.id);

describe('scoreCandidates: series order', () => {
  it('puts the next in the series first, then the later ones in order', () => {
    const scored = scoreCandidates({ seeds: [hyperion], candidates: [rise, shortlisted, endymion, fall], seriesMembers: members });
    expect(ids(scored).slice(0, 3)).toEqual([2, 3, 4]);
    expect(scored[0]!.reasons[0]!.reason).toEqual({ kind: 'nextInSeries', seedId: 1, seriesId: 5 });
  });

  it('counts the book after a read one as the next but one (the read one is still in the series)', () => {
    const scored = scoreCandidates({ seeds: [hyperion], candidates: [endymion, fall], seriesMembers: members, excluded: new Set([2]) });
    expect(ids(scored)).toEqual([3]);
    expect(scored[0]!.reasons[0]!.reason.kind).toBe('laterInSeries');
  });

  it('ranks an earlier volume below a later one', () => {
    const scored = scoreCandidates({ seeds: [endymion], candidates: [fall, rise], seriesMembers: members });
    expect(ids(scored)).toEqual([4, 2]);
    expect(scored[1]!.reasons.map((r) => r.reason.kind)).toContain('earlierInSeries');
  });
});

describe('scoreCandidates: shared facts', () => {
  it('ranks a shared shortlist above an award of the same year, and both above genre and era alone', () => {
    const scored = scoreCandidates({ seeds: [hyperion], candidates: [genreOnly, sameYearOtherAward, shortlisted], seriesMembers: [] });
    expect(ids(scored)).toEqual([20, 21, 22]);
    expect(scored[0]!.reasons[0]!.reason).toEqual({ kind: 'sharedShortlist', seedId: 1, awardId: HUGO, year: 1990, winner: false, seedWinner: true });
    expect(scored[1]!.reasons.map((r) => r.reason.kind).sort()).toEqual(['sameAwardYear', 'sameEra', 'sharedGenre']);
  });

  it('scores the same author', () => {
    const other = book({ id: 30, year: 1960, genreIds: [2], authorIds: [10] });
    const [scored] = scoreCandidates({ seeds: [hyperion], candidates: [other], seriesMembers: [] });
    expect(scored!.reasons.map((r) => r.reason.kind)).toEqual(['sameAuthor']);
    expect(scored!.score).toBeCloseTo(WEIGHTS.sameAuthor, 5);
  });

  it('leaves out candidates that share nothing, the named books and the excluded ones', () => {
    const stranger = book({ id: 40, year: 1900, genreIds: [3] });
    const scored = scoreCandidates({ seeds: [hyperion], candidates: [stranger, hyperion, shortlisted], seriesMembers: [], excluded: new Set([20]) });
    expect(scored).toEqual([]);
  });

  it('counts co-likes as a cosine, and only from MIN_CO_LIKES readers on', () => {
    const seed = book({ id: 50, year: 1950, genreIds: [3], likes: 4 });
    const liked = book({ id: 51, year: 2020, genreIds: [2], likes: 9, coLikes: { 50: 3 } });
    const once = book({ id: 52, year: 2020, genreIds: [2], likes: 1, coLikes: { 50: MIN_CO_LIKES - 1 } });
    const scored = scoreCandidates({ seeds: [seed], candidates: [once, liked], seriesMembers: [] });
    expect(ids(scored)).toEqual([51]);
    expect(scored[0]!.score).toBeCloseTo((WEIGHTS.coLiked * 3) / Math.sqrt(4 * 9), 3);
  });

  it('breaks equal scores by popularity, then by id', () => {
    const a = book({ id: 61, awards: [{ awardId: HUGO, categoryId: 1, year: 1990, winner: false }] });
    const b = book({ id: 60, awards: [{ awardId: HUGO, categoryId: 1, year: 1990, winner: false }] });
    const c = book({ id: 62, awards: [{ awardId: HUGO, categoryId: 1, year: 1990, winner: false }], wins: 3 });
    expect(ids(scoreCandidates({ seeds: [hyperion], candidates: [a, b, c], seriesMembers: [] }))).toEqual([62, 60, 61]);
  });
});

describe('scoreCandidates: what the reader named besides books, and hints', () => {
  it('recommends a named genre by popularity alone', () => {
    const horror = [book({ id: 70, genreIds: [3], wins: 1 }), book({ id: 71, genreIds: [3], wins: 4 }), book({ id: 72, genreIds: [1], wins: 9 })];
    const scored = scoreCandidates({ seeds: [], candidates: horror, seriesMembers: [], focus: { authorIds: [], seriesIds: [], genreIds: [3], awardIds: [] } });
    expect(ids(scored)).toEqual([71, 70]);
  });

  it('cuts candidates outside a named genre', () => {
    const fantasy = book({ id: 80, genreIds: [2], awards: [{ awardId: HUGO, categoryId: 1, year: 1990, winner: false }] });
    const sf = book({ id: 81, genreIds: [1], awards: [{ awardId: HUGO, categoryId: 1, year: 1990, winner: false }] });
    const scored = scoreCandidates({ seeds: [hyperion], candidates: [sf, fantasy], seriesMembers: [], focus: { authorIds: [], seriesIds: [], genreIds: [2], awardIds: [] } });
    expect(ids(scored)).toEqual([80, 81]);
  });

  it('"newer" lifts later books and lowers earlier ones; "shorter" needs page counts', () => {
    const older = book({ id: 90, year: 1980, pages: 200, awards: [{ awardId: HUGO, categoryId: 1, year: 1990, winner: false }] });
    const newer = book({ id: 91, year: 1995, pages: 900, awards: [{ awardId: HUGO, categoryId: 1, year: 1990, winner: false }] });
    const base = { seeds: [{ ...hyperion, pages: 500 }], candidates: [older, newer], seriesMembers: [] };
    expect(ids(scoreCandidates({ ...base, hints: { shorter: false, newer: true, older: false } }))).toEqual([91, 90]);
    expect(ids(scoreCandidates({ ...base, hints: { shorter: true, newer: false, older: false } }))).toEqual([90, 91]);
  });

  it('puts a named award\'s entries of a named year first ("the 1966 Hugo", issue 29 point 21)', () => {
    const won2014 = book({ id: 95, wins: 5, awards: [{ awardId: HUGO, categoryId: 1, year: 2014, winner: true }] });
    const shortlisted1966 = book({ id: 96, awards: [{ awardId: HUGO, categoryId: 1, year: 1966, winner: false }] });
    const focus = { authorIds: [], seriesIds: [], genreIds: [], awardIds: [HUGO] };
    expect(ids(scoreCandidates({ seeds: [], candidates: [won2014, shortlisted1966], seriesMembers: [], focus }))).toEqual([95, 96]);
    const scored = scoreCandidates({ seeds: [], candidates: [won2014, shortlisted1966], seriesMembers: [], focus: { ...focus, years: [1966] } });
    expect(ids(scored)).toEqual([96, 95]);
    expect(scored[0]!.reasons[0]!.reason).toEqual({ kind: 'awarded', awardId: HUGO, year: 1966, winner: false });
  });

  it('gives a book of a named author its first win as a second fact, which only breaks ties (issue 29 point 21)', () => {
    const plain = book({ id: 97, authorIds: [30] });
    const winner = book({ id: 98, authorIds: [30], awards: [{ awardId: NEBULA, categoryId: 2, year: 1975, winner: false }, { awardId: HUGO, categoryId: 1, year: 1970, winner: true }] });
    const scored = scoreCandidates({ seeds: [], candidates: [plain, winner], seriesMembers: [], focus: { authorIds: [30], seriesIds: [], genreIds: [], awardIds: [] } });
    expect(ids(scored)).toEqual([98, 97]);
    expect(scored[0]!.reasons.map((r) => r.reason)).toEqual([{ kind: 'byAuthor', authorId: 30 }, { kind: 'awarded', awardId: HUGO, year: 1970, winner: true }]);
    expect(scored[0]!.score - scored[1]!.score).toBeLessThan(WEIGHTS.popularity);
  });
});
