/**
 * The reader islands' texts in a page's language (islands never import the dictionaries:
 * src/islands/README.md). Build-time only.
 */
import type { Locale } from '../../domain/enums.ts';
import { pickTexts, type Texts } from '../../islands/account/texts.ts';
import { POPUP_TEXT_KEYS, READER_PLURAL_KEYS, type PopupTextBundle, type ReaderPlurals } from '../../islands/reader/texts.ts';
import { pluralForms, t, type TranslationKey } from '../../lib/i18n.ts';

/** The texts of `keys` in `locale`. */
export function readerTexts<K extends TranslationKey>(locale: Locale, keys: readonly K[]): Texts<K> {
  return pickTexts(keys, (key) => t(locale, key));
}

export function readerPlurals(locale: Locale): ReaderPlurals {
  return Object.fromEntries(READER_PLURAL_KEYS.map((key) => [key, pluralForms(locale, key)])) as unknown as ReaderPlurals;
}

/** What /{locale}/reader-texts.json holds: the pop-up's texts. */
export function popupTextBundle(locale: Locale): PopupTextBundle {
  return { texts: readerTexts(locale, POPUP_TEXT_KEYS), plurals: readerPlurals(locale) };
}
