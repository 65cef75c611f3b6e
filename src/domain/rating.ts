/** Star ratings (spec §5 "Rating is a whole number 1 to 5", §9 "average rounded to 1 decimal"). */

export const RATING_MIN = 1;
export const RATING_MAX = 5;

/**
 * Rounds an average to one decimal, half up on its decimal representation (3.45 → 3.5, 3.44 → 3.4).
 * `toPrecision(12)` first removes binary noise such as 34.49999999999999 so the .5 tie is seen as written;
 * twelve significant digits is far more than any average of 1-5 ratings needs.
 * @example roundRating(3.45) // 3.5
 */
export function roundRating(avg: number | null): number | null {
  if (avg === null || !Number.isFinite(avg)) return null;
  return Math.round(Number((avg * 10).toPrecision(12))) / 10;
}

/**
 * Mean of the ratings rounded to one decimal, or null when nobody has rated yet.
 * @example averageRating([4, 5, 5]) // 4.7
 */
export function averageRating(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return roundRating(sum / ratings.length);
}

/** A set of ratings as shown: average rounded to one decimal, null without ratings (spec §3), and how many. */
export interface RatingTotals {
  average: number | null;
  count: number;
}

/**
 * The summary from a count and a sum, as the trigger-kept counters (book_popularity) or an aggregate give them.
 * @example summarizeRatings(3, 14) // { average: 4.7, count: 3 }
 */
export function summarizeRatings(count: number, sum: number): RatingTotals {
  return count > 0 ? { average: roundRating(sum / count), count } : { average: null, count: 0 };
}

/**
 * Count and sum after one reader's rating went from `previous` to `next` (null: none), from the
 * totals before the change (which hold `previous`): what a write answers without reading the totals
 * again after its own statement.
 * @example totalsAfterChange(3, 12, null, 5) // { count: 4, sum: 17 }: a new rating
 * @example totalsAfterChange(3, 12, 4, null) // { count: 2, sum: 8 }: a rating removed
 */
export function totalsAfterChange(count: number, sum: number, previous: number | null, next: number | null): { count: number; sum: number } {
  return { count: count - (previous === null ? 0 : 1) + (next === null ? 0 : 1), sum: sum - (previous ?? 0) + (next ?? 0) };
}

export type StarFill = 'full' | 'half' | 'empty';

/**
 * The five stars that show an average (spec §5: half stars are display only), rounded to the
 * nearest half star: 3.7 → ★★★½☆, 3.75 → ★★★★☆.
 * @example starFills(3.5) // ['full', 'full', 'full', 'half', 'empty']
 */
export function starFills(average: number | null): StarFill[] {
  const halves = average === null || !Number.isFinite(average) ? 0 : Math.round(Math.min(Math.max(average, 0), RATING_MAX) * 2);
  return Array.from({ length: RATING_MAX }, (_, index) => {
    const left = halves - index * 2;
    return left >= 2 ? 'full' : left === 1 ? 'half' : 'empty';
  });
}
