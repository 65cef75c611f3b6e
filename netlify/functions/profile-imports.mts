import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { createImportJob, listImportJobs, readImportJob } from '../../db/queries/open-data/import-jobs.ts';
import { handle, ok } from './_shared/http.ts';
import { readImportUpload } from './_shared/import-file.ts';
import { importJobAnswer, resumeIfStalled, startImportWorker } from './_shared/import-jobs.ts';
import { enforceUserRateLimit } from './_shared/rate-limit.ts';
import { requireUser } from './_shared/session.ts';

const PRIVATE = { 'cache-control': 'private, no-store' };

/**
 * The reader's reading-history imports (issue 16 point 1; ADR 0026).
 * GET: their latest jobs, newest first (the import tab finds a running one after a reload).
 * POST: multipart form data with one `file` (a Goodreads or StoryGraph export CSV, at most 10 MB and
 * 20,000 rows): read and parsed now (a bad file is a 400 with its reason, nothing is stored), then
 * matched in the background; answers 202 with the job, whose progress GET /api/profile/imports/{id} reports.
 */
export default handle({
  GET: async (req, ctx) => {
    const user = await requireUser(req);
    const jobs = await listImportJobs(await getDb(), user.id);
    for (const job of jobs) resumeIfStalled(req, ctx, job);
    return ok({ items: jobs.map((job) => importJobAnswer(job, ctx.locale)) }, { headers: PRIVATE });
  },
  POST: async (req, ctx) => {
    const user = await requireUser(req);
    await enforceUserRateLimit('importUpload', user.id);
    const file = await readImportUpload(req);
    const db = await getDb();
    const jobId = await createImportJob(db, user.id, file);
    await startImportWorker(req, jobId);
    const job = await readImportJob(db, user.id, jobId);
    return ok(importJobAnswer(job!, ctx.locale), { status: 202, headers: PRIVATE });
  },
});

export const config: Config = { path: '/api/profile/imports' };
