import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { deleteConversations, listConversations } from '../../db/queries/chat/conversations.ts';
import { handle, ok } from './_shared/http.ts';
import { requireUser } from './_shared/session.ts';

/**
 * GET /api/chat/conversations: the reader's conversations with the assistant, newest first;
 * DELETE: deletes all of them (issue 15 point 1). Any signed-in reader may read and delete their own,
 * also after losing golden access.
 */
export default handle({
  GET: async (req) => {
    const user = await requireUser(req);
    return ok(await listConversations(await getDb(), user.id), { headers: { 'cache-control': 'private, no-store' } });
  },
  DELETE: async (req) => {
    const user = await requireUser(req);
    return ok({ deleted: await deleteConversations(await getDb(), user.id) });
  },
});

export const config: Config = { path: '/api/chat/conversations' };
