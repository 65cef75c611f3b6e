/**
 * The background half of an import (issue 16 point 1; ADR 0026). A write that leaves a job in a
 * background phase (`matching` after the upload, `applying` after the confirmation) asks the
 * background function `import-worker-background` to run it: on Netlify a background function
 * (answered 202 at once, up to 15 minutes of work), under `npm start` and in the tests the local
 * server runs it after its 202 the same way (scripts/function-server.ts). The request is signed
 * (HMAC of the job id under SESSION_SECRET), and the worker only ever takes a job that is waiting
 * for it (a lease in the job's row), so a stray or repeated call does nothing. A job whose worker
 * died (the lease ran out) is asked for again when the reader's page next polls it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getDb } from '../../../db/client.ts';
import {
  applyImportJob,
  claimImportJob,
  failImportJob,
  finishMatching,
  ImportAlreadyApplied,
  readMatchCatalogue,
  readRowsToMatch,
  reportProgress,
  saveMatches,
  type JobRecord,
} from '../../../db/queries/open-data/import-jobs.ts';
import type { Locale } from '../../../src/domain/enums.ts';
import type { ImportJob } from '../../../src/domain/schemas/import.ts';
import { afterResponse, type RequestContext } from './http.ts';
import { translate } from './messages.ts';
import { ImportMatcher, type MatchResult } from '../../../src/domain/open-data/import-match.ts';
import { getEnv } from './env.ts';
import { siteOrigin } from './site.ts';

export const WORKER_PATH = '/.netlify/functions/import-worker-background';
const SIGNATURE_HEADER = 'x-import-signature';
/** Rows matched between two progress reports. */
const MATCH_STEP = 1_000;

const sign = (jobId: string) => createHmac('sha256', getEnv().SESSION_SECRET).update(`import-job:${jobId}`).digest('hex');

/** Whether the worker's request was signed by one of our functions. */
export function isSignedWorkerRequest(req: Request, jobId: string): boolean {
  const given = Buffer.from(req.headers.get(SIGNATURE_HEADER) ?? '', 'utf8');
  const expected = Buffer.from(sign(jobId), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Asks the background worker to run a job. Failure to reach it is logged, not the reader's error:
 * the job stays waiting and the next poll of its state asks again.
 */
export async function startImportWorker(req: Request, jobId: string): Promise<void> {
  try {
    // The site's own address, never the request's Host: the call carries the job's signature (issue 26 point 2).
    const res = await fetch(new URL(WORKER_PATH, siteOrigin(req)), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(jobId) },
      body: JSON.stringify({ jobId }),
    });
    if (res.status !== 202) console.warn(`Import worker for ${jobId} answered ${res.status}`);
    await res.body?.cancel();
  } catch (error) {
    console.warn(`Import worker for ${jobId} not reached:`, error);
  }
}

/** Runs whatever phase the job waits in, if this worker can take it. */
export async function runImportJob(jobId: string): Promise<void> {
  const db = await getDb();
  const job = await claimImportJob(db, jobId);
  if (!job) return;
  try {
    if (job.status === 'matching') {
      const [books, rows] = await Promise.all([readMatchCatalogue(db), readRowsToMatch(db, job.id)]);
      const matcher = new ImportMatcher(books);
      for (let at = 0; at < rows.length; at += MATCH_STEP) {
        const results: (MatchResult & { line: number })[] = rows.slice(at, at + MATCH_STEP).map((row) => ({ line: row.line, ...matcher.match(row) }));
        await saveMatches(db, job.id, results);
        await reportProgress(db, job.id, at + results.length);
      }
      await finishMatching(db, job.id);
    } else {
      await applyImportJob(db, job, (processed) => reportProgress(db, job.id, processed));
    }
  } catch (error) {
    if (error instanceof ImportAlreadyApplied) return;
    console.error(`Import job ${jobId} failed:`, error);
    await failImportJob(db, job.id, 'api.error.importFailed');
  }
}

/** A job as the API answers it (ImportJobSchema): the failure's key with its text in the request's language. */
export function importJobAnswer(job: JobRecord, locale: Locale): ImportJob {
  return {
    id: job.id,
    source: job.source,
    fileName: job.fileName,
    status: job.status,
    overwrite: job.overwrite,
    total: job.total,
    processed: job.processed,
    invalidRows: job.invalidRows,
    groups: job.groups,
    counts: job.counts,
    error: job.errorKey ? { key: job.errorKey, message: translate(locale, job.errorKey) } : null,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  };
}

/** A job of the reader's whose worker is gone is asked for again (after the answer: the poll does not wait). */
export function resumeIfStalled(req: Request, ctx: RequestContext, job: JobRecord): void {
  if (job.stalled) afterResponse(ctx, () => startImportWorker(req, job.id));
}
