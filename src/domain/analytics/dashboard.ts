/**
 * The dashboard's arithmetic (issue 14 points 2-3), pure: which days a range covers, which days are
 * still to be rolled up, how long raw events stay, how daily rollup rows become the series and top
 * lists the dashboard draws, and the CSV export. The database sums per day (analytics_daily); this
 * fills the gaps and merges the finished days with today's figures, which are read live.
 */
import { csvField } from '../open-data/csv-injection.ts';

/** Spec §9: analytics time ranges in days. */
export const ANALYTICS_RANGES = [7, 30, 90, 365] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** What analytics_daily holds per day: one number per metric and dimension ('' where there is none). */
export const ANALYTICS_METRICS = [
  'page_views',
  'visitors',
  'modal_opens',
  'interactions',
  'list_adds',
  'ratings',
  'reviews',
  'new_users',
  'views_book',
  'views_author',
  'views_series',
  'views_genre',
  'searches',
  'zero_searches',
] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];

/** Metrics drawn over time (interactions summed over their types). */
export const SERIES_METRICS = ['page_views', 'visitors', 'modal_opens', 'interactions', 'list_adds', 'ratings', 'reviews', 'new_users'] as const satisfies readonly AnalyticsMetric[];
export type SeriesMetric = (typeof SERIES_METRICS)[number];
/** Metrics ranked by dimension (a book id, a search). */
export const TOP_METRICS = ['views_book', 'views_author', 'views_series', 'views_genre', 'searches', 'zero_searches'] as const satisfies readonly AnalyticsMetric[];
export type TopMetric = (typeof TOP_METRICS)[number];

export interface DailyRow {
  day: string;
  metric: AnalyticsMetric;
  dimension: string;
  value: number;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/**
 * The days of a range ending today, oldest first.
 * @example rangeDays(7, '2026-11-26') // ['2026-11-20', …, '2026-11-26']
 */
export function rangeDays(range: number, today: string): string[] {
  const last = dayNumber(today);
  return Array.from({ length: range }, (_, i) => dayOf(last - range + 1 + i));
}

/**
 * The finished days (before today, within the longest range) that have no rollup yet, oldest first:
 * each is rolled up once, after it ended, and then never read from raw events again.
 */
export function daysToRollUp(today: string, rolled: ReadonlySet<string>, horizon: number = Math.max(...ANALYTICS_RANGES)): string[] {
  return rangeDays(horizon + 1, today)
    .slice(0, -1)
    .filter((day) => !rolled.has(day));
}

/**
 * The first day whose raw events are kept (retention in days, today included); older raw events go
 * once their day is rolled up. The rollups themselves stay.
 */
export function retentionStart(today: string, retentionDays: number): string {
  return dayOf(dayNumber(today) - Math.max(1, retentionDays) + 1);
}

/**
 * One series per metric over the range's days, zero where a day has no row; a metric with several
 * dimensions (interactions by type) is summed per day. Rows outside the range are left out.
 */
export function dailySeries(rows: readonly DailyRow[], days: readonly string[]): Record<SeriesMetric, number[]> {
  const index = new Map(days.map((day, i) => [day, i]));
  const series = Object.fromEntries(SERIES_METRICS.map((m) => [m, days.map(() => 0)])) as Record<SeriesMetric, number[]>;
  for (const row of rows) {
    const i = index.get(row.day);
    if (i === undefined || !(SERIES_METRICS as readonly string[]).includes(row.metric)) continue;
    series[row.metric as SeriesMetric][i]! += row.value;
  }
  return series;
}

/**
 * The largest totals of one metric's dimensions over the rows (finished days and today together),
 * most first; ties by dimension, so the list is stable.
 */
export function topDimensions(rows: readonly DailyRow[], metric: AnalyticsMetric, limit: number): { dimension: string; value: number }[] {
  const totals = new Map<string, number>();
  for (const row of rows) if (row.metric === metric) totals.set(row.dimension, (totals.get(row.dimension) ?? 0) + row.value);
  return [...totals]
    .map(([dimension, value]) => ({ dimension, value }))
    .sort((a, b) => b.value - a.value || (a.dimension < b.dimension ? -1 : a.dimension > b.dimension ? 1 : 0))
    .slice(0, limit);
}

/** Interactions by their type over the range. */
export function interactionsByType(rows: readonly DailyRow[]): { type: string; count: number }[] {
  return topDimensions(rows, 'interactions', 50).map(({ dimension, value }) => ({ type: dimension, count: value }));
}

/**
 * A CSV file (RFC 4180: comma, CRLF, quotes doubled) of a header and rows. Cells that a spreadsheet
 * would run as a formula (=, +, -, @, tab, CR at the start: search queries are typed by visitors) get
 * a leading apostrophe.
 * @example toCsv(['Day', 'Views'], [['2026-11-26', 3]]) // 'Day,Views\r\n2026-11-26,3\r\n'
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cell = (value: string | number) => (typeof value === 'number' ? String(value) : csvField(value));
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
