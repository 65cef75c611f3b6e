/**
 * The admin editor's texts in a page's language (src/islands/editorial/editor-texts.ts): every key
 * under its prefixes, translated at build time. Build-time only.
 */
import en from '../../../locales/en.json' with { type: 'json' };
import type { Locale } from '../../domain/enums.ts';
import { EDITOR_TEXT_EXTRA_KEYS, EDITOR_TEXT_PREFIXES, type EditorTexts } from '../../islands/editorial/editor-texts.ts';
import { t, type TranslationKey } from '../../lib/i18n.ts';

/** The keys the editor gets: those under its prefixes and its extra keys. */
export const editorTextKeys = (): TranslationKey[] =>
  (Object.keys(en) as TranslationKey[]).filter((key) => EDITOR_TEXT_PREFIXES.some((prefix) => key.startsWith(prefix)) || (EDITOR_TEXT_EXTRA_KEYS as readonly string[]).includes(key));

export function editorTexts(locale: Locale): EditorTexts {
  return Object.fromEntries(editorTextKeys().map((key) => [key, t(locale, key)]));
}
