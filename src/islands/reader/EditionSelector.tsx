/**
 * The reader-facing edition selector (spec §2 "Edition selector (reader-facing)", §8; issue 12
 * point 3): a compact dropdown or a full list of radio buttons. Renders nothing with fewer than two
 * editions unless `showSingle` (the pop-up for super users, spec §2/§6). Can add each edition's
 * format (binding, with the price an editor set: 'Taschenbuch · 12,00 €', in the page's locale) and
 * language (marked original, else with its translator) to its label (spec §3 formats and languages;
 * issue 29 point 25, src/domain/edition-format.ts); shows the loading and error texts.
 * Which edition is chosen at first is chooseEdition() (the caller passes its result as `selectedId`).
 */
import { useId } from 'react';
import { editionLanguageName } from '../../domain/catalogue-view.ts';
import { editionFormatText, editionLanguageText } from '../../domain/edition-format.ts';
import { formatLabelKey } from '../../domain/edition-labels.ts';
import { isLocale } from '../../domain/accept-language.ts';
import type { Edition } from '../../domain/schemas/edition.ts';
import type { EditionTexts } from './texts.ts';

export interface EditionSelectorProps {
  locale: string;
  editions: readonly Edition[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  texts: EditionTexts;
  variant?: 'compact' | 'list';
  /** 'loading' and 'error' show their texts instead of the choices. */
  status?: 'ready' | 'loading' | 'error';
  /** Show even a single edition (spec: the pop-up does for super users). */
  showSingle?: boolean;
  /** Add the format (binding) and its price to each choice. */
  showFormats?: boolean;
  /** Add the language (original, or its translator) to each choice. */
  showLanguages?: boolean;
}

/** The details of an edition beside its title: 'German · Translator: Jakob Schmidt · Paperback · €12.00 · 1967'. */
function details(edition: Edition, props: EditionSelectorProps): string[] {
  const { locale, texts, showFormats = false, showLanguages = false } = props;
  const parts: string[] = [];
  if (showLanguages) {
    const language = (isLocale(locale) ? editionLanguageName(locale, edition.languageCode, edition.languageName) : edition.languageName) ?? texts['book.editions.unknownLanguage'];
    parts.push(editionLanguageText(language, edition, { original: texts['book.editions.originalLanguage'], translator: texts['book.editions.translator'] }));
  }
  if (showFormats) parts.push(editionFormatText(texts[formatLabelKey(edition)], edition, locale));
  if (edition.publicationYear !== null) parts.push(String(edition.publicationYear));
  return parts;
}

export default function EditionSelector(props: EditionSelectorProps) {
  const { editions, selectedId, onSelect, texts, variant = 'compact', status = 'ready', showSingle = false } = props;
  const id = useId();
  if (status === 'loading') {
    return (
      <p className="reader-editions reader-editions--status" role="status">
        {texts['reader.editions.loading']}
      </p>
    );
  }
  if (status === 'error') {
    return (
      <p className="reader-editions reader-editions--status" role="alert">
        {texts['reader.editions.loadFailed']}
      </p>
    );
  }
  // Spec §8: the selector renders nothing with fewer than two editions.
  if (editions.length === 0 || (editions.length < 2 && !showSingle)) return null;

  if (variant === 'compact') {
    return (
      <div className="reader-editions reader-editions--compact">
        <label htmlFor={id} className="reader-editions__label">
          {texts['reader.editions.label']}
        </label>
        <select id={id} className="field__input" value={selectedId ?? ''} onChange={(event) => onSelect(Number(event.target.value))}>
          {editions.map((edition) => (
            <option key={edition.id} value={edition.id}>
              {[edition.title, ...details(edition, props)].join(' · ')}
            </option>
          ))}
        </select>
      </div>
    );
  }

  return (
    <fieldset className="reader-editions reader-editions--list">
      <legend className="reader-editions__label">{texts['reader.editions.label']}</legend>
      <ul className="reader-editions__options" role="list">
        {editions.map((edition) => (
          <li key={edition.id}>
            <label className="reader-editions__option">
              <input type="radio" name={id} value={edition.id} checked={edition.id === selectedId} onChange={() => onSelect(edition.id)} />
              <span className="reader-editions__title">{edition.title}</span>
              <span className="reader-editions__details">{details(edition, props).join(' · ')}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
