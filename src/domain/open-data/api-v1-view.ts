/**
 * The read API's records from the shared queries' rows (issue 16 point 4): a list card plus what
 * v1 adds (translations, series, awards, editions, texts), combined by the same rules as the pages
 * (catalogue-view.ts). Pure.
 */
import { bookTranslations, localized, type LocalizedTextInput } from '../catalogue-view.ts';
import type { Locale } from '../enums.ts';
import type { BookV1 } from '../schemas/api-v1.ts';
import type { Edition } from '../schemas/edition.ts';
import type { BookCard } from '../schemas/lists.ts';

/** What v1 shows of a book beyond its list card (db/queries/open-data/api-v1.ts `bookRelations`). */
export interface BookRelations {
  originalLanguage: string | null;
  series: BookV1['series'];
  awards: BookV1['awards'];
  editions: Edition[];
  description: LocalizedTextInput;
}

/**
 * A book of the read API from its list card and relations; the translations come from the editions
 * by the rule of the pages' titles.
 * @example toBookV1(card, relations) // { ...card, originalLanguage: 'en', translations: [{ language: 'de', title: 'Der Wüstenplanet' }], ... }
 */
export function toBookV1(card: BookCard, relations: BookRelations): BookV1 {
  const { description: _description, ...rest } = relations;
  return {
    ...card,
    ...rest,
    translations: bookTranslations({ originalTitle: card.originalTitle, originalLanguage: relations.originalLanguage, editions: relations.editions }),
  };
}

/** A localized text of the read API: the text in `locale`, else English, with which it is; null without any. */
export function localizedTextV1(text: LocalizedTextInput, locale: Locale): { text: string; language: Locale; isFallback: boolean } | null {
  const result = localized(text, locale);
  return result && { text: result.text, language: result.locale, isFallback: result.isFallback };
}
