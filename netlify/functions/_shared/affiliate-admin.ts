/** What the affiliate admin endpoints share (issue 13 point 6): refusals as HTTP, and the cache to forget after a write. */
import type { Outcome } from '../../../db/queries/editorial/common.ts';
import { ApiError } from '../../../src/domain/envelope.ts';
import { forgetAffiliateServices } from './affiliate-cache.ts';
import { etagOf } from '../../../src/domain/editorial/versions.ts';
import { staleError } from './editorial.ts';
import { ok } from './http.ts';

/** The written value (the pop-up's list forgotten on this instance) with its version as the ETag, or the refusal: 404, 400 with details (a template off the service's host), 409 with the unique value's key, 409 with the current service when stale (issue 27). */
export function affiliateAnswer<T>(outcome: Outcome<T>, notFound: string, status = 200): Response {
  if (outcome.ok) {
    forgetAffiliateServices();
    const version = (outcome.value as { version?: unknown }).version;
    return ok(outcome.value, { status, headers: typeof version === 'number' ? { etag: etagOf(version) } : undefined });
  }
  if (outcome.reason === 'stale') throw staleError(outcome.current);
  if (outcome.reason === 'conflict') throw new ApiError('CONFLICT', outcome.key);
  if (outcome.reason === 'invalid') throw new ApiError('VALIDATION', 'api.error.validation', outcome.details);
  throw new ApiError('NOT_FOUND', notFound);
}
