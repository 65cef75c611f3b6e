import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { deleteImportJob, readImportJob } from '../../db/queries/open-data/import-jobs.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { ImportJobParamsSchema } from '../../src/domain/schemas/import.ts';
import { handle, noContent, ok } from './_shared/http.ts';
import { importJobAnswer, resumeIfStalled } from './_shared/import-jobs.ts';
import { enforceUserRateLimit } from './_shared/rate-limit.ts';
import { requireUser } from './_shared/session.ts';

/** A job id that is no UUID, unknown, or another reader's: the same 404. */
const jobParams = (params: Record<string, string>) => {
  const parsed = ImportJobParamsSchema.safeParse(params);
  if (!parsed.success) throw new ApiError('NOT_FOUND', 'api.error.importNotFound');
  return parsed.data;
};

/**
 * One of the reader's imports (issue 16 point 1). GET: its state and progress, polled by the import
 * tab (a job whose background worker is gone is started again). DELETE: discards it (204), unless it
 * is being applied (409).
 */
export default handle({
  GET: async (req, ctx) => {
    const user = await requireUser(req);
    const { id } = jobParams(ctx.params);
    const job = await readImportJob(await getDb(), user.id, id);
    if (!job) throw new ApiError('NOT_FOUND', 'api.error.importNotFound');
    resumeIfStalled(req, ctx, job);
    return ok(importJobAnswer(job, ctx.locale), { headers: { 'cache-control': 'private, no-store' } });
  },
  DELETE: async (req, ctx) => {
    const user = await requireUser(req);
    const { id } = jobParams(ctx.params);
    await enforceUserRateLimit('importWrite', user.id);
    const outcome = await deleteImportJob(await getDb(), user.id, id);
    if (!outcome) throw new ApiError('NOT_FOUND', 'api.error.importNotFound');
    if (outcome === 'busy') throw new ApiError('CONFLICT', 'api.error.importBusy');
    return noContent();
  },
});

export const config: Config = { path: '/api/profile/imports/:id' };
