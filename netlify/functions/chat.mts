import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { addMessage, createConversation, findConversation } from '../../db/queries/chat/conversations.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { CHAT_CONVERSATION_HEADER, CHAT_SOURCE_HEADER } from '../../src/domain/chat/limits.ts';
import { ChatRequestSchema } from '../../src/domain/schemas/chat.ts';
import { streamChatAnswer } from './_shared/chat-answer.ts';
import { configuredChatModel } from './_shared/chat-model.ts';
import { getEnv } from './_shared/env.ts';
import { afterResponse, handle, parseJson } from './_shared/http.ts';
import { enforceUserRateLimit } from './_shared/rate-limit.ts';
import { requireRole } from './_shared/session.ts';

/**
 * POST /api/chat {message, conversationId?} (issue 15 points 1-4): golden readers only (401 signed
 * out, 403 below GOLDEN_USER), CHAT_MESSAGES_PER_HOUR per reader (429). The answer streams as the
 * markdown text it is (`text/plain`), in the request's language; its conversation's id and who
 * answers (model or recommender) come in headers. Errors before the answer are the usual envelope.
 */
export default handle({
  POST: async (req, ctx) => {
    const user = await requireRole(req, 'GOLDEN_USER');
    const input = await parseJson(req, ChatRequestSchema);
    await enforceUserRateLimit('chatMessage', user.id);
    const db = await getDb();
    const conversation = input.conversationId ? await findConversation(db, user.id, input.conversationId) : await createConversation(db, user.id);
    if (!conversation) throw new ApiError('NOT_FOUND', 'api.error.chatConversationNotFound');
    await addMessage(db, user.id, conversation.id, { role: 'user', content: input.message });
    const env = getEnv();
    const answer = streamChatAnswer(
      {
        db,
        userId: user.id,
        locale: ctx.locale,
        message: input.message,
        history: conversation.history,
        knownBooks: conversation.books,
        model: configuredChatModel(env),
        timeoutMs: env.AI_TIMEOUT_MS,
      },
      (finished) => addMessage(db, user.id, conversation.id, { role: 'assistant', content: finished.text, source: finished.source, books: finished.books, stopped: finished.stopped }),
    );
    afterResponse(ctx, () => answer.done);
    return new Response(answer.stream, {
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'private, no-store',
        'content-language': ctx.locale,
        'x-accel-buffering': 'no',
        [CHAT_CONVERSATION_HEADER]: conversation.id,
        [CHAT_SOURCE_HEADER]: answer.source,
      },
    });
  },
});

export const config: Config = { path: '/api/chat' };
