import { describe, expect, it } from 'vitest';
import { averageRating, RATING_MAX, RATING_MIN, roundRating, starFills, summarizeRatings, totalsAfterChange } from './rating.ts';

describe('rating scale', () => {
  it('runs from 1 to 5', () => {
    expect([RATING_MIN, RATING_MAX]).toEqual([1, 5]);
  });
});

describe('averageRating', () => {
  it('is null when there are no ratings', () => {
    expect(averageRating([])).toBeNull();
  });

  it('is the rating itself for a single rating', () => {
    expect(averageRating([4])).toBe(4);
  });

  it('is the mean rounded to one decimal', () => {
    expect(averageRating([4, 5, 5])).toBe(4.7);
    expect(averageRating([1, 2])).toBe(1.5);
    expect(averageRating([1, 1, 2])).toBe(1.3);
  });

  it('rounds a .x5 mean up', () => {
    // 69 / 20 = 3.45
    const ratings = [...Array<number>(9).fill(4), ...Array<number>(11).fill(3)];
    expect(averageRating(ratings)).toBe(3.5);
    // 9 / 4 = 2.25
    expect(averageRating([2, 2, 2, 3])).toBe(2.3);
  });
});

describe('roundRating', () => {
  it('passes null through', () => {
    expect(roundRating(null)).toBeNull();
  });

  it('rounds half up on the written decimal', () => {
    expect(roundRating(3.45)).toBe(3.5);
    expect(roundRating(1.45)).toBe(1.5);
    expect(roundRating(4.35)).toBe(4.4);
    expect(roundRating(3.44)).toBe(3.4);
    expect(roundRating(3.449999)).toBe(3.4);
  });

  it('ignores binary noise below the twelfth digit', () => {
    expect(roundRating(0.1 + 0.2)).toBe(0.3);
    expect(roundRating(3.4499999999999997)).toBe(3.5);
  });

  it('keeps whole and one-decimal values as they are', () => {
    expect(roundRating(5)).toBe(5);
    expect(roundRating(2.7)).toBe(2.7);
  });

  it('is null for a value that is not a finite number', () => {
    expect(roundRating(Number.NaN)).toBeNull();
    expect(roundRating(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('summarizeRatings', () => {
  it('gives the average of count and sum rounded to one decimal', () => {
    expect(summarizeRatings(3, 14)).toEqual({ average: 4.7, count: 3 });
    expect(summarizeRatings(20, 69)).toEqual({ average: 3.5, count: 20 });
    expect(summarizeRatings(10_000, 37_501)).toEqual({ average: 3.8, count: 10_000 });
  });

  it('is null with no ratings', () => {
    expect(summarizeRatings(0, 0)).toEqual({ average: null, count: 0 });
  });

  it('agrees with averageRating', () => {
    const ratings = [5, 4, 4, 1, 3, 5, 2];
    expect(summarizeRatings(ratings.length, ratings.reduce((a, b) => a + b)).average).toBe(averageRating(ratings));
  });
});

describe('starFills', () => {
  it('shows whole and half stars, rounded to the nearest half', () => {
    expect(starFills(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFills(3.7)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFills(3.75)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starFills(4.2)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starFills(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });

  it('shows empty stars without ratings and clamps values outside 0 to 5', () => {
    expect(starFills(null)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(-1)).toEqual(starFills(0));
    expect(starFills(9)).toEqual(starFills(5));
  });
});

describe('totalsAfterChange', () => {
  it('adds a new rating, replaces a changed one and takes a removed one away', () => {
    expect(totalsAfterChange(3, 12, null, 5)).toEqual({ count: 4, sum: 17 });
    expect(totalsAfterChange(3, 12, 4, 2)).toEqual({ count: 3, sum: 10 });
    expect(totalsAfterChange(3, 12, 4, 4)).toEqual({ count: 3, sum: 12 });
    expect(totalsAfterChange(3, 12, 4, null)).toEqual({ count: 2, sum: 8 });
    expect(totalsAfterChange(1, 5, 5, null)).toEqual({ count: 0, sum: 0 });
  });
});
