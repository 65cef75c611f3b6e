/**
 * The dashboard's figures (issue 14 point 3): finished days from analytics_daily (index-only reads of
 * (metric, day)), today live from the raw events (dailyFiguresSql), merged by the pure rules of
 * src/domain/analytics/dashboard.ts; the top lists' ids become names in the request language.
 */
import { sql } from 'drizzle-orm';
import { dailySeries, interactionsByType, rangeDays, SERIES_METRICS, topDimensions, type AnalyticsRange, type DailyRow } from '../../../src/domain/analytics/dashboard.ts';
import type { Locale } from '../../../src/domain/enums.ts';
import type { AnalyticsDashboard } from '../../../src/domain/schemas/analytics.ts';
import type { Database } from '../../client.ts';
import { liveFigures, TOP_CANDIDATES } from './rollup.ts';

/** Entries of each top list. */
export const TOP_LIMIT = 10;
/**
 * The stored rows a range needs: the series metrics per day from analytics_daily, and each top
 * metric's best dimensions over the range's finished days from analytics_range_tops (summed once a day
 * by the rollup; summed here only when they are missing, e.g. before the first rollup of the day).
 */
async function storedRows(db: Database, range: AnalyticsRange, from: string, today: string): Promise<DailyRow[]> {
  const seriesMetrics = sql.join(SERIES_METRICS.map((m) => sql`${m}::analytics_metric`), sql`, `);
  const [series, tops] = await Promise.all([
    db.execute(sql`
      SELECT day::text AS day, metric::text AS metric, dimension, value FROM analytics_daily
      WHERE metric IN (${seriesMetrics}) AND day >= ${from}::date AND day < ${today}::date`),
    db.execute(sql`
      SELECT ${today}::text AS day, metric::text AS metric, dimension, value FROM analytics_range_tops
      WHERE as_of = ${today}::date AND range = ${range}
        AND EXISTS (SELECT 1 FROM analytics_rolled_days WHERE day = ${today}::date - 1 AND tops_computed_at IS NOT NULL)
      UNION ALL
      SELECT ${today}::text, m.metric::text, t.dimension, t.value
      FROM unnest(ARRAY['views_book', 'views_author', 'views_series', 'views_genre', 'searches', 'zero_searches']::analytics_metric[]) AS m(metric)
      CROSS JOIN LATERAL (
        SELECT dimension, sum(value)::int AS value FROM analytics_daily d
        WHERE d.metric = m.metric AND d.day >= ${from}::date AND d.day < ${today}::date
        GROUP BY dimension ORDER BY sum(value) DESC, dimension LIMIT ${TOP_CANDIDATES}
      ) t
      WHERE NOT EXISTS (SELECT 1 FROM analytics_rolled_days WHERE day = ${today}::date - 1 AND tops_computed_at IS NOT NULL)`),
  ]);
  return [...series.rows, ...tops.rows] as unknown as DailyRow[];
}

interface Named {
  id: number;
  slug: string | null;
  name: string;
}

async function names(db: Database, kind: 'book' | 'author' | 'series' | 'genre', ids: number[], locale: Locale): Promise<Map<number, Named>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(ids.map((id) => sql`${id}::int`), sql`, `);
  const query = {
    // Titles in the page language from book_titles (kept by triggers; db/README.md), not the title function per row.
    book: sql`SELECT b.id, b.slug, t.title AS name FROM books b JOIN book_titles t ON t.book_id = b.id AND t.locale = ${locale} WHERE b.id IN (${list})`,
    author: sql`SELECT id, slug, name FROM authors WHERE id IN (${list})`,
    series: sql`SELECT id, slug, name FROM series WHERE id IN (${list})`,
    genre: sql`SELECT id, NULL AS slug, coalesce(names->>${locale}::text, name) AS name FROM genres WHERE id IN (${list})`,
  }[kind];
  const rows = (await db.execute(query)).rows as unknown as Named[];
  return new Map(rows.map((r) => [r.id, r]));
}

/** Everything the dashboard draws for the range ending today (a UTC day). */
export async function analyticsDashboard(db: Database, range: AnalyticsRange, today: string, tomorrow: string, locale: Locale, retentionDays: number): Promise<AnalyticsDashboard> {
  const days = rangeDays(range, today);
  const [stored, live] = await Promise.all([storedRows(db, range, days[0]!, today), liveFigures(db, today, tomorrow)]);
  const rows = [...stored, ...live];
  const topEntities = async (kind: 'book' | 'author' | 'series' | 'genre') => {
    // Entities deleted since are left out (they have no name); ask for a few more so the list stays full.
    const top = topDimensions(rows, `views_${kind}`, TOP_CANDIDATES);
    const named = await names(db, kind, top.map((t) => Number(t.dimension)), locale);
    return top
      .filter((t) => named.has(Number(t.dimension)))
      .slice(0, TOP_LIMIT)
      .map((t) => ({ ...named.get(Number(t.dimension))!, count: t.value }));
  };
  const [books, authors, series, genres] = await Promise.all([topEntities('book'), topEntities('author'), topEntities('series'), topEntities('genre')]);
  const searches = (metric: 'searches' | 'zero_searches') => topDimensions(rows, metric, TOP_LIMIT).map((t) => ({ query: t.dimension, count: t.value }));
  return {
    range,
    days,
    series: dailySeries(rows, days),
    interactionsByType: interactionsByType(rows.filter((r) => r.metric !== 'interactions' || days.includes(r.day))),
    top: { books, authors, series, genres },
    searches: searches('searches'),
    zeroResultSearches: searches('zero_searches'),
    retentionDays,
  };
}
