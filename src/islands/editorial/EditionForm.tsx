/**
 * The editions manager's form view (spec §2 "Form view", §4, §5 "Edition form"; issue 13 point 2):
 * back-to-list, cancel and submit; the spec's defaults; 'original' only once per book (default
 * 'revised', the option disabled and labelled as existing); choosing a language sets its name; the
 * spec's messages at their fields, checked with the API's own schema before sending (the server's
 * answers land at the same fields). Empty optional values are left out, year and pages sent as integers.
 * The price (issue 29 point 25) takes a decimal point or comma; its currency goes with it (EUR first).
 */
import { useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { EDITION_TYPE_KEYS, BINDING_KEYS, FORMAT_KEYS } from '../../domain/edition-labels.ts';
import {
  checkEditionForm,
  editionValues,
  FORM_CHOICES,
  languageChoices,
  newEditionValues,
  originalTaken,
  withLanguage,
  type EditionFormField,
  type EditionFormValues,
} from '../../domain/editorial/edition-form.ts';
import type { Edition } from '../../domain/schemas/edition.ts';
import { fill } from '../account/texts.ts';
import ImageField from './ImageField.tsx';
import type { EditionsManagerTexts } from './texts.ts';

export interface EditionFormProps {
  mode: 'create' | 'edit';
  /** The edited edition; null in the edit view means none was chosen (spec §8 'Keine Edition zum Bearbeiten ausgewählt'). */
  edition: Edition | null;
  /** The book's editions (the original-only-once rule and the defaults). */
  editions: readonly Edition[];
  texts: EditionsManagerTexts;
  /** The page language (the image upload's messages). */
  locale: string;
  /** maxEditionYear(today). */
  maxYear: number;
  saving: boolean;
  /** Messages per field from the server's refusal. */
  serverErrors: Record<string, string>;
  onSubmit: (payload: Record<string, unknown>) => void;
  onCancel: () => void;
  headingId: string;
  headingRef?: Ref<HTMLHeadingElement>;
  /** Shown above the fields (the 'Fehler: ' alert). */
  alert?: ReactNode;
}

export default function EditionForm(props: EditionFormProps) {
  const { mode, edition, texts, onCancel, headingId, headingRef } = props;
  const back = (
    <button type="button" className="link-button editions-manager__back" onClick={onCancel}>
      <span aria-hidden="true">← </span>
      {texts['editorial.editions.form.back']}
    </button>
  );
  if (mode === 'edit' && !edition) {
    return (
      <div className="editions-manager__form">
        {back}
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="editions-manager__title">
          {texts['editorial.editions.form.editTitle']}
        </h2>
        <p role="alert" className="editions-manager__state">
          {texts['editorial.editions.form.noneSelected']}
        </p>
      </div>
    );
  }
  // Keyed by the edition and its version: another edition, or the stored one after a conflict, starts from its own values.
  return <FormFields key={edition ? `${edition.id}.${(edition as { version?: number }).version ?? ''}` : 'new'} {...props} back={back} />;
}

function FormFields({ mode, edition, editions, texts, locale, maxYear, saving, serverErrors, onSubmit, onCancel, headingId, headingRef, alert, back }: EditionFormProps & { back: ReactNode }) {
  const editingId = edition?.id ?? null;
  const [values, setValues] = useState<EditionFormValues>(() => (edition ? editionValues(edition) : newEditionValues(editions)));
  const [errors, setErrors] = useState<Partial<Record<EditionFormField, string>>>({});
  /** The cover is uploading: saving now would store the old address. */
  const [uploading, setUploading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const set = <K extends EditionFormField>(name: K, value: EditionFormValues[K]) => setValues((current) => ({ ...current, [name]: value }));
  const message = (key: string) => fill(texts[key as keyof EditionsManagerTexts] ?? texts['account.error.unknown'], { max: maxYear });
  const errorOf = (name: EditionFormField) => (errors[name] ? message(errors[name]) : serverErrors[name]);
  const taken = originalTaken(editions, editingId);
  const primaryLocked = edition?.isPrimaryEdition ?? false;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || uploading) return;
    const check = checkEditionForm(values, { maxYear, editions, editingId });
    if (!check.ok) {
      setErrors(check.errors);
      // The keyboard goes to the first refused field (in the form's order).
      const first = [...(formRef.current?.querySelectorAll<HTMLElement>('[data-field]') ?? [])].find((el) => check.errors[el.dataset.field as EditionFormField]);
      queueMicrotask(() => first?.focus());
      return;
    }
    setErrors({});
    onSubmit(check.payload);
  };

  const fieldProps = (name: EditionFormField) => {
    const error = errorOf(name);
    return {
      id: `${id}-${name}`,
      name,
      'data-field': name,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${name}-error` : undefined,
    };
  };
  const label = (name: EditionFormField, text: string, optional = false) => (
    <label className="field__label" htmlFor={`${id}-${name}`}>
      {text}
      {optional && <span className="field__optional"> ({texts['editorial.editions.form.optional']})</span>}
    </label>
  );
  const errorLine = (name: EditionFormField) => {
    const error = errorOf(name);
    return error ? (
      <p id={`${id}-${name}-error`} className="field__error">
        {error}
      </p>
    ) : null;
  };
  const textField = (name: EditionFormField, text: string, options: { optional?: boolean; inputMode?: 'numeric' | 'decimal'; type?: 'text' | 'url'; autoComplete?: string; hint?: string } = {}) => (
    <div className="field">
      {label(name, text, options.optional)}
      <input
        {...fieldProps(name)}
        className="field__input"
        type={options.type ?? 'text'}
        inputMode={options.inputMode}
        autoComplete="off"
        value={values[name] as string}
        onChange={(event) => set(name, event.target.value)}
        {...(options.hint ? { 'aria-describedby': [fieldProps(name)['aria-describedby'], `${id}-${name}-hint`].filter(Boolean).join(' ') } : {})}
      />
      {options.hint && (
        <p id={`${id}-${name}-hint`} className="field__hint">
          {options.hint}
        </p>
      )}
      {errorLine(name)}
    </div>
  );
  // The currency's name in the page's language beside its code ('EUR – Euro'), where the browser knows it.
  const currencyName = (code: string) => {
    try {
      return new Intl.DisplayNames(locale, { type: 'currency' }).of(code) ?? code;
    } catch {
      return code;
    }
  };

  return (
    <form ref={formRef} className="editions-manager__form" noValidate onSubmit={submit} aria-labelledby={headingId}>
      {back}
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="editions-manager__title">
        {mode === 'create' ? texts['editorial.editions.new'] : texts['editorial.editions.form.editTitle']}
      </h2>
      {alert}
      <div className="editions-form__grid">
        <div className="field editions-form__wide">
          {label('title', texts['editorial.editions.form.title'])}
          <input {...fieldProps('title')} className="field__input" type="text" autoComplete="off" required value={values.title} onChange={(event) => set('title', event.target.value)} />
          {errorLine('title')}
        </div>

        <div className="field">
          {label('editionType', texts['editorial.editions.form.editionType'])}
          <select {...fieldProps('editionType')} className="field__input" value={values.editionType} onChange={(event) => set('editionType', event.target.value as EditionFormValues['editionType'])}>
            {FORM_CHOICES.editionType.map((type) => {
              const name = texts[EDITION_TYPE_KEYS[type]];
              const disabled = type === 'original' && taken;
              return (
                <option key={type} value={type} disabled={disabled}>
                  {disabled ? fill(texts['editorial.editions.form.originalTaken'], { type: name }) : name}
                </option>
              );
            })}
          </select>
          {errorLine('editionType')}
        </div>

        <div className="field">
          {label('formatType', texts['editorial.editions.form.formatType'])}
          <select {...fieldProps('formatType')} className="field__input" value={values.formatType} onChange={(event) => set('formatType', event.target.value as EditionFormValues['formatType'])}>
            {FORM_CHOICES.formatType.map((format) => (
              <option key={format} value={format}>
                {texts[FORMAT_KEYS[format]]}
              </option>
            ))}
          </select>
          {errorLine('formatType')}
        </div>

        <div className="field">
          {label('bindingType', texts['editorial.editions.form.bindingType'])}
          <select {...fieldProps('bindingType')} className="field__input" value={values.bindingType} onChange={(event) => set('bindingType', event.target.value as EditionFormValues['bindingType'])}>
            {FORM_CHOICES.bindingType.map((binding) => (
              <option key={binding} value={binding}>
                {texts[BINDING_KEYS[binding]]}
              </option>
            ))}
            <option value="">{texts['editorial.editions.form.bindingUnknown']}</option>
          </select>
          {errorLine('bindingType')}
        </div>

        {textField('price', texts['editorial.editions.form.price'], { optional: true, inputMode: 'decimal', hint: texts['editorial.editions.form.priceHint'] })}

        <div className="field">
          {label('currency', texts['editorial.editions.form.currency'])}
          <select {...fieldProps('currency')} className="field__input" value={values.currency} onChange={(event) => set('currency', event.target.value as EditionFormValues['currency'])}>
            {FORM_CHOICES.currency.map((code) => (
              <option key={code} value={code}>
                {code} – {currencyName(code)}
              </option>
            ))}
          </select>
          {errorLine('currency')}
        </div>

        <div className="field">
          {label('languageCode', texts['editorial.editions.form.languageCode'])}
          <select {...fieldProps('languageCode')} className="field__input" value={values.languageCode} onChange={(event) => setValues((current) => withLanguage(current, event.target.value))}>
            {languageChoices(values.languageCode).map(([code, name]) => (
              <option key={code} value={code} lang={code}>
                {name} ({code})
              </option>
            ))}
          </select>
          {errorLine('languageCode')}
        </div>

        {textField('languageName', texts['editorial.editions.form.languageName'])}
        {textField('translator', texts['editorial.editions.form.translator'], { optional: true })}
        {textField('publisher', texts['editorial.editions.form.publisher'], { optional: true })}
        {textField('publicationYear', texts['editorial.editions.form.publicationYear'], { optional: true, inputMode: 'numeric' })}
        {textField('pages', texts['editorial.editions.form.pages'], { optional: true, inputMode: 'numeric' })}
        {textField('isbn', texts['editorial.editions.form.isbn'], { optional: true })}
        {textField('asin', texts['editorial.editions.form.asin'], { optional: true })}
        <div className="editions-form__wide">
          <ImageField
            id={`${id}-coverImage`}
            name="coverImage"
            kind="cover"
            label={texts['editorial.editions.form.coverImage']}
            optional={texts['editorial.editions.form.optional']}
            value={values.coverImage}
            onChange={(value) => set('coverImage', value)}
            error={errorOf('coverImage')}
            locale={locale}
            texts={texts}
            onBusyChange={setUploading}
          />
        </div>

        <div className="field editions-form__wide">
          {label('description', texts['editorial.editions.form.description'], true)}
          <textarea {...fieldProps('description')} className="field__input field__input--area" rows={4} value={values.description} onChange={(event) => set('description', event.target.value)} />
          {errorLine('description')}
        </div>

        <div className="editions-form__checks editions-form__wide">
          <div className="editions-form__check">
            <input
              {...fieldProps('isPrimaryEdition')}
              type="checkbox"
              checked={values.isPrimaryEdition}
              disabled={primaryLocked}
              aria-describedby={primaryLocked ? `${id}-primary-hint` : fieldProps('isPrimaryEdition')['aria-describedby']}
              onChange={(event) => set('isPrimaryEdition', event.target.checked)}
            />
            {label('isPrimaryEdition', texts['editorial.editions.form.isPrimaryEdition'])}
            {primaryLocked && (
              <p id={`${id}-primary-hint`} className="field__hint">
                {texts['editorial.editions.form.primaryHint']}
              </p>
            )}
            {errorLine('isPrimaryEdition')}
          </div>
          <div className="editions-form__check">
            <input {...fieldProps('isOriginalLanguage')} type="checkbox" checked={values.isOriginalLanguage} onChange={(event) => set('isOriginalLanguage', event.target.checked)} />
            {label('isOriginalLanguage', texts['editorial.editions.form.isOriginalLanguage'])}
            {errorLine('isOriginalLanguage')}
          </div>
        </div>
      </div>

      <div className="editions-manager__toolbar">
        <button type="submit" className="button button--primary" disabled={saving || uploading}>
          {saving ? texts['editorial.editions.form.saving'] : texts[mode === 'create' ? 'editorial.editions.form.create' : 'editorial.editions.form.save']}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {texts['editorial.editions.form.cancel']}
        </button>
      </div>
    </form>
  );
}
