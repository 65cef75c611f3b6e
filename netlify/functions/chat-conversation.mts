import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { deleteConversations } from '../../db/queries/chat/conversations.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { ConversationIdParamsSchema } from '../../src/domain/schemas/chat.ts';
import { handle, ok, parseParams } from './_shared/http.ts';
import { requireUser } from './_shared/session.ts';

/** DELETE /api/chat/conversations/{id}: deletes one of the reader's conversations (404 when it is not theirs). */
export default handle({
  DELETE: async (req, ctx) => {
    const user = await requireUser(req);
    const { id } = parseParams(ctx.params, ConversationIdParamsSchema);
    const deleted = await deleteConversations(await getDb(), user.id, id);
    if (deleted === 0) throw new ApiError('NOT_FOUND', 'api.error.chatConversationNotFound');
    return ok({ deleted });
  },
});

export const config: Config = { path: '/api/chat/conversations/:id' };
