/**
 * When an island hydrated on intent (client:intent, ./intent.ts) should hydrate at once instead: the
 * directive's value lists conditions, any of which makes it eager.
 * - 'session': the session hint cookie says someone may be signed in (the account menu shows the
 *   avatar at once for readers; visitors keep the static Log In link and load nothing);
 * - 'query': the address has a query (a list or awards deep link must show its own view);
 * - 'return': the page was reached by Back, Forward or a reload (a list restores what it showed).
 */
import { readSessionHint } from '../domain/session-hint.ts';
import { isReturnVisit } from '../islands/stores/list-snapshot.ts';

export const EAGER_CONDITIONS = ['session', 'query', 'return'] as const;
export type EagerCondition = (typeof EAGER_CONDITIONS)[number];

export interface PageFacts {
  cookie: string;
  search: string;
  /** The navigation's type (PerformanceNavigationTiming.type): 'navigate', 'reload', 'back_forward'. */
  navigationType: string | undefined;
}

/** The conditions of a directive value: `client:intent="session,query"` → ['session', 'query']. */
export function parseConditions(value: unknown): EagerCondition[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is EagerCondition => (EAGER_CONDITIONS as readonly string[]).includes(s));
}

export function isEager(conditions: EagerCondition[], page: PageFacts): boolean {
  return conditions.some((condition) => {
    if (condition === 'session') return readSessionHint(page.cookie) !== null;
    if (condition === 'query') return page.search.length > 1;
    return isReturnVisit(page.navigationType);
  });
}
