import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { sentIssues } from '../../db/queries/newsletter/issues.ts';
import { NewsletterArchiveQuerySchema } from '../../src/domain/schemas/newsletter.ts';
import { handle, ok, parseQuery } from './_shared/http.ts';
import { ARCHIVE_CACHE } from './_shared/newsletter.ts';

/**
 * GET /api/newsletter/issues?language=en|de|it (issue 29 point 23): the public archive, the sent
 * issues of a language, newest first (`{items: [{id, language, subject, sentAt}]}`). No session read.
 */
export default handle({
  GET: async (req) => {
    const { language } = parseQuery(req, NewsletterArchiveQuerySchema);
    const items = (await sentIssues(await getDb(), language)).map((i) => ({ ...i, sentAt: i.sentAt.toISOString() }));
    return ok({ items }, { headers: ARCHIVE_CACHE });
  },
});

export const config: Config = { path: '/api/newsletter/issues' };
