import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { isSignedSendRequest, runNewsletterSend } from './_shared/newsletter-send.ts';
import { siteOrigin } from './_shared/site.ts';

const BodySchema = z.object({ issueId: z.uuid() });

/**
 * The newsletter's send queue (issue 29 point 23): a Netlify background function like the import
 * worker (answered 202 at once, up to 15 minutes of work; the local server runs it the same way).
 * Called only by our own functions with a signed issue id; it sends whatever of the issue is left if
 * no other worker holds it. Nobody reads its answer: refusals are logged.
 */
export default async (req: Request): Promise<void> => {
  if (req.method !== 'POST') return;
  const body = BodySchema.safeParse(await req.json().catch(() => null));
  if (!body.success || !isSignedSendRequest(req, body.data.issueId)) {
    console.warn('Newsletter send worker: refused an unsigned or malformed request');
    return;
  }
  await runNewsletterSend(body.data.issueId, { origin: siteOrigin(req) });
};

export const config: Config = { background: true };
