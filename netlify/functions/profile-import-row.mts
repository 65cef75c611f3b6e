import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { chooseCandidate } from '../../db/queries/open-data/import-jobs.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { ChooseCandidateSchema, ImportRowParamsSchema } from '../../src/domain/schemas/import.ts';
import { handle, noContent, parseJson } from './_shared/http.ts';
import { enforceUserRateLimit } from './_shared/rate-limit.ts';
import { requireUser } from './_shared/session.ts';

/**
 * PATCH /api/profile/imports/{id}/rows/{line} {bookId | null, searched?} (issue 16 point 1): the reader's
 * answer to an uncertain row, one of its candidates or "none of these" (null); with `searched` (issue
 * 29 point 3) a book the reader found in the catalogue, also for a row that was not found; kept with
 * the job, so a reload of the review step shows it. 204; 404 for a job or row that is not the reader's; 409 once the job
 * left the review step or for a row that is not uncertain; 400 for a book that is no candidate.
 */
export default handle({
  PATCH: async (req, ctx) => {
    const user = await requireUser(req);
    const params = ImportRowParamsSchema.safeParse(ctx.params);
    if (!params.success) throw new ApiError('NOT_FOUND', 'api.error.importNotFound');
    const { bookId, searched } = await parseJson(req, ChooseCandidateSchema);
    await enforceUserRateLimit('importWrite', user.id);
    const outcome = await chooseCandidate(await getDb(), user.id, params.data.id, params.data.line, bookId, searched === true);
    if (outcome === 'notFound') throw new ApiError('NOT_FOUND', 'api.error.importNotFound');
    if (outcome === 'notInReview') throw new ApiError('CONFLICT', 'api.error.importNotInReview');
    if (outcome === 'notUncertain') throw new ApiError('CONFLICT', 'api.error.importNotUncertain');
    if (outcome === 'notACandidate') throw new ApiError('VALIDATION', 'api.error.importNotACandidate', [{ path: 'bookId', key: 'validation.importCandidate' }]);
    return noContent({ 'cache-control': 'private, no-store' });
  },
});

export const config: Config = { path: '/api/profile/imports/:id/rows/:line' };
