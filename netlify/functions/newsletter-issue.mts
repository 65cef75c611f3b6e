import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { sentIssue } from '../../db/queries/newsletter/issues.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { renderMarkdown } from '../../src/domain/markdown.ts';
import { NewsletterIssueParamsSchema } from '../../src/domain/schemas/newsletter.ts';
import { handle, ok, parseParams } from './_shared/http.ts';
import { ARCHIVE_CACHE } from './_shared/newsletter.ts';

/**
 * GET /api/newsletter/issues/{id} (issue 29 point 23): one sent issue of the public archive, its
 * markdown rendered by the site's safe renderer (raw HTML as text). Drafts and issues still being
 * sent are a 404, as an unknown id.
 */
export default handle({
  GET: async (_req, ctx) => {
    const { id } = parseParams(ctx.params, NewsletterIssueParamsSchema);
    const issue = await sentIssue(await getDb(), id);
    if (!issue) throw new ApiError('NOT_FOUND', 'api.error.newsletterIssueNotFound');
    return ok({ id: issue.id, language: issue.language, subject: issue.subject, sentAt: issue.sentAt.toISOString(), html: renderMarkdown(issue.body) }, { headers: ARCHIVE_CACHE });
  },
});

export const config: Config = { path: '/api/newsletter/issues/:id' };
