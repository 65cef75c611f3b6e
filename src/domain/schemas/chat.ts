/**
 * The chat assistant's contract (issue 15 points 1, 2, 4): `POST /api/chat` and the conversation
 * endpoints. Functions parse requests with these schemas and the island parses answers with them.
 */
import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH } from '../chat/limits.ts';
import { text } from './text.ts';

/** POST /api/chat: the reader's message and, to go on with one, the conversation's id. */
export const ChatRequestSchema = z.strictObject({
  message: text('validation.chat.message', { multiline: true })
    .trim()
    .min(1, 'validation.chat.message')
    .max(CHAT_MESSAGE_MAX_LENGTH, 'validation.chat.messageTooLong'),
  conversationId: z.uuid('validation.chat.conversation').optional(),
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

/** Who wrote an answer: the configured model, or the catalogue's own recommender (no model, or it failed). */
export const CHAT_SOURCES = ['model', 'recommender'] as const;
export type ChatSource = (typeof CHAT_SOURCES)[number];

export const ConversationIdParamsSchema = z.strictObject({ id: z.uuid('validation.chat.conversation') });

export const ChatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  source: z.enum(CHAT_SOURCES).nullable(),
  stopped: z.boolean(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** GET /api/chat/conversations: the reader's conversations, newest first, with their messages. */
export const ConversationSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messages: z.array(ChatMessageSchema),
});
export type Conversation = z.infer<typeof ConversationSchema>;
export const ConversationListSchema = z.array(ConversationSchema);

/** DELETE answers: how many conversations went. */
export const ConversationsDeletedSchema = z.object({ deleted: z.number().int() });
