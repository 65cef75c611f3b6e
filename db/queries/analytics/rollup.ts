/**
 * Daily rollups (issue 14 point 2): each finished UTC day is summed once into analytics_daily; raw
 * events and searches older than the retention go after that. `dailyFigures` is the one definition of
 * every figure: the rollup stores it for finished days, the dashboard reads it live for today.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ANALYTICS_RANGES, daysToRollUp, retentionStart, TOP_METRICS, type DailyRow } from '../../../src/domain/analytics/dashboard.ts';
import type { Database } from '../../client.ts';

/** Dimensions kept per range and top metric (the dashboard shows 10; more, so today's live figures can still move one up). */
export const TOP_CANDIDATES = 50;

/** A search extended by the same visitor within this time was typed on (typeahead keystrokes): only the longer one counts. */
export const TYPED_ON_WITHIN_SECONDS = 60;

const dayOf = (column: SQL) => sql`(${column} AT TIME ZONE 'UTC')::date`;

/**
 * Rows (day, metric, dimension, value) of the UTC days in [from, to) (dates, 'YYYY-MM-DD'):
 * - page_views, modal_opens: events per day; visitors: distinct visitor hashes of the day's events;
 * - interactions: interaction and click events by interaction_type or element_type;
 * - views_book, views_author, views_series: page views and pop-up opens of a book (id or slug), and
 *   page views of an author or series, by id; views_genre: the book views counted for each of the book's genres;
 * - searches, zero_searches: per visitor and day each query once (over the five endpoints), a query
 *   the visitor typed on within a minute left out, zero when no endpoint found anything;
 * - list_adds, ratings, reviews, new_users: from the reading list, ratings and author reviews
 *   (reviews: with text), and accounts, by the day they were created.
 */
export function dailyFiguresSql(from: string, to: string): SQL {
  const since = sql`${from}::date::timestamp AT TIME ZONE 'UTC'`;
  const until = sql`${to}::date::timestamp AT TIME ZONE 'UTC'`;
  const inRange = (column: SQL) => sql`${column} >= ${since} AND ${column} < ${until}`;
  return sql`
    WITH ev AS (
      SELECT ${dayOf(sql`created_at`)} AS day, event_type, entity_type, entity_id, metadata, visitor_hash
      FROM analytics_events WHERE ${inRange(sql`created_at`)}
    ),
    viewed AS (
      SELECT day, entity_type, entity_id, CASE WHEN entity_id ~ '^[0-9]{1,9}$' THEN entity_id::int END AS numeric_id, count(*)::int AS n FROM ev
      WHERE entity_type IN ('book', 'author', 'series') AND (event_type = 'page_view' OR (event_type = 'modal_open' AND entity_type = 'book'))
      GROUP BY 1, 2, 3, 4
    ),
    resolved AS (
      SELECT v.day, v.entity_type, coalesce(bs.id, bi.id, a_s.id, a_i.id, s_s.id, s_i.id) AS id, v.n
      FROM viewed v
      LEFT JOIN books bs ON v.entity_type = 'book' AND bs.slug = v.entity_id
      LEFT JOIN books bi ON v.entity_type = 'book' AND bi.id = v.numeric_id
      LEFT JOIN authors a_s ON v.entity_type = 'author' AND a_s.slug = v.entity_id
      LEFT JOIN authors a_i ON v.entity_type = 'author' AND a_i.id = v.numeric_id
      LEFT JOIN series s_s ON v.entity_type = 'series' AND s_s.slug = v.entity_id
      LEFT JOIN series s_i ON v.entity_type = 'series' AND s_i.id = v.numeric_id
    ),
    book_views AS (SELECT day, id, sum(n)::int AS n FROM resolved WHERE entity_type = 'book' AND id IS NOT NULL GROUP BY 1, 2),
    searched AS (
      SELECT ${dayOf(sql`created_at`)} AS day, visitor_hash, query, sum(hits) AS hits, min(created_at) AS first_at, max(created_at) AS last_at
      FROM analytics_searches WHERE ${inRange(sql`created_at`)} GROUP BY 1, 2, 3
    ),
    final_searches AS (
      SELECT s.day, s.query, s.hits FROM searched s
      WHERE NOT EXISTS (
        SELECT 1 FROM searched longer
        WHERE longer.day = s.day AND longer.visitor_hash = s.visitor_hash
          AND length(longer.query) > length(s.query) AND left(longer.query, length(s.query)) = s.query
          AND longer.first_at >= s.first_at AND longer.first_at <= s.last_at + make_interval(secs => ${TYPED_ON_WITHIN_SECONDS})
      )
    )
    SELECT day, 'page_views' AS metric, '' AS dimension, count(*)::int AS value FROM ev WHERE event_type = 'page_view' GROUP BY day
    UNION ALL SELECT day, 'visitors', '', count(DISTINCT visitor_hash)::int FROM ev GROUP BY day
    UNION ALL SELECT day, 'modal_opens', '', count(*)::int FROM ev WHERE event_type = 'modal_open' GROUP BY day
    UNION ALL SELECT day, 'interactions', coalesce(metadata->>'interaction_type', metadata->>'element_type', 'other'), count(*)::int
      FROM ev WHERE event_type IN ('interaction', 'click') GROUP BY 1, 3
    UNION ALL SELECT day, 'views_' || entity_type, id::text, sum(n)::int FROM resolved WHERE id IS NOT NULL GROUP BY 1, 2, 3
    UNION ALL SELECT bv.day, 'views_genre', bg.genre_id::text, sum(bv.n)::int FROM book_views bv JOIN book_genres bg ON bg.book_id = bv.id GROUP BY 1, 3
    UNION ALL SELECT day, 'searches', query, count(*)::int FROM final_searches GROUP BY 1, 3
    UNION ALL SELECT day, 'zero_searches', query, count(*)::int FROM final_searches WHERE hits = 0 GROUP BY 1, 3
    UNION ALL SELECT ${dayOf(sql`created_at`)}, 'list_adds', '', count(*)::int FROM reading_list WHERE ${inRange(sql`created_at`)} GROUP BY 1
    UNION ALL SELECT day, 'ratings', '', count(*)::int FROM (
      SELECT ${dayOf(sql`created_at`)} AS day FROM ratings WHERE ${inRange(sql`created_at`)}
      UNION ALL SELECT ${dayOf(sql`created_at`)} FROM author_reviews WHERE ${inRange(sql`created_at`)}
    ) r GROUP BY 1
    UNION ALL SELECT day, 'reviews', '', count(*)::int FROM (
      SELECT ${dayOf(sql`created_at`)} AS day FROM ratings WHERE review IS NOT NULL AND ${inRange(sql`created_at`)}
      UNION ALL SELECT ${dayOf(sql`created_at`)} FROM author_reviews WHERE review IS NOT NULL AND ${inRange(sql`created_at`)}
    ) r GROUP BY 1
    UNION ALL SELECT ${dayOf(sql`created_at`)}, 'new_users', '', count(*)::int FROM users WHERE ${inRange(sql`created_at`)} GROUP BY 1
  `;
}

