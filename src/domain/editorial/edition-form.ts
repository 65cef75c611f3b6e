/**
 * The editions manager's form (spec §5 "Edition form"; issue 13 point 2), pure: its values as the
 * inputs hold them (text), its defaults, and the payload it sends. The payload is checked with the
 * API's own schema (editionInputSchema) and the edition rules, so the form and the server refuse the
 * same things with the same message keys.
 */
import { BINDING_TYPES, CURRENCIES, DEFAULT_CURRENCY, EDITION_TYPES, FORMAT_TYPES, LANGUAGE_CHOICES, type BindingType, type Currency, type EditionType, type FormatType } from '../enums.ts';
import { editionInputSchema, EDITION_MESSAGE_KEYS, type Edition, type EditionInput } from '../schemas/edition.ts';
import { defaultEditionType, hasOriginalEdition, languageNameOf, type EditionFacts } from './edition-rules.ts';

/** The form's values as its inputs hold them; `bindingType` '' is "not known" (spec §3 'unknown'). */
export interface EditionFormValues {
  title: string;
  description: string;
  coverImage: string;
  publicationYear: string;
  pages: string;
  isbn: string;
  asin: string;
  publisher: string;
  isPrimaryEdition: boolean;
  editionType: EditionType;
  formatType: FormatType;
  bindingType: BindingType | '';
  languageCode: string;
  languageName: string;
  translator: string;
  isOriginalLanguage: boolean;
  /** As typed: '12,50' or '12.50'; '' is no price (issue 29 point 25). */
  price: string;
  /** The price's currency; sent only with a price. */
  currency: Currency;
}

export type EditionFormField = keyof EditionFormValues;

/** Spec §5 and §9 defaults of a new edition. */
export const DEFAULT_LANGUAGE = LANGUAGE_CHOICES[0];
export const DEFAULT_BINDING: BindingType = 'paperback';
export const DEFAULT_FORMAT: FormatType = 'physical';

/**
 * A new edition's values (spec §5): not primary, 'original' unless the book has one ('revised'
 * then), physical, paperback, German (Deutsch), in the original language.
 * @example newEditionValues([]).editionType // 'original'
 */
export function newEditionValues(editions: readonly EditionFacts[]): EditionFormValues {
  return {
    title: '',
    description: '',
    coverImage: '',
    publicationYear: '',
    pages: '',
    isbn: '',
    asin: '',
    publisher: '',
    isPrimaryEdition: false,
    editionType: defaultEditionType(editions),
    formatType: DEFAULT_FORMAT,
    bindingType: DEFAULT_BINDING,
    languageCode: DEFAULT_LANGUAGE[0],
    languageName: DEFAULT_LANGUAGE[1],
    translator: '',
    isOriginalLanguage: true,
    price: '',
    currency: DEFAULT_CURRENCY,
  };
}

/** An existing edition's values, for editing it. */
export function editionValues(edition: Edition): EditionFormValues {
  const textOf = (value: string | number | null) => (value === null ? '' : String(value));
  return {
    title: edition.title,
    description: textOf(edition.description),
    coverImage: textOf(edition.coverImage),
    publicationYear: textOf(edition.publicationYear),
    pages: textOf(edition.pages),
    isbn: textOf(edition.isbn),
    asin: textOf(edition.asin),
    publisher: textOf(edition.publisher),
    isPrimaryEdition: edition.isPrimaryEdition,
    editionType: edition.editionType,
    formatType: edition.formatType,
    bindingType: edition.bindingType ?? '',
    languageCode: edition.languageCode,
    languageName: edition.languageName,
    translator: textOf(edition.translator),
    isOriginalLanguage: edition.isOriginalLanguage,
    // Cents always shown ('12.50'), as the editor will see the price on the site.
    price: edition.price === null ? '' : edition.price.toFixed(2),
    currency: edition.currency ?? DEFAULT_CURRENCY,
  };
}

/**
 * The values after choosing a language: its code, and its name when it is one of the spec's 12
 * (spec §4 "Choosing a language in the form sets the language name automatically").
 * @example withLanguage(newEditionValues([]), 'it').languageName // 'Italiano'
 */
export function withLanguage(values: EditionFormValues, code: string): EditionFormValues {
  return { ...values, languageCode: code, languageName: languageNameOf(code) ?? values.languageName };
}

