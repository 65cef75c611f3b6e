/**
 * Analytics (issue 14 points 1-2; spec §3 "Analytics event"). Nothing here identifies a visitor: no
 * user id, no address, no user agent. `visitor_hash` is an HMAC under a salt that lives one UTC day
 * (analytics_salts; src/domain/analytics/visitor.ts), so it counts unique visitors of that day and
 * nothing more once the salt is gone. Raw events and searches are kept for ANALYTICS_RETENTION_DAYS;
 * each finished day is summed into analytics_daily, which the dashboard reads.
 */
import { bigserial, date, index, integer, jsonb, pgEnum, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { ANALYTICS_METRICS } from '../../src/domain/analytics/dashboard.ts';
import { analyticsEventTypeEnum } from './enums.ts';

export const analyticsMetricEnum = pgEnum('analytics_metric', ANALYTICS_METRICS);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventType: analyticsEventTypeEnum('event_type').notNull(),
    /** The page without its language prefix ('/books/dune'); the language apart. */
    route: text('route').notNull(),
    locale: text('locale'),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    /** The validated metadata of spec §7 (viewport, user_role, source, interaction_type, element_type, element_id). */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    visitorHash: text('visitor_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_type_time_idx').on(t.eventType, t.createdAt), index('analytics_events_time_idx').on(t.createdAt)],
);

/** What the search endpoints were asked (issue 14 point 1): one row per endpoint answer, lower-cased query and its hit count. */
export const analyticsSearches = pgTable(
  'analytics_searches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    query: text('query').notNull(),
    hits: integer('hits').notNull(),
    visitorHash: text('visitor_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('analytics_searches_time_idx').on(t.createdAt)],
);

/** One number per finished UTC day, metric and dimension (a book id, a search, an interaction type; '' for none). */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    metric: analyticsMetricEnum('metric').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension').notNull().default(''),
    value: integer('value').notNull(),
  },
  // (metric, day) first: the dashboard reads one metric over a range of days; the value rides in the index.
  (t) => [primaryKey({ name: 'analytics_daily_pkey', columns: [t.metric, t.day, t.dimension] })],
);

/** The days already summed into analytics_daily (a day with nothing to count is still rolled up). */
export const analyticsRolledDays = pgTable('analytics_rolled_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set on the last finished day once analytics_range_tops holds the ranges ending after it. */
  topsComputedAt: timestamp('tops_computed_at', { withTimezone: true }),
});

/**
 * The best dimensions of each top metric over each range's finished days, computed once a day after
 * the rollup (`as_of` is the day the ranges end on, today): a year of per-day rows is summed once,
 * not on every dashboard visit. Today's live figures are added on reading.
 */
export const analyticsRangeTops = pgTable(
  'analytics_range_tops',
  {
    asOf: date('as_of', { mode: 'string' }).notNull(),
    range: smallint('range').notNull(),
    metric: analyticsMetricEnum('metric').notNull(),
    dimension: text('dimension').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ name: 'analytics_range_tops_pkey', columns: [t.asOf, t.range, t.metric, t.dimension] })],
);

/** The salt of the visitor hash for the current UTC day only: older ones are deleted when a new day starts. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});
