/**
 * The per-instance answer cache of GET /api/affiliate/services and the admin writes' way to empty it
 * (issue 13 point 6: the pop-up's buy button follows a change without a rebuild).
 *
 * How fresh: the instance that takes an admin write forgets its cached list at once; `npm start`
 * (and the integration tests) run every function in one process, so there the next GET reads the
 * new settings. Deployed, every function is its own bundle with its own instances: a warm instance of
 * affiliate-services.mts that did not take the write serves its cached list for at most
 * ANSWER_CACHE_TTL_MS (30 s). The answer tells HTTP caches not to keep it (`no-cache`), so a browser
 * or the CDN adds nothing to that bound.
 */
import type { AffiliateService } from '../../../src/domain/schemas/reader.ts';
import { createAnswerCache } from './answer-cache.ts';

let cache = createAnswerCache<AffiliateService[]>({ maxEntries: 1 });

/** The cached list, or `load`'s. */
export const cachedAffiliateServices = (load: () => Promise<AffiliateService[]>) => cache('all', load);

/** After an admin write: the next GET on this instance reads the database. */
export function forgetAffiliateServices(): void {
  cache = createAnswerCache<AffiliateService[]>({ maxEntries: 1 });
}
