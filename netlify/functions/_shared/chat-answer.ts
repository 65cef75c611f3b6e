/**
 * One answer of the assistant (issue 15 points 1-4), streamed as plain text (the answer's markdown):
 * - with a model: the AI SDK's tool loop (`streamText` with our tools, at most MAX_STEPS steps),
 *   every piece passed through the link guard, so a book the tools did not return in this
 *   conversation, or one the reader already has, is never shown linked;
 * - without one, or when it fails or takes longer than the time limit: the catalogue's own
 *   recommender, labelled as such (after a note when a model failed);
 * - the reader may stop it (the client ends the request): what was written so far is kept.
 * When it ends, `onDone` gets the answer to store.
 */
import { isStepCount, streamText, type LanguageModel, type ModelMessage } from 'ai';
import type { Database } from '../../../db/client.ts';
import { readerBookSlugs, type StoredTurn } from '../../../db/queries/chat/conversations.ts';
import { recommendBooks } from '../../../db/queries/recommend.ts';
import { bookPath, bookSlugOf, createLinkGuard } from '../../../src/domain/chat/book-links.ts';
import { boundHistory } from '../../../src/domain/chat/context-window.ts';
import { recommenderAnswer } from '../../../src/domain/chat/recommender-answer.ts';
import { UNMET_HINT_KEYS } from '../../../src/domain/recommend/explanation.ts';
import { chatSystemPrompt, readerMessage } from '../../../src/domain/chat/system-prompt.ts';
import type { Locale } from '../../../src/domain/enums.ts';
import type { ChatSource } from '../../../src/domain/schemas/chat.ts';
import { chatTools } from './chat-tools.ts';
import { translate } from './messages.ts';

/** Tool calls and the answer: a search, a book or two, similar books, then the text. */
export const MAX_STEPS = 6;

export interface ChatTurn {
  db: Database;
  userId: string;
  locale: Locale;
  /** The reader's new message. */
  message: string;
  /** The conversation so far (bounded here before it is sent). */
  history: StoredTurn[];
  /** Slugs the tools returned earlier in this conversation. */
  knownBooks: readonly string[];
  model: LanguageModel | null;
  timeoutMs: number;
}

export interface FinishedAnswer {
  text: string;
  source: ChatSource;
  /** Slugs the tools (or the recommender) returned for this answer. */
  books: string[];
  stopped: boolean;
}

export interface StreamedAnswer {
  /** Who is expected to answer (the model may still hand over to the recommender). */
  source: ChatSource;
  stream: ReadableStream<Uint8Array>;
  /** Settles once the answer is complete (or stopped) and `onDone` has run. */
  done: Promise<void>;
}

/** The messages sent to the model: the bounded history, the reader's words delimited as data. */
export function modelMessages(history: readonly StoredTurn[], message: string): ModelMessage[] {
  return [...boundHistory([...history, { role: 'user', content: message }])].map((turn) =>
    turn.role === 'user' ? { role: 'user', content: readerMessage(turn.content) } : { role: 'assistant', content: turn.content },
  );
}

/** The notes said before the books (a failed model, a hint no book could follow), or null. */
function noteOf(keys: readonly string[], locale: Locale): string | null {
  return keys.length > 0 ? keys.map((key) => translate(locale, key)).join(' ') : null;
}

/** The recommender's answer in markdown, with the note when a model failed or a hint could not be followed. */
async function recommenderMarkdown(turn: ChatTurn, failed: boolean, returned: Set<string>): Promise<string> {
  const answer = await recommendBooks(turn.db, { text: turn.message, locale: turn.locale, userId: turn.userId, limit: 5 });
  for (const book of answer.books) returned.add(book.slug);
  return recommenderAnswer(turn.locale, answer.books, {
    label: translate(turn.locale, 'chat.recommender.label'),
    nothing: translate(turn.locale, 'chat.recommender.nothing'),
    by: translate(turn.locale, 'chat.recommender.by'),
    note: noteOf([...(failed ? ['chat.recommender.modelFailed' as const] : []), ...answer.unmetHints.map((hint) => UNMET_HINT_KEYS[hint])], turn.locale),
  });
}

export function streamChatAnswer(turn: ChatTurn, onDone: (answer: FinishedAnswer) => Promise<void>): StreamedAnswer {
  const stop = new AbortController();
  const encoder = new TextEncoder();
  let resolveDone!: () => void;
  const done = new Promise<void>((resolve) => (resolveDone = resolve));

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      void run(controller).finally(resolveDone);
    },
    cancel() {
      stop.abort();
    },
  });

  async function run(controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> {
    const returned = new Set<string>();
    let text = '';
    let source: ChatSource = turn.model ? 'model' : 'recommender';
    const emit = (piece: string) => {
      if (!piece || stop.signal.aborted) return;
      text += piece;
      controller.enqueue(encoder.encode(piece));
    };
    let failure: unknown;
    try {
      if (turn.model) {
        try {
          await runModel(turn, turn.model, returned, stop.signal, emit);
        } catch (error) {
          if (stop.signal.aborted) throw error;
          console.warn('The chat model failed; the recommender answers:', error instanceof Error ? error.message : error);
          source = 'recommender';
          emit(`${text ? '\n\n' : ''}${await recommenderMarkdown(turn, true, returned)}`);
        }
      } else {
        emit(await recommenderMarkdown(turn, false, returned));
      }
    } catch (error) {
      if (!stop.signal.aborted) failure = error;
    }
    // Stored before the stream ends: when the reader sees the end of the answer, it is saved.
    try {
      await onDone({ text, source, books: [...returned], stopped: stop.signal.aborted });
    } catch (error) {
      console.error('Storing the chat answer failed:', error);
    }
    if (stop.signal.aborted) return;
    try {
      if (failure === undefined) controller.close();
      else {
        console.error('The chat answer failed:', failure);
        controller.error(failure);
      }
    } catch {
      // the reader left meanwhile
    }
  }

  return { source: turn.model ? 'model' : 'recommender', stream, done };
}

/** The tool loop; throws when the model fails, times out or says nothing. */
async function runModel(turn: ChatTurn, model: LanguageModel, returned: Set<string>, stopped: AbortSignal, emit: (piece: string) => void): Promise<void> {
  const own = await readerBookSlugs(turn.db, turn.userId);
  const known = new Set(turn.knownBooks);
  const guard = createLinkGuard((href) => {
    const slug = bookSlugOf(href);
    if (slug === null || own.has(slug) || !(returned.has(slug) || known.has(slug))) return null;
    return bookPath(turn.locale, slug);
  });
  const timeout = AbortSignal.timeout(turn.timeoutMs);
  let said = '';
  const say = (piece: string) => {
    said += piece;
    emit(piece);
  };
  const result = streamText({
    model,
    system: chatSystemPrompt(turn.locale),
    messages: modelMessages(turn.history, turn.message),
    tools: chatTools({ db: turn.db, locale: turn.locale, userId: turn.userId, returned }),
    stopWhen: isStepCount(MAX_STEPS),
    abortSignal: AbortSignal.any([stopped, timeout]),
    maxRetries: 0,
  });
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') say(guard.push(part.text));
    else if (part.type === 'error') throw part.error instanceof Error ? part.error : new Error(String(part.error));
    else if (part.type === 'abort') throw new Error(stopped.aborted ? 'stopped by the reader' : `no answer within ${turn.timeoutMs} ms`);
  }
  say(guard.flush());
  if (stopped.aborted) throw new Error('stopped by the reader');
  if (timeout.aborted) throw new Error(`no answer within ${turn.timeoutMs} ms`);
  if (!said.trim()) throw new Error('the model gave no answer');
}
