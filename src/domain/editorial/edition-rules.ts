/**
 * The rules of a book's editions (spec §3, §4, §5, §8; issue 13 point 2), pure: the editions
 * manager applies them before it sends, the server applies them again inside the transaction that
 * writes (db/queries/editorial/editions.ts), and the database's partial unique indexes stand behind
 * both (db/schema/editions.ts).
 *
 * - 'original' exists at most once per book: once there is one, a new edition defaults to 'revised'
 *   and choosing 'original' again is refused (spec §4).
 * - Exactly one primary edition per book with editions: promoting one demotes the old one in the
 *   same write (spec §4, §7); the primary cannot be deleted (spec §8) nor simply unmarked (it is
 *   replaced by promoting another); a book's first edition becomes its primary.
 * - Choosing one of the spec's 12 languages names it (spec §4 "sets the language name").
 * - A price without a currency is in euros (spec §9 "currency EUR"; issue 29 point 25).
 */
import { ApiError } from '../envelope.ts';
import { DEFAULT_CURRENCY, LANGUAGE_CHOICES, type BindingType, type Currency, type EditionType, type FormatType } from '../enums.ts';
import type { EditionInput } from '../schemas/edition.ts';

/** What the rules need to know of a book's existing editions. */
export interface EditionFacts {
  readonly id: number;
  readonly editionType: EditionType;
  readonly isPrimaryEdition: boolean;
}

/** An edition's stored fields (spec §3), as a write leaves them. */
export interface EditionRecord {
  title: string;
  description: string | null;
  coverImage: string | null;
  publicationYear: number | null;
  pages: number | null;
  isbn: string | null;
  asin: string | null;
  publisher: string | null;
  isPrimaryEdition: boolean;
  editionType: EditionType;
  formatType: FormatType;
  bindingType: BindingType | null;
  languageCode: string;
  languageName: string;
  translator: string | null;
  isOriginalLanguage: boolean;
  price: number | null;
  currency: Currency | null;
}

/** Why a write is refused; each has its message key (editionRuleMessage). */
export type EditionRuleViolation = 'originalExists' | 'primaryKept' | 'primaryDelete' | 'languageName' | 'notFound';

/** A write the rules allow: what to store, and which edition stops being primary first (or null). */
export interface EditionWritePlan {
  ok: true;
  record: EditionRecord;
  demoteId: number | null;
}
export type EditionRuleResult<T> = T | { ok: false; violation: EditionRuleViolation };

/**
 * The name of one of the spec's 12 language choices (spec §3), or null for another code.
 * @example languageNameOf('fr') // 'Français'
 */
export function languageNameOf(code: string): string | null {
  return LANGUAGE_CHOICES.find(([choice]) => choice === code.trim().toLowerCase())?.[1] ?? null;
}

/**
 * True when an edition other than `exceptId` is the book's original (spec §4).
 * @example hasOriginalEdition([{ id: 1, editionType: 'original', isPrimaryEdition: true }], 1) // false
 */
export function hasOriginalEdition(editions: readonly EditionFacts[], exceptId: number | null = null): boolean {
  return editions.some((edition) => edition.id !== exceptId && edition.editionType === 'original');
}

/**
 * The edition type a new (or the edited) edition starts with: 'original', or 'revised' once another
 * edition is the original (spec §4, §5 defaults).
 * @example defaultEditionType([]) // 'original'
 */
export function defaultEditionType(editions: readonly EditionFacts[], exceptId: number | null = null): EditionType {
  return hasOriginalEdition(editions, exceptId) ? 'revised' : 'original';
}

/**
 * Checks a create (`targetId` null) or a full update of edition `targetId` against the book's
 * `editions` (the target included) and returns what to store. Fields left out take the rules'
 * values: the default type, the chosen language's name, primary for a book's first edition and
 * unchanged on an update.
 * @example planEditionWrite([], null, { title: 'Dune', formatType: 'physical', languageCode: 'en', isOriginalLanguage: true })
 */