/** The language choices of the form: the spec's 12, plus an edited edition's own code if it is another (kept, not replaced). */
export function languageChoices(currentCode: string): readonly (readonly [string, string])[] {
  const known = LANGUAGE_CHOICES.some(([code]) => code === currentCode);
  return known || currentCode.trim() === '' ? LANGUAGE_CHOICES : [...LANGUAGE_CHOICES, [currentCode, currentCode] as const];
}

/** Whether the form offers 'original' (spec §4: disabled and labelled as existing once another edition is the original). */
export function originalTaken(editions: readonly EditionFacts[], editingId: number | null): boolean {
  return hasOriginalEdition(editions, editingId);
}

/** A number typed into a field: an integer stays one, anything else is passed on for the schema to refuse. */
function numberOf(value: string): number | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return Number(trimmed);
}

/**
 * A price typed into the form: a decimal point or, as German and Italian write it, a decimal comma
 * ('12,50'); '' is no price. Anything else (thousands separators, a currency sign) is passed on as
 * NaN for the schema to refuse with the price's message.
 * @example priceOf('12,5') // 12.5
 */
export function priceOf(value: string): number | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/**
 * The request body (spec §5): empty optional values left out, year and pages as numbers.
 * @example editionPayload({ ...newEditionValues([]), title: 'Dune', publicationYear: '1965' }) // { title: 'Dune', publicationYear: 1965, ... }
 */
export function editionPayload(values: EditionFormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  const put = (name: EditionFormField, value: unknown) => {
    if (value === undefined || value === '') return;
    payload[name] = value;
  };
  put('title', values.title.trim());
  put('description', values.description.trim());
  put('coverImage', values.coverImage.trim());
  put('publicationYear', numberOf(values.publicationYear));
  put('pages', numberOf(values.pages));
  put('isbn', values.isbn.trim());
  put('asin', values.asin.trim());
  put('publisher', values.publisher.trim());
  payload.isPrimaryEdition = values.isPrimaryEdition;
  put('editionType', values.editionType);
  put('formatType', values.formatType);
  put('bindingType', values.bindingType);
  put('languageCode', values.languageCode.trim());
  put('languageName', values.languageName.trim());
  put('translator', values.translator.trim());
  payload.isOriginalLanguage = values.isOriginalLanguage;
  // Issue 29 point 25: the currency goes only with a price (the API refuses one alone).
  const price = priceOf(values.price);
  if (price !== undefined) {
    payload.price = price;
    payload.currency = values.currency;
  }
  return payload;
}

/** A refused form: the message key of each field (the first problem of each). */
export type EditionFormErrors = Partial<Record<EditionFormField, string>>;

export type EditionFormCheck = { ok: true; payload: Record<string, unknown>; input: EditionInput } | { ok: false; errors: EditionFormErrors };

/**
 * Checks the form as the server will (spec §5 messages, the original-only-once rule) and gives the
 * payload to send, or the message key of each refused field. `maxYear` is maxEditionYear(today).
 */
export function checkEditionForm(values: EditionFormValues, context: { maxYear: number; editions: readonly EditionFacts[]; editingId: number | null }): EditionFormCheck {
  const payload = editionPayload(values);
  const errors: EditionFormErrors = {};
  const result = editionInputSchema(context.maxYear).safeParse(payload);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as EditionFormField | undefined;
      if (field && !errors[field]) errors[field] = issue.message.startsWith('validation.') ? issue.message : EDITION_MESSAGE_KEYS.tooLong;
    }
  }
  // Spec §5: the language name is required; the schema leaves it optional for API clients that send only a code.
  if (values.languageName.trim() === '' && !errors.languageName) errors.languageName = EDITION_MESSAGE_KEYS.languageName;
  if (values.editionType === 'original' && originalTaken(context.editions, context.editingId)) errors.editionType = EDITION_MESSAGE_KEYS.originalExists;
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, payload, input: result.data };
}

/** The enumerations the form's selects offer, in the spec's order. */
export const FORM_CHOICES = { editionType: EDITION_TYPES, formatType: FORMAT_TYPES, bindingType: BINDING_TYPES, currency: CURRENCIES } as const;
