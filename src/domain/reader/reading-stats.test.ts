import { describe, expect, it } from 'vitest';
import { lastTwelveMonths } from './reading-stats.ts';

describe('lastTwelveMonths', () => {
  it('ends with the latest month that has a read book and fills the gaps with zero', () => {
    const months = lastTwelveMonths([
      { month: '2025-01', count: 4 },
      { month: '2025-11', count: 1 },
      { month: '2026-02', count: 3 },
    ]);
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ month: '2025-03', count: 0 });
    expect(months[8]).toEqual({ month: '2025-11', count: 1 });
    expect(months[11]).toEqual({ month: '2026-02', count: 3 });
    expect(months.map((m) => m.month)).not.toContain('2025-01');
  });

  it('crosses the turn of the year', () => {
    expect(lastTwelveMonths([{ month: '2026-01', count: 1 }]).map((m) => m.month).slice(-2)).toEqual(['2025-12', '2026-01']);
  });

  it('gives nothing for a reader who has read nothing yet', () => {
    expect(lastTwelveMonths([])).toEqual([]);
  });
});
