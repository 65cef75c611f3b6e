/**
 * The chat's numbers and header names, without zod: the island imports these (the schemas in
 * src/domain/schemas/chat.ts use them too), so that opening the assistant does not load zod.
 */

/** Issue 15 point 4: a reader's message is at most 1,000 characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 1_000;

/** Response headers of the streamed answer (its body is the answer's markdown as plain text). */
export const CHAT_CONVERSATION_HEADER = 'x-conversation-id';
export const CHAT_SOURCE_HEADER = 'x-chat-source';
