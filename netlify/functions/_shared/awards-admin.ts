/** What the awards admin endpoints share (issue 13 point 4): refusals as HTTP, and the rebuild every write asks for. */
import type { Outcome } from '../../../db/queries/editorial/common.ts';
import { ApiError } from '../../../src/domain/envelope.ts';
import { awardMaxYear } from '../../../src/domain/schemas/awards-admin.ts';
import { etagOf } from '../../../src/domain/editorial/versions.ts';
import { ENTITY_PAGES_TAG } from '../../../src/domain/cdn/cache-tags.ts';
import { noteCatalogueWrite } from './catalogue-index.ts';
import { blockedError, staleError } from './editorial.ts';
import { ok, type RequestContext } from './http.ts';
import { requestRebuild } from './rebuild.ts';

/**
 * The saved value with the rebuild it asked for (award pages are static) and, for the award, its new
 * version as the ETag; or the refusal: 409 with the current award when stale (issue 27), 404 (with
 * `notFoundKey`: the award's, or the category's on a category's own endpoint), 400 with details, 409
 * naming the books a category's delete waits for.
 */
export async function awardAnswer<T extends object>(ctx: RequestContext, outcome: Outcome<T>, status = 200, notFoundKey = 'api.error.awardNotFound', blockedKey = 'api.error.awardCategoryHasBooks'): Promise<Response> {
  if (outcome.ok) {
    // Every entity page that names an award (ADR 0037; award edits are rare, and an entry's book may not
    // have named the award before), and read-your-writes (issue 27 point 5).
    await noteCatalogueWrite([ENTITY_PAGES_TAG]);
    const version = (outcome.value as { version?: unknown }).version;
    return ok({ ...outcome.value, rebuild: await requestRebuild(ctx) }, { status, headers: typeof version === 'number' || typeof version === 'string' ? { etag: etagOf(version) } : undefined });
  }
  if (outcome.reason === 'stale') throw staleError(outcome.current);
  if (outcome.reason === 'invalid') throw new ApiError('VALIDATION', 'api.error.validation', outcome.details);
  if (outcome.reason === 'blocked') throw blockedError(blockedKey, outcome);
  throw new ApiError('NOT_FOUND', notFoundKey);
}

/** A read's value, or 404 / 400 as for a write. */
export function awardValue<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  if (outcome.reason === 'invalid') throw new ApiError('VALIDATION', 'api.error.validation', outcome.details);
  throw new ApiError('NOT_FOUND', 'api.error.awardNotFound');
}

/** The latest award year a form may name now. */
export const maxAwardYearNow = () => awardMaxYear(new Date());
