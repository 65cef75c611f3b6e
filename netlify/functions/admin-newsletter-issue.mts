import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { findIssue, updateDraft } from '../../db/queries/newsletter/issues.ts';
import { NewsletterIssueInputSchema, NewsletterIssueParamsSchema } from '../../src/domain/schemas/newsletter.ts';
import { handle, ok, parseJson, parseParams } from './_shared/http.ts';
import { issueAnswer, issueOr404, notDraft, resumeIfStalled } from './_shared/newsletter-send.ts';
import { requireRole } from './_shared/session.ts';

/**
 * GET, PUT /api/admin/newsletter/issues/{id} (issue 29 point 23), super users only (401, 403): one
 * issue with its send progress (the admin screen polls it while sending; a send whose worker is gone
 * is resumed), and PUT `{language, subject, body}` changes a draft (409 once sending started).
 */
export default handle({
  GET: async (req, ctx) => {
    await requireRole(req, 'SUPER_USER');
    const { id } = parseParams(ctx.params, NewsletterIssueParamsSchema);
    const issue = issueOr404(await findIssue(await getDb(), id));
    resumeIfStalled(req, ctx, issue);
    return ok(issueAnswer(issue), { headers: { 'cache-control': 'private, no-store' } });
  },
  PUT: async (req, ctx) => {
    await requireRole(req, 'SUPER_USER');
    const { id } = parseParams(ctx.params, NewsletterIssueParamsSchema);
    const input = await parseJson(req, NewsletterIssueInputSchema);
    const updated = issueOr404(await updateDraft(await getDb(), id, input));
    if (updated === 'notDraft') throw notDraft();
    return ok(issueAnswer(updated));
  },
});

export const config: Config = { path: '/api/admin/newsletter/issues/:id' };
