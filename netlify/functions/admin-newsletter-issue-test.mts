import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { findIssue } from '../../db/queries/newsletter/issues.ts';
import { NewsletterIssueParamsSchema } from '../../src/domain/schemas/newsletter.ts';
import { handle, ok, parseParams } from './_shared/http.ts';
import { issueOr404, sendTestMail } from './_shared/newsletter-send.ts';
import { enforceUserRateLimit } from './_shared/rate-limit.ts';
import { requireRole } from './_shared/session.ts';

/**
 * POST /api/admin/newsletter/issues/{id}/test (issue 29 point 23), super users only (401, 403): mails
 * the issue, as subscribers will get it, to the signed-in super user's own address and no one else.
 * Limited per user (USER_LIMITS.newsletterTestMail).
 */
export default handle({
  POST: async (req, ctx) => {
    const user = await requireRole(req, 'SUPER_USER');
    const { id } = parseParams(ctx.params, NewsletterIssueParamsSchema);
    const issue = issueOr404(await findIssue(await getDb(), id));
    await enforceUserRateLimit('newsletterTestMail', user.id);
    await sendTestMail(req, issue, user.email);
    return ok({ status: 'test_sent', to: user.email });
  },
});

export const config: Config = { path: '/api/admin/newsletter/issues/:id/test' };
