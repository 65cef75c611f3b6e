/**
 * The analytics contract (issue 14; spec §3 "Analytics event", §7 POST /api/analytics/event, §9 ranges):
 * the event the page script sends, and the dashboard's answer the admin page reads.
 */
import { z } from 'zod';
import { ANALYTICS_EVENT_TYPES, ROLES } from '../enums.ts';
import { ANALYTICS_ENTITY_TYPES, describeRoute } from '../analytics/routes.ts';
import { ANALYTICS_RANGES } from '../analytics/dashboard.ts';
import { text } from './text.ts';

/** Spec §7 / issue 14: the metadata of one event is at most 2 KB (its JSON, in UTF-8). */
export const MAX_EVENT_METADATA_BYTES = 2048;

/** What a click or interaction was (the key actions of issue 14 point 1). */
export const INTERACTION_TYPES = ['list_add', 'rating', 'review'] as const;
export const CLICK_ELEMENT_TYPES = ['buy_link', 'search_result'] as const;
/** Who sent it: no user id, only the kind of visitor. */
export const EVENT_USER_ROLES = ['anonymous', 'signed_in', ...ROLES] as const;

const short = (max: number) => text('validation.analytics.metadata').trim().min(1, 'validation.analytics.metadata').max(max, 'validation.analytics.metadata');

/** Spec §7 metadata: requestId, timestamp, viewport, user_role, and source, interaction_type, element_type or element_id. */
export const EventMetadataSchema = z.strictObject(
  {
    requestId: short(64).regex(/^[A-Za-z0-9_-]+$/, 'validation.analytics.metadata').optional(),
    timestamp: z.iso.datetime({ offset: true, message: 'validation.analytics.metadata' }).optional(),
    viewport: short(11).regex(/^\d{1,5}x\d{1,5}$/, 'validation.analytics.metadata').optional(),
    user_role: z.enum(EVENT_USER_ROLES, 'validation.analytics.metadata').optional(),
    source: short(40).regex(/^[a-z_]+$/, 'validation.analytics.metadata').optional(),
    interaction_type: z.enum(INTERACTION_TYPES, 'validation.analytics.metadata').optional(),
    element_type: z.enum(CLICK_ELEMENT_TYPES, 'validation.analytics.metadata').optional(),
    element_id: short(1500).optional(),
  },
  'validation.analytics.metadata',
);
export type EventMetadata = z.infer<typeof EventMetadataSchema>;

/** POST /api/analytics/event. `route` is a path of the site (with or without its language prefix). */
export const AnalyticsEventSchema = z
  .strictObject({
    eventType: z.enum(ANALYTICS_EVENT_TYPES, 'validation.analytics.eventType'),
    route: text('validation.analytics.route').max(300, 'validation.analytics.route').refine((route) => describeRoute(route) !== null, 'validation.analytics.route'),
    entityType: z.enum(ANALYTICS_ENTITY_TYPES, 'validation.analytics.entity').nullish(),
    entityId: text('validation.analytics.entity').trim().min(1, 'validation.analytics.entity').max(200, 'validation.analytics.entity').nullish(),
    metadata: EventMetadataSchema.default({}),
  })
  .superRefine((event, ctx) => {
    if ((event.entityType == null) !== (event.entityId == null)) ctx.addIssue({ code: 'custom', path: ['entityId'], message: 'validation.analytics.entity' });
    if (event.eventType === 'page_view' && !describeRoute(event.route)?.countsPageView) ctx.addIssue({ code: 'custom', path: ['route'], message: 'validation.analytics.pageViewRoute' });
    if (event.eventType === 'modal_open' && event.entityType == null) ctx.addIssue({ code: 'custom', path: ['entityType'], message: 'validation.analytics.entity' });
    if (event.eventType === 'interaction' && !event.metadata.interaction_type) ctx.addIssue({ code: 'custom', path: ['metadata', 'interaction_type'], message: 'validation.analytics.metadata' });
    if (event.eventType === 'click' && !event.metadata.element_type) ctx.addIssue({ code: 'custom', path: ['metadata', 'element_type'], message: 'validation.analytics.metadata' });
  });
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

/** GET /api/admin/analytics?range=7|30|90|365 (spec §9), 30 when left out. */
export const AnalyticsRangeQuerySchema = z.strictObject({
  range: z.coerce
    .number('validation.analytics.range')
    .refine((n) => (ANALYTICS_RANGES as readonly number[]).includes(n), 'validation.analytics.range')
    .default(30),
});

const SeriesSchema = z.array(z.number().int());
const TopEntitySchema = z.object({ id: z.number().int(), slug: z.string().nullable(), name: z.string(), count: z.number().int() });
const TopSearchSchema = z.object({ query: z.string(), count: z.number().int() });

/** The dashboard: series per day over the range (oldest first, today last), top lists over the range. */
export const AnalyticsDashboardSchema = z.object({
  range: z.number().int(),
  days: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
  series: z.object({
    page_views: SeriesSchema,
    visitors: SeriesSchema,
    modal_opens: SeriesSchema,
    interactions: SeriesSchema,
    list_adds: SeriesSchema,
    ratings: SeriesSchema,
    reviews: SeriesSchema,
    new_users: SeriesSchema,
  }),
  interactionsByType: z.array(z.object({ type: z.string(), count: z.number().int() })),
  top: z.object({ books: z.array(TopEntitySchema), authors: z.array(TopEntitySchema), series: z.array(TopEntitySchema), genres: z.array(TopEntitySchema) }),
  searches: z.array(TopSearchSchema),
  zeroResultSearches: z.array(TopSearchSchema),
  /** How long raw events are kept (days); the rollups stay. */
  retentionDays: z.number().int(),
});
export type AnalyticsDashboard = z.infer<typeof AnalyticsDashboardSchema>;
