/**
 * The page's analytics script (issue 14 point 1; spec §7): a few lines of plain DOM code every page
 * loads (not an island). It sends the page view of spec §7's rules (src/domain/analytics/routes.ts)
 * and the events islands report (signal.ts), as a keepalive fetch that outlives the page, and ignores
 * every failure (spec §8). No cookie, no stored id: the server counts visitors per day by a hash.
 * Nothing is sent when the browser asks for Global Privacy Control or Do Not Track (the server
 * refuses to store such events too).
 */
import { decidePageView, describeRoute, type LastPageView } from '../../domain/analytics/routes.ts';
import { readSessionHint } from '../../domain/session-hint.ts';
import { ANALYTICS_SIGNAL, type AnalyticsSignal } from './signal.ts';

const ENDPOINT = '/api/analytics/event';
/** The last page view sent in this tab (the 1 s guard: a quick reload is the same view). */
const LAST_VIEW_KEY = 'phantastika:lastPageView';

function declined(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1';
}

function send(body: Record<string, unknown>): void {
  try {
    const metadata = {
      requestId: crypto.randomUUID?.() ?? String(Math.random()).slice(2),
      timestamp: new Date().toISOString(),
      viewport: `${Math.round(innerWidth)}x${Math.round(innerHeight)}`,
      user_role: readSessionHint(document.cookie) ? 'signed_in' : 'anonymous',
      ...(body.metadata as object | undefined),
    };
    void fetch(ENDPOINT, {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, metadata }),
    }).catch(() => undefined);
  } catch {
    // Analytics failures are silent (spec §8).
  }
}

function readLast(): LastPageView | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(LAST_VIEW_KEY) ?? 'null') as LastPageView | null;
    return value && typeof value.path === 'string' && typeof value.at === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** Where the visitor came from, as a kind only (the referring address is never sent). */
function arrivalSource(): string {
  if (!document.referrer) return 'direct';
  try {
    return new URL(document.referrer).origin === location.origin ? 'internal' : 'external';
  } catch {
    return 'external';
  }
}

export function installAnalytics(): void {
  if (declined()) return;
  const now = Date.now();
  const decision = decidePageView(location, readLast(), now);
  if (decision.send) {
    try {
      sessionStorage.setItem(LAST_VIEW_KEY, JSON.stringify({ path: location.pathname, at: now }));
    } catch {
      // Private mode without storage: the guard only works within the page then.
    }
    send({ eventType: 'page_view', route: location.pathname, metadata: { source: arrivalSource() } });
  }
  document.addEventListener(ANALYTICS_SIGNAL, (event) => {
    const detail = (event as CustomEvent<AnalyticsSignal>).detail;
    if (!detail || !describeRoute(location.pathname)) return;
    send({ eventType: detail.eventType, route: location.pathname, entityType: detail.entityType ?? null, entityId: detail.entityId ?? null, metadata: detail.metadata });
  });
}
