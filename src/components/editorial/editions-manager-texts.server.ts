/**
 * The editions manager's texts in a page's language (islands never import the dictionaries:
 * src/islands/README.md). Build-time only: a book edit page passes them as props, and
 * /{locale}/editions-manager-texts.json serves them to the pop-up.
 */
import type { Locale } from '../../domain/enums.ts';
import { pickTexts } from '../../islands/account/texts.ts';
import { EDITIONS_MANAGER_TEXT_KEYS, type EditionsManagerTexts } from '../../islands/editorial/texts.ts';
import { t } from '../../lib/i18n.ts';

export function editionsManagerTexts(locale: Locale): EditionsManagerTexts {
  return pickTexts(EDITIONS_MANAGER_TEXT_KEYS, (key) => t(locale, key));
}
