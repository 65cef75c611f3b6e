/**
 * A description or bio in en, de and it (spec §3, §5): one text area per language with a live
 * preview beside it, rendered by the same safe renderer as the static pages (`renderDescription`:
 * the spec's URL-scheme rules, raw HTML shown as text, a leading 'Einleitung' heading dropped), so
 * what the editor sees is what the page will show.
 */
import { useDeferredValue } from 'react';
import type { LocalizedValues } from '../../domain/editorial/entity-form.ts';
import { LOCALES, type Locale } from '../../domain/enums.ts';
import { renderDescription } from '../../domain/markdown.ts';
import { tx, type EditorTexts } from './editor-texts.ts';

export interface LocalizedMarkdownFieldProps {
  /** Field name ('description', 'bio'): ids are `${name}-${locale}`. */
  name: string;
  label: string;
  value: LocalizedValues;
  onChange: (next: LocalizedValues) => void;
  /** Messages per language. */
  errors: Partial<Record<Locale, string>>;
  languageNames: Readonly<Record<Locale, string>>;
  texts: EditorTexts;
}

function Preview({ markdown, label, texts, lang }: { markdown: string; label: string; texts: EditorTexts; lang: Locale }) {
  const deferred = useDeferredValue(markdown);
  const html = deferred.trim() ? renderDescription(deferred) : '';
  return (
    <section className="markdown-field__preview" aria-label={label}>
      <p className="markdown-field__preview-label" aria-hidden="true">
        {label}
      </p>
      {html.trim() ? <div className="prose" lang={lang} dangerouslySetInnerHTML={{ __html: html }} /> : <p className="markdown-field__empty">{tx(texts, 'admin.markdown.previewEmpty')}</p>}
    </section>
  );
}

export default function LocalizedMarkdownField({ name, label, value, onChange, errors, languageNames, texts }: LocalizedMarkdownFieldProps) {
  const hintId = `${name}-hint`;
  return (
    <fieldset className="markdown-field">
      <legend className="field__label">{label}</legend>
      <p id={hintId} className="field__hint">
        {tx(texts, 'admin.markdown.hint')}
      </p>
      {LOCALES.map((locale) => {
        const id = `${name}-${locale}`;
        const error = errors[locale];
        return (
          <div key={locale} className="markdown-field__language">
            <div className="field">
              <label className="field__label" htmlFor={id}>
                {`${label} (${languageNames[locale]})`}
              </label>
              <textarea
                id={id}
                className="field__input field__input--area markdown-field__input"
                lang={locale}
                rows={8}
                value={value[locale]}
                aria-invalid={error ? true : undefined}
                aria-describedby={[error ? `${id}-error` : '', hintId].filter(Boolean).join(' ')}
                onChange={(event) => onChange({ ...value, [locale]: event.target.value })}
              />
              {error && (
                <div id={`${id}-error`} className="field__error">
                  {error}
                </div>
              )}
            </div>
            <Preview markdown={value[locale]} label={tx(texts, 'admin.markdown.preview', { language: languageNames[locale] })} texts={texts} lang={locale} />
          </div>
        );
      })}
    </fieldset>
  );
}