/** Today's figures, read live (the day is not finished, so it has no rollup). */
export async function liveFigures(db: Database, today: string, tomorrow: string): Promise<DailyRow[]> {
  const rows = (await db.execute(sql`SELECT day::text AS day, metric, dimension, value FROM (${dailyFiguresSql(today, tomorrow)}) f`)).rows;
  return rows as unknown as DailyRow[];
}

export interface RollupOutcome {
  rolledDays: string[];
  removedEvents: number;
  removedSearches: number;
}

/**
 * Rolls up every finished day of the longest range that has no rollup yet (one statement for all of
 * them), then removes raw events and searches before the retention and every salt but today's. One
 * caller at a time (an advisory lock); a second caller waits and then finds nothing left to do.
 */
export async function rollUpFinishedDays(db: Database, today: string, retentionDays: number): Promise<RollupOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('analytics_rollup'))`);
    const horizon = Math.max(...ANALYTICS_RANGES);
    const rolled = (await tx.execute(sql`SELECT day::text AS day FROM analytics_rolled_days WHERE day >= ${today}::date - ${horizon}::int`)).rows as { day: string }[];
    const days = daysToRollUp(today, new Set(rolled.map((r) => r.day)), horizon);
    if (days.length > 0) {
      const list = sql.join(days.map((d) => sql`${d}::date`), sql`, `);
      await tx.execute(sql`
        INSERT INTO analytics_daily (day, metric, dimension, value)
        SELECT day, metric::analytics_metric, dimension, value FROM (${dailyFiguresSql(days[0]!, today)}) f WHERE day IN (${list})
        ON CONFLICT (metric, day, dimension) DO UPDATE SET value = EXCLUDED.value`);
      await tx.execute(sql`INSERT INTO analytics_rolled_days (day) SELECT unnest(ARRAY[${list}]) ON CONFLICT DO NOTHING`);
    }
    await computeRangeTops(tx, today, days.length > 0);
    const keepFrom = retentionStart(today, retentionDays);
    const since = sql`${keepFrom}::date::timestamp AT TIME ZONE 'UTC'`;
    const events = await tx.execute(sql`DELETE FROM analytics_events WHERE created_at < ${since}`);
    const searches = await tx.execute(sql`DELETE FROM analytics_searches WHERE created_at < ${since}`);
    await tx.execute(sql`DELETE FROM analytics_salts WHERE day <> ${today}::date`);
    return { rolledDays: days, removedEvents: events.rowCount ?? 0, removedSearches: searches.rowCount ?? 0 };
  });
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The top dimensions of every range's finished days (analytics_range_tops, as of `today`): computed
 * once a day, after the rollup, or again when the rollup just added days. Older ones are removed.
 */
async function computeRangeTops(tx: Tx, today: string, daysAdded: boolean): Promise<void> {
  const marker = (await tx.execute(sql`SELECT tops_computed_at FROM analytics_rolled_days WHERE day = ${today}::date - 1`)).rows[0] as { tops_computed_at: Date | null } | undefined;
  if (marker?.tops_computed_at && !daysAdded) return;
  const ranges = sql.join(ANALYTICS_RANGES.map((r) => sql`${r}::smallint`), sql`, `);
  const metrics = sql.join(TOP_METRICS.map((m) => sql`${m}::analytics_metric`), sql`, `);
  await tx.execute(sql`DELETE FROM analytics_range_tops`);
  await tx.execute(sql`
    INSERT INTO analytics_range_tops (as_of, range, metric, dimension, value)
    SELECT ${today}::date, r.range, m.metric, t.dimension, t.value
    FROM unnest(ARRAY[${ranges}]) AS r(range)
    CROSS JOIN unnest(ARRAY[${metrics}]) AS m(metric)
    CROSS JOIN LATERAL (
      SELECT dimension, sum(value)::int AS value FROM analytics_daily d
      WHERE d.metric = m.metric AND d.day >= ${today}::date - (r.range - 1) AND d.day < ${today}::date
      GROUP BY dimension ORDER BY sum(value) DESC, dimension LIMIT ${TOP_CANDIDATES}
    ) t`);
  await tx.execute(sql`UPDATE analytics_rolled_days SET tops_computed_at = now() WHERE day = ${today}::date - 1`);
}
