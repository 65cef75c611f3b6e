/**
 * How islands report an analytics event (issue 14 point 1) without carrying the sender: a DOM event
 * the page's analytics script (tracker.ts, loaded with every page) listens for and sends. An island
 * whose page has no listener (none yet, or tracking declined) loses nothing but the event.
 */
import type { AnalyticsEventType } from '../../domain/enums.ts';
import type { AnalyticsEntityType } from '../../domain/analytics/routes.ts';
import type { EventMetadata } from '../../domain/schemas/analytics.ts';

export const ANALYTICS_SIGNAL = 'phantastika:analytics';

export interface AnalyticsSignal {
  eventType: Exclude<AnalyticsEventType, 'page_view'>;
  entityType?: AnalyticsEntityType;
  entityId?: string;
  metadata?: Pick<EventMetadata, 'source' | 'interaction_type' | 'element_type' | 'element_id'>;
}

/** Reports an event; never throws. */
export function signalAnalytics(detail: AnalyticsSignal): void {
  try {
    document.dispatchEvent(new CustomEvent(ANALYTICS_SIGNAL, { detail }));
  } catch {
    // Analytics failures are silent (spec §8).
  }
}
