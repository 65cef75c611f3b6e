import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { notePopularityWrite } from './_shared/catalogue-index.ts';
import { isSignedWorkerRequest, runImportJob } from './_shared/import-jobs.ts';

const BodySchema = z.object({ jobId: z.uuid() });

/**
 * The import's background worker (issue 16 point 1; ADR 0026): a Netlify background function, so the
 * caller gets 202 at once and the work may take up to 15 minutes; the local server runs it the same
 * way (scripts/function-server.ts). Called only by our own functions with a signed job id; it runs
 * whatever phase the job waits in (matching or applying) if no other worker holds it. Nobody reads
 * its answer: refusals are logged.
 */
export default async (req: Request): Promise<void> => {
  if (req.method !== 'POST') return;
  const body = BodySchema.safeParse(await req.json().catch(() => null));
  if (!body.success || !isSignedWorkerRequest(req, body.data.jobId)) {
    console.warn('Import worker: refused an unsigned or malformed request');
    return;
  }
  await runImportJob(body.data.jobId);
  await notePopularityWrite(); // the imported ratings order and count the lists (ADR 0032)
};

export const config: Config = { background: true };
