import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { createIssue, listIssues } from '../../db/queries/newsletter/issues.ts';
import { NewsletterIssueInputSchema } from '../../src/domain/schemas/newsletter.ts';
import { handle, ok, parseJson } from './_shared/http.ts';
import { issueAnswer } from './_shared/newsletter-send.ts';
import { requireRole } from './_shared/session.ts';

/**
 * GET, POST /api/admin/newsletter/issues (issue 29 point 23), super users only (401, 403): every
 * issue with its send progress, newest first; POST `{language, subject, body}` writes a draft (201).
 */
export default handle({
  GET: async (req) => {
    await requireRole(req, 'SUPER_USER');
    const items = (await listIssues(await getDb())).map(issueAnswer);
    return ok({ items }, { headers: { 'cache-control': 'private, no-store' } });
  },
  POST: async (req) => {
    const user = await requireRole(req, 'SUPER_USER');
    const input = await parseJson(req, NewsletterIssueInputSchema);
    return ok(issueAnswer(await createIssue(await getDb(), input, user.id)), { status: 201 });
  },
});

export const config: Config = { path: '/api/admin/newsletter/issues' };
