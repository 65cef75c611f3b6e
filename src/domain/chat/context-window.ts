/**
 * What of a conversation is sent to the model (issue 15 point 4: a conversation's context is
 * bounded): the newest messages only, at most CONTEXT_MESSAGES of them and CONTEXT_CHARACTERS in
 * all, starting with one of the reader's, so that a long conversation costs no more than a short one.
 */
export const CONTEXT_MESSAGES = 12;
export const CONTEXT_CHARACTERS = 8_000;

export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * The newest messages that fit, oldest first.
 * @example boundHistory(messages, { messages: 2, characters: 100 }) // the last question and answer
 */
export function boundHistory<T extends HistoryMessage>(history: readonly T[], limits = { messages: CONTEXT_MESSAGES, characters: CONTEXT_CHARACTERS }): T[] {
  const kept: T[] = [];
  let characters = 0;
  for (let i = history.length - 1; i >= 0 && kept.length < limits.messages; i--) {
    const message = history[i]!;
    if (characters + message.content.length > limits.characters) break;
    characters += message.content.length;
    kept.unshift(message);
  }
  while (kept.length && kept[0]!.role !== 'user') kept.shift();
  return kept;
}
