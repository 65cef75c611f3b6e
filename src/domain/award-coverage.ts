/**
 * Coverage of an award category (issue 29, Data): the catalogue holds some awards only in part
 * (db/seed/data/stats.md, "Revision 3" and "Known gaps"), and a year list with holes must not look
 * complete. A year between a category's first and last recorded year that has neither an entry nor
 * a 'no award' mark is "not covered yet": the catalogue does not know that year, which is not the
 * same as an award not given (those are recorded, issue 13 point 4).
 */

/** Consecutive years, both ends included (`from === to` for a single year). */
export interface YearRange {
  from: number;
  to: number;
}

/**
 * The years from the first to the last known year of a category that have neither an entry nor a
 * 'no award' mark, ascending. No known year, or one, leaves nothing to miss.
 * @example uncoveredYears([1981, 1982, 1985], [1983]) // [1984]
 */
export function uncoveredYears(entryYears: Iterable<number>, noAwardYears: Iterable<number> = []): number[] {
  const known = new Set<number>();
  for (const year of entryYears) if (Number.isInteger(year)) known.add(year);
  for (const year of noAwardYears) if (Number.isInteger(year)) known.add(year);
  if (known.size < 2) return [];
  const first = Math.min(...known);
  const last = Math.max(...known);
  const missing: number[] = [];
  for (let year = first + 1; year < last; year++) if (!known.has(year)) missing.push(year);
  return missing;
}

/**
 * Years folded into runs of consecutive years, ascending; duplicates are ignored.
 * @example yearRanges([2012, 2004, 2005, 2006]) // [{ from: 2004, to: 2006 }, { from: 2012, to: 2012 }]
 */
export function yearRanges(years: Iterable<number>): YearRange[] {
  const sorted = [...new Set(years)].sort((a, b) => a - b);
  const ranges: YearRange[] = [];
  for (const year of sorted) {
    const last = ranges.at(-1);
    if (last && year === last.to + 1) last.to = year;
    else ranges.push({ from: year, to: year });
  }
  return ranges;
}

/**
 * Ranges as compact text: an en dash within a run, a comma between runs (the same in en, de and it;
 * years are written without grouping separators).
 * @example formatYearRanges([{ from: 2004, to: 2010 }, { from: 2012, to: 2012 }]) // '2004–2010, 2012'
 */
export function formatYearRanges(ranges: readonly YearRange[]): string {
  return ranges.map((r) => (r.from === r.to ? String(r.from) : `${r.from}–${r.to}`)).join(', ');
}
