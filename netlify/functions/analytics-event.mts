import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { insertEvent } from '../../db/queries/analytics/events.ts';
import { describeRoute } from '../../src/domain/analytics/routes.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { AnalyticsEventSchema, MAX_EVENT_METADATA_BYTES } from '../../src/domain/schemas/analytics.ts';
import { doesNotWantTracking, enforceEventRateLimit, visitorOf } from './_shared/analytics.ts';
import { handle, noContent, parseValue, readJson } from './_shared/http.ts';

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * The metadata's size as JSON in UTF-8 (issue 14: at most 2 KB), whatever it holds. Nesting too deep
 * to write out again (the API fuzz: arrays thousands deep within the 64 KiB body) counts as too large.
 */
function metadataBytes(body: unknown): number {
  if (typeof body !== 'object' || body === null || !('metadata' in body)) return 0;
  try {
    return new TextEncoder().encode(JSON.stringify((body as { metadata: unknown }).metadata) ?? '').byteLength;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * POST /api/analytics/event (spec §7; issue 14 point 1): one event of the page script, answered 204.
 * A request with Global Privacy Control or Do Not Track is answered alike and nothing is stored. No
 * cookie is read or set, no session is looked up; the address and user agent only feed the day's
 * visitor hash (`_shared/analytics.ts`), which also keys the per-client rate limit (429).
 */
export default handle({
  POST: async (req, ctx) => {
    if (doesNotWantTracking(req)) return noContent(NO_STORE);
    const body = await readJson(req);
    if (metadataBytes(body) > MAX_EVENT_METADATA_BYTES) throw new ApiError('VALIDATION', 'api.error.analyticsMetadataTooLarge');
    const event = parseValue(body, AnalyticsEventSchema);
    const visitor = await visitorOf(req, ctx.netlify);
    enforceEventRateLimit(visitor);
    const route = describeRoute(event.route)!;
    // A detail page's page view is about the thing it shows, whatever the script said.
    const entity = event.eventType === 'page_view' ? route.entity : event.entityType && event.entityId ? { type: event.entityType, id: event.entityId } : null;
    const { timestamp: _clientTime, ...metadata } = event.metadata;
    await insertEvent(await getDb(), {
      eventType: event.eventType,
      route: route.route,
      locale: route.locale,
      entityType: entity?.type ?? null,
      entityId: entity?.id ?? null,
      metadata,
      visitorHash: visitor,
    });
    return noContent(NO_STORE);
  },
});

export const config: Config = { path: '/api/analytics/event' };
