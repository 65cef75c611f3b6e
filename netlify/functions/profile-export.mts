import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { exportUserData } from '../../db/queries/accounts.ts';
import { listConversations } from '../../db/queries/chat/conversations.ts';
import { exportImportJobs } from '../../db/queries/open-data/import-jobs.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { handle, ok } from './_shared/http.ts';
import { requireUser } from './_shared/session.ts';

/** GET /api/profile/export: everything stored about the signed-in user, as JSON (GDPR art. 15, 20). */
export default handle({
  GET: async (req) => {
    const user = await requireUser(req);
    const db = await getDb();
    const data = await exportUserData(db, user.id);
    if (!data) throw new ApiError('UNAUTHENTICATED');
    // The conversations with the assistant (issue 15 point 1) and the imported files' rows (issue 16 point 1) are the reader's data too.
    return ok({ ...data, chatConversations: await listConversations(db, user.id), imports: await exportImportJobs(db, user.id) }, { headers: { 'content-disposition': 'attachment; filename="phantastika-export.json"' } });
  },
});

export const config: Config = { path: '/api/profile/export' };
