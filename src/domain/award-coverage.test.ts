import { describe, expect, it } from 'vitest';
import { formatYearRanges, uncoveredYears, yearRanges } from './award-coverage.ts';

describe('uncoveredYears', () => {
  it('lists the years between the first and last entry that have neither an entry nor a no-award mark', () => {
    expect(uncoveredYears([1981, 1982, 1985, 1985], [1983])).toEqual([1984]);
  });

  it('counts a no-award year as covered, also at the ends of the span', () => {
    // Hugo Best Novel: 1953–2025 with 1954 and 1957 not awarded: nothing is missing.
    const hugo = Array.from({ length: 2025 - 1953 + 1 }, (_, i) => 1953 + i).filter((y) => y !== 1954 && y !== 1957);
    expect(uncoveredYears(hugo, [1954, 1957])).toEqual([]);
    expect(uncoveredYears([2000], [1996])).toEqual([1997, 1998, 1999]);
  });

  it('finds nothing to miss with one known year or none', () => {
    expect(uncoveredYears([], [])).toEqual([]);
    expect(uncoveredYears([2014, 2014])).toEqual([]);
  });

  it('reports the real gap of Locus First Novel 2018–2022', () => {
    const years = [...Array.from({ length: 2017 - 1981 + 1 }, (_, i) => 1981 + i), 2023, 2024, 2025];
    expect(uncoveredYears(years)).toEqual([2018, 2019, 2020, 2021, 2022]);
  });
});

describe('yearRanges and formatYearRanges', () => {
  it('folds consecutive years into ranges, ascending, ignoring duplicates', () => {
    expect(yearRanges([2012, 2004, 2005, 2006, 2005, 2015])).toEqual([
      { from: 2004, to: 2006 },
      { from: 2012, to: 2012 },
      { from: 2015, to: 2015 },
    ]);
    expect(yearRanges([])).toEqual([]);
  });

  it('writes the Kurd-Laßwitz German novel gaps compactly', () => {
    const missing = [2004, 2005, 2006, 2007, 2008, 2009, 2010, 2012, 2015, 2017, 2018, 2022, 2023];
    expect(formatYearRanges(yearRanges(missing))).toBe('2004–2010, 2012, 2015, 2017–2018, 2022–2023');
    expect(formatYearRanges([])).toBe('');
  });
});
