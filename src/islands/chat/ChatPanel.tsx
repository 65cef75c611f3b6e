/**
 * The book assistant (issue 15 point 1; spec §2 start page "AI chatbot"), mounted by chat-entry.ts
 * when a reader opens it. Golden readers chat: the answer streams into a live region, every book link
 * opens the book pop-up (data-book-popup, handled by the pop-up launcher of every page), and the reader
 * can stop an answer, start over and delete their conversations. Signed-in readers below golden see
 * that it is a premium feature; visitors get the pop-up's sign-in prompt. The server checks again.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { parseChatMarkdown, type Inline } from '../../domain/chat/chat-markdown.ts';
import { isGolden } from '../../domain/roles.ts';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../domain/chat/limits.ts';
import SignInPrompt from '../reader/SignInPrompt.tsx';
import { $session } from '../stores/session.ts';
import { ChatCallError, deleteChatConversations, sendChatMessage } from './chat-api.ts';
import type { ChatTexts } from './texts.ts';
import { plural } from '../cards/format.ts';

export interface ChatPanelProps {
  locale: string;
  texts: ChatTexts;
  /** Closes the panel (the page shows its open button again). */
  onClose: () => void;
}

interface Turn {
  role: 'user' | 'assistant';
  text: string;
  stopped?: boolean;
  error?: boolean;
}

function InlineParts({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.kind === 'text' ? (
          <span key={i}>{part.text}</span>
        ) : part.kind === 'strong' ? (
          <strong key={i}>{part.text}</strong>
        ) : (
          <a key={i} href={part.href} data-book-popup="" className="chat__book">
            {part.label}
          </a>
        ),
      )}
    </>
  );
}

/** An answer's markdown as paragraphs, lists and book links (never HTML). */
function Answer({ text }: { text: string }) {
  return (
    <>
      {parseChatMarkdown(text).map((block, i) =>
        block.kind === 'paragraph' ? (
          <p key={i}>
            <InlineParts parts={block.inlines} />
          </p>
        ) : block.ordered ? (
          <ol key={i}>
            {block.items.map((item, j) => (
              <li key={j}>
                <InlineParts parts={item} />
              </li>
            ))}
          </ol>
        ) : (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>
                <InlineParts parts={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

function Chat({ locale, texts }: { locale: string; texts: ChatTexts }) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [draft, setDraft] = useState('');
  const [streaming, setStreaming] = useState(false);
  const [status, setStatus] = useState('');
  const conversation = useRef<string | null>(null);
  const stopper = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => inputRef.current?.focus(), []);
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [turns]);
  useEffect(() => () => stopper.current?.abort(), []);

  const updateLast = (change: (turn: Turn) => Turn) => setTurns((all) => [...all.slice(0, -1), change(all.at(-1)!)]);

  async function send() {
    const message = draft.trim();
    if (!message || streaming) return;
    setDraft('');
    setStatus('');
    setTurns((all) => [...all, { role: 'user', text: message }, { role: 'assistant', text: '' }]);
    setStreaming(true);
    const controller = new AbortController();
    stopper.current = controller;
    try {
      const id = await sendChatMessage(
        { message, conversationId: conversation.current, locale },
        (piece) => updateLast((turn) => ({ ...turn, text: turn.text + piece })),
        controller.signal,
        texts.failed,
      );
      if (id) conversation.current = id;
    } catch (error) {
      if (controller.signal.aborted) updateLast((turn) => ({ ...turn, stopped: true }));
      else updateLast((turn) => ({ ...turn, error: true, text: turn.text || (error instanceof ChatCallError ? error.message : texts.failed) }));
    } finally {
      if (stopper.current === controller) stopper.current = null;
      setStreaming(false);
      inputRef.current?.focus();
    }
  }

  function stop() {
    stopper.current?.abort();
  }

  function startOver() {
    stop();
    conversation.current = null;
    setTurns([]);
    setStatus('');
    inputRef.current?.focus();
  }

  async function deleteAll() {
    startOver();
    try {
      await deleteChatConversations(locale, texts.failed);
      setStatus(texts.deleted);
    } catch (error) {
      setStatus(error instanceof Error ? error.message : texts.failed);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const left = CHAT_MESSAGE_MAX_LENGTH - draft.length;
  return (
    <>
      <div ref={logRef} className="chat__log" role="log" aria-live="polite" aria-busy={streaming} aria-label={texts.conversationLabel} tabIndex={0}>
        {turns.map((turn, i) => (
          <div key={i} className={`chat__turn chat__turn--${turn.role}${turn.error ? ' chat__turn--error' : ''}`}>
            <p className="chat__who">{turn.role === 'user' ? texts.you : texts.assistant}</p>
            {turn.role === 'user' ? (
              <p className="chat__text">{turn.text}</p>
            ) : turn.text ? (
              <div className="chat__text">
                <Answer text={turn.text} />
                {turn.stopped && <p className="chat__stopped">{texts.stopped}</p>}
              </div>
            ) : (
              <p className="chat__text chat__thinking">{turn.stopped ? texts.stopped : texts.thinking}</p>
            )}
          </div>
        ))}
      </div>
      <form className="chat__form" onSubmit={onSubmit}>
        <label htmlFor="chat-input" className="chat__label">
          {texts.inputLabel}
        </label>
        <textarea
          id="chat-input"
          ref={inputRef}
          className="chat__input"
          rows={2}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          placeholder={texts.placeholder}
          value={draft}
          aria-describedby="chat-input-count"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <p id="chat-input-count" className="chat__count">
          {plural(texts.charactersLeft, locale, left)}
        </p>
        <div className="chat__actions">
          {streaming ? (
            <button type="button" className="button button--secondary" onClick={stop}>
              {texts.stop}
            </button>
          ) : (
            <button type="submit" className="button button--primary" disabled={!draft.trim()}>
              {texts.send}
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={startOver} disabled={turns.length === 0 && !streaming}>
            {texts.startOver}
          </button>
          <button type="button" className="button button--secondary" onClick={() => void deleteAll()}>
            {texts.deleteAll}
          </button>
        </div>
        <p className="chat__status" role="status">
          {status}
        </p>
      </form>
    </>
  );
}

export default function ChatPanel({ locale, texts, onClose }: ChatPanelProps) {
  const session = useStore($session);
  return (
    <div className="chat">
      <div className="chat__bar">
        <button type="button" className="button button--secondary chat__close" onClick={onClose}>
          {texts.close}
        </button>
      </div>
      {session === 'loading' ? (
        <p className="chat__loading" role="status">
          {texts.loading}
        </p>
      ) : session === 'signed-out' ? (
        <SignInPrompt locale={locale} message={texts.signIn} linkText={texts.logIn} />
      ) : isGolden(session) ? (
        <Chat locale={locale} texts={texts} />
      ) : (
        <div className="chat__premium" role="status">
          <p className="chat__premium-title">
            <strong>{texts.premiumTitle}</strong>
          </p>
          <p>{texts.premiumText}</p>
        </div>
      )}
    </div>
  );
}