export function planEditionWrite(editions: readonly EditionFacts[], targetId: number | null, input: EditionInput): EditionRuleResult<EditionWritePlan> {
  const target = targetId === null ? null : editions.find((edition) => edition.id === targetId);
  if (targetId !== null && !target) return { ok: false, violation: 'notFound' };
  const editionType = input.editionType ?? defaultEditionType(editions, targetId);
  if (editionType === 'original' && hasOriginalEdition(editions, targetId)) return { ok: false, violation: 'originalExists' };
  const languageName = input.languageName ?? languageNameOf(input.languageCode);
  if (!languageName) return { ok: false, violation: 'languageName' };

  const currentPrimary = editions.find((edition) => edition.isPrimaryEdition) ?? null;
  const isPrimaryNow = target?.isPrimaryEdition ?? false;
  if (isPrimaryNow && input.isPrimaryEdition === false) return { ok: false, violation: 'primaryKept' };
  // A book with editions always has a primary one: its first edition, until another is promoted.
  const isPrimaryEdition = (targetId === null && currentPrimary === null) || (input.isPrimaryEdition ?? isPrimaryNow);
  const demoteId = isPrimaryEdition && currentPrimary && currentPrimary.id !== targetId ? currentPrimary.id : null;

  return {
    ok: true,
    demoteId,
    record: {
      title: input.title,
      description: input.description ?? null,
      coverImage: input.coverImage ?? null,
      publicationYear: input.publicationYear ?? null,
      pages: input.pages ?? null,
      isbn: input.isbn ?? null,
      asin: input.asin ?? null,
      publisher: input.publisher ?? null,
      isPrimaryEdition,
      editionType,
      formatType: input.formatType,
      bindingType: input.bindingType ?? null,
      languageCode: input.languageCode,
      languageName,
      translator: input.translator ?? null,
      isOriginalLanguage: input.isOriginalLanguage,
      // Issue 29 point 25, spec §9: a price's currency defaults to EUR; no price, no currency.
      price: input.price ?? null,
      currency: input.price === undefined ? null : (input.currency ?? DEFAULT_CURRENCY),
    },
  };
}

/**
 * Promoting edition `targetId` (spec §4, §7 `{ isPrimaryEdition: true }`): the old primary, if another,
 * is demoted in the same write. Promoting the primary changes nothing.
 * @example planPromotion([{ id: 1, editionType: 'original', isPrimaryEdition: true }, { id: 2, editionType: 'revised', isPrimaryEdition: false }], 2) // { ok: true, demoteId: 1 }
 */
export function planPromotion(editions: readonly EditionFacts[], targetId: number): EditionRuleResult<{ ok: true; demoteId: number | null }> {
  if (!editions.some((edition) => edition.id === targetId)) return { ok: false, violation: 'notFound' };
  const currentPrimary = editions.find((edition) => edition.isPrimaryEdition);
  return { ok: true, demoteId: currentPrimary && currentPrimary.id !== targetId ? currentPrimary.id : null };
}

/**
 * Whether an edition may be deleted: every edition but the primary (spec §4, §8).
 * @example canDeleteEdition({ isPrimaryEdition: true }) // false
 */
export function canDeleteEdition(edition: { readonly isPrimaryEdition: boolean }): boolean {
  return !edition.isPrimaryEdition;
}

/** Checks a delete of edition `targetId`. */
export function planDeletion(editions: readonly EditionFacts[], targetId: number): EditionRuleResult<{ ok: true }> {
  const target = editions.find((edition) => edition.id === targetId);
  if (!target) return { ok: false, violation: 'notFound' };
  return canDeleteEdition(target) ? { ok: true } : { ok: false, violation: 'primaryDelete' };
}

/** The HTTP meaning of each violation, its message key, and the form field it belongs to (if any). */
export const EDITION_VIOLATIONS = {
  originalExists: { code: 'CONFLICT', messageKey: 'api.error.editionOriginalExists', field: { path: 'editionType', key: 'validation.edition.originalExists' } },
  primaryKept: { code: 'CONFLICT', messageKey: 'api.error.editionPrimaryKept', field: { path: 'isPrimaryEdition', key: 'api.error.editionPrimaryKept' } },
  primaryDelete: { code: 'CONFLICT', messageKey: 'api.error.editionPrimaryDelete', field: null },
  languageName: { code: 'VALIDATION', messageKey: 'api.error.validation', field: { path: 'languageName', key: 'validation.edition.languageName' } },
  notFound: { code: 'NOT_FOUND', messageKey: 'api.error.editionNotFound', field: null },
} as const satisfies Record<EditionRuleViolation, { code: string; messageKey: string; field: { path: string; key: string } | null }>;

/**
 * The API error of a refused write: 409 for the rules, 400 for a missing language name, 404 for a
 * missing edition or book; the field's message key rides along as a detail for the form.
 * @example editionRuleError('primaryDelete').status // 409
 */
export function editionRuleError(violation: EditionRuleViolation | 'bookNotFound'): ApiError {
  if (violation === 'bookNotFound') return new ApiError('NOT_FOUND', 'api.error.bookNotFound');
  const { code, messageKey, field } = EDITION_VIOLATIONS[violation];
  return new ApiError(code, messageKey, field ? [field] : undefined);
}
