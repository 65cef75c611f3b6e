/**
 * The chat island's texts (issue 15 point 1): translated at build time by the start page
 * (components/chat/ChatSection.astro) and handed to the island in the page, never the dictionaries.
 */
import type { PluralKey, TranslationKey } from '../../lib/i18n.ts';
import type { PluralForms } from '../cards/format.ts';

export const CHAT_TEXT_KEYS = {
  premiumTitle: 'chat.premiumTitle',
  premiumText: 'chat.premiumText',
  signIn: 'chat.signIn',
  logIn: 'nav.login',
  inputLabel: 'chat.inputLabel',
  placeholder: 'chat.placeholder',
  send: 'chat.send',
  stop: 'chat.stop',
  startOver: 'chat.startOver',
  deleteAll: 'chat.deleteAll',
  deleted: 'chat.deleted',
  you: 'chat.you',
  assistant: 'chat.assistant',
  thinking: 'chat.thinking',
  stopped: 'chat.stopped',
  failed: 'chat.failed',
  close: 'chat.close',
  conversationLabel: 'chat.conversationLabel',
  loading: 'chat.loading',
} as const satisfies Record<string, TranslationKey>;

/** Texts with a number: their plural forms (issue 29 point 9). */
export const CHAT_PLURAL_KEYS = {
  charactersLeft: 'chat.charactersLeft',
} as const satisfies Record<string, PluralKey>;

export type ChatTexts = Record<keyof typeof CHAT_TEXT_KEYS, string> & Record<keyof typeof CHAT_PLURAL_KEYS, PluralForms>;
