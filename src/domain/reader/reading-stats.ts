/** Rules of the profile's reading stats (issue 12, point 9). */

/**
 * The twelve months up to the latest month with a read book, oldest first, months without a read book
 * filled with zero: the per-month chart shows a steady year, not only the months that had books.
 * @example lastTwelveMonths([{ month: '2026-03', count: 2 }])[11] // { month: '2026-03', count: 2 }
 */
export function lastTwelveMonths(readByMonth: readonly { month: string; count: number }[]): { month: string; count: number }[] {
  const latest = readByMonth.at(-1)?.month;
  if (!latest) return [];
  const counts = new Map(readByMonth.map((m) => [m.month, m.count]));
  const [year, month] = latest.split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const date = new Date(Date.UTC(year, month - 1 - (11 - i), 1));
    const key = `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
    return { month: key, count: counts.get(key) ?? 0 };
  });
}
