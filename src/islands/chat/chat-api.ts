/**
 * The island's calls (issue 15): `POST /api/chat` read as a stream of text, stoppable with an
 * AbortSignal; deleting the reader's conversations. Errors before the answer are the envelope, whose
 * message the server has already translated.
 */
import { CHAT_CONVERSATION_HEADER } from '../../domain/chat/limits.ts';

export class ChatCallError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

async function errorOf(response: Response, fallback: string): Promise<ChatCallError> {
  try {
    const body = (await response.json()) as { error?: { message?: string } };
    return new ChatCallError(body.error?.message || fallback, response.status);
  } catch {
    return new ChatCallError(fallback, response.status);
  }
}

/** Sends a message; `onText` gets each piece of the answer as it arrives. Resolves with the conversation's id. */
export async function sendChatMessage(
  request: { message: string; conversationId: string | null; locale: string },
  onText: (piece: string) => void,
  signal: AbortSignal,
  failed: string,
): Promise<string | null> {
  const response = await fetch('/api/chat', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'accept-language': request.locale },
    body: JSON.stringify(request.conversationId ? { message: request.message, conversationId: request.conversationId } : { message: request.message }),
    signal,
  });
  if (!response.ok || !response.body) throw await errorOf(response, failed);
  const conversationId = response.headers.get(CHAT_CONVERSATION_HEADER);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    onText(decoder.decode(value, { stream: true }));
  }
  return conversationId;
}

/** Deletes all of the reader's conversations. */
export async function deleteChatConversations(locale: string, failed: string): Promise<void> {
  const response = await fetch('/api/chat/conversations', { method: 'DELETE', credentials: 'same-origin', headers: { 'accept-language': locale } });
  if (!response.ok) throw await errorOf(response, failed);
}
