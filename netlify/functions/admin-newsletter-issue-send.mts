import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { startSending } from '../../db/queries/newsletter/issues.ts';
import { NewsletterIssueParamsSchema } from '../../src/domain/schemas/newsletter.ts';
import { afterResponse, handle, ok, parseParams } from './_shared/http.ts';
import { issueAnswer, issueOr404, notDraft, startSendWorker } from './_shared/newsletter-send.ts';
import { requireRole } from './_shared/session.ts';

/**
 * POST /api/admin/newsletter/issues/{id}/send (issue 29 point 23), super users only (401, 403): sends
 * a draft to the confirmed subscribers of its language through the background queue
 * (newsletter-send-background). 202 with the issue (`sending`, `recipients` counted now); 409 when it
 * is sending or sent already, so a second click starts nothing.
 */
export default handle({
  POST: async (req, ctx) => {
    await requireRole(req, 'SUPER_USER');
    const { id } = parseParams(ctx.params, NewsletterIssueParamsSchema);
    const started = issueOr404(await startSending(await getDb(), id));
    if (started === 'notDraft') throw notDraft();
    afterResponse(ctx, () => startSendWorker(req, started.id));
    return ok(issueAnswer(started), { status: 202 });
  },
});

export const config: Config = { path: '/api/admin/newsletter/issues/:id/send' };
