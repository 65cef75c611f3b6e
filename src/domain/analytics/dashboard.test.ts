import { describe, expect, it } from 'vitest';
import { dailySeries, daysToRollUp, interactionsByType, rangeDays, retentionStart, toCsv, topDimensions, type DailyRow } from './dashboard.ts';

describe('ranges and days', () => {
  it('covers the range’s days up to today, oldest first', () => {
    expect(rangeDays(7, '2026-11-26')).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']);
    expect(rangeDays(365, '2026-03-01')).toHaveLength(365);
    expect(rangeDays(30, '2026-03-01')[0]).toBe('2026-01-31');
  });

  it('rolls up each finished day once, never today', () => {
    const rolled = new Set(['2026-11-24']);
    expect(daysToRollUp('2026-11-26', rolled, 3)).toEqual(['2026-11-23', '2026-11-25']);
    expect(daysToRollUp('2026-11-26', new Set(['2026-11-23', '2026-11-24', '2026-11-25']), 3)).toEqual([]);
    expect(daysToRollUp('2026-11-26', new Set())).toHaveLength(365);
  });

  it('keeps raw events for the retention, today included', () => {
    expect(retentionStart('2026-11-26', 1)).toBe('2026-11-26');
    expect(retentionStart('2026-11-26', 90)).toBe('2026-08-29');
    expect(retentionStart('2026-11-26', 0)).toBe('2026-11-26');
  });
});

const row = (day: string, metric: DailyRow['metric'], value: number, dimension = ''): DailyRow => ({ day, metric, dimension, value });

describe('rollup rows to series', () => {
  const days = rangeDays(3, '2026-11-26');

  it('fills missing days with zero and sums a metric’s dimensions per day', () => {
    const series = dailySeries(
      [
        row('2026-11-24', 'page_views', 5),
        row('2026-11-26', 'page_views', 2),
        row('2026-11-26', 'page_views', 1), // today's live figure beside a (never expected) stored one: both count
        row('2026-11-25', 'interactions', 3, 'list_add'),
        row('2026-11-25', 'interactions', 4, 'buy_link'),
        row('2026-11-20', 'page_views', 100), // outside the range
        row('2026-11-25', 'views_book', 9, '12'), // not a series
      ],
      days,
    );
    expect(series.page_views).toEqual([5, 0, 3]);
    expect(series.interactions).toEqual([0, 7, 0]);
    expect(series.visitors).toEqual([0, 0, 0]);
  });

  it('ranks a metric’s dimensions by their total over the days, ties by name', () => {
    const rows = [row('2026-11-24', 'views_book', 2, '7'), row('2026-11-25', 'views_book', 2, '7'), row('2026-11-25', 'views_book', 4, '3'), row('2026-11-26', 'views_book', 1, '9'), row('2026-11-26', 'views_book', 4, '1'), row('2026-11-26', 'searches', 50, 'dune')];
    expect(topDimensions(rows, 'views_book', 3)).toEqual([
      { dimension: '1', value: 4 },
      { dimension: '3', value: 4 },
      { dimension: '7', value: 4 },
    ]);
    expect(topDimensions(rows, 'searches', 10)).toEqual([{ dimension: 'dune', value: 50 }]);
  });

  it('counts interactions by type', () => {
    expect(interactionsByType([row('2026-11-25', 'interactions', 3, 'rating'), row('2026-11-26', 'interactions', 1, 'buy_link'), row('2026-11-26', 'interactions', 1, 'rating')])).toEqual([
      { type: 'rating', count: 4 },
      { type: 'buy_link', count: 1 },
    ]);
  });
});

describe('CSV export', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(toCsv(['Search', 'Count'], [['dune', 3], ['a, "b"', 2], ['=HYPERLINK("x")', 1], ['-1', 1]])).toBe('Search,Count\r\ndune,3\r\n"a, ""b""",2\r\n"\'=HYPERLINK(""x"")",1\r\n\'-1,1\r\n');
  });
});
