import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { confirmImportJob, readImportJob } from '../../db/queries/open-data/import-jobs.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { ConfirmImportSchema, ImportJobParamsSchema } from '../../src/domain/schemas/import.ts';
import { handle, ok, parseJson } from './_shared/http.ts';
import { importJobAnswer, startImportWorker } from './_shared/import-jobs.ts';
import { enforceUserRateLimit } from './_shared/rate-limit.ts';
import { requireUser } from './_shared/session.ts';

/**
 * POST /api/profile/imports/{id}/confirm {overwrite?} (issue 16 point 1): imports the reviewed job in
 * the background, in one transaction: the matched rows and the chosen candidates go to the reading
 * list and ratings; with `overwrite: true` the file's status, stars and review replace what the
 * reader already has, otherwise those stay. 202 with the job (status `applying`); 409 when the job
 * is not waiting for review (still matching, or already imported); 404 when it is not the reader's.
 */
export default handle({
  POST: async (req, ctx) => {
    const user = await requireUser(req);
    const params = ImportJobParamsSchema.safeParse(ctx.params);
    if (!params.success) throw new ApiError('NOT_FOUND', 'api.error.importNotFound');
    const { overwrite } = await parseJson(req, ConfirmImportSchema);
    await enforceUserRateLimit('importWrite', user.id);
    const db = await getDb();
    const confirmed = await confirmImportJob(db, user.id, params.data.id, overwrite);
    if (confirmed === null) throw new ApiError('NOT_FOUND', 'api.error.importNotFound');
    if (!confirmed) throw new ApiError('CONFLICT', 'api.error.importNotInReview');
    await startImportWorker(req, params.data.id);
    const job = await readImportJob(db, user.id, params.data.id);
    return ok(importJobAnswer(job!, ctx.locale), { status: 202, headers: { 'cache-control': 'private, no-store' } });
  },
});

export const config: Config = { path: '/api/profile/imports/:id/confirm' };
