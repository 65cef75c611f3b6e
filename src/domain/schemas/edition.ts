import { z } from 'zod';
import { isImageUrl } from './images.ts';
import { IdParamSchema, refSchema } from './refs.ts';
import { text } from './text.ts';
import { VersionSchema } from '../editorial/versions.ts';
import { BINDING_TYPES, CURRENCIES, EDITION_TYPES, FORMAT_TYPES } from '../enums.ts';

/** An edition as the API returns it (spec §3 Edition; GET /api/books/{id}/editions). */
export const EditionSchema = z.object({
  id: z.number().int(),
  bookId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  coverImage: z.string().nullable(),
  publicationYear: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  isbn: z.string().nullable(),
  asin: z.string().nullable(),
  publisher: z.string().nullable(),
  isPrimaryEdition: z.boolean(),
  editionType: z.enum(EDITION_TYPES),
  formatType: z.enum(FORMAT_TYPES),
  bindingType: z.enum(BINDING_TYPES).nullable(),
  languageCode: z.string(),
  languageName: z.string(),
  translator: z.string().nullable(),
  isOriginalLanguage: z.boolean(),
  /** Spec §3 Edition formats (issue 29 point 25): the price an editor set, two decimals; null when not known. */
  price: z.number().nullable(),
  /** ISO 4217; set exactly when `price` is (EUR unless the editor chose another, spec §9). */
  currency: z.enum(CURRENCIES).nullable(),
});
export type Edition = z.infer<typeof EditionSchema>;

/**
 * An edition as the editions manager reads and writes it: with its version (issue 27 point 4), which
 * its PATCH and DELETE name. Public answers (the pop-up, the read API) leave the version out.
 */
export const EditorEditionSchema = EditionSchema.extend({ version: z.number().int() });
export type EditorEdition = z.infer<typeof EditorEditionSchema>;

/** A book reference in a path: its numeric id or its slug. */
export const BookRefSchema = refSchema('validation.bookRef');
export type BookRef = z.infer<typeof BookRefSchema>;

// ---------------------------------------------------------------------------------------------
// Writes (issue 13 point 2; spec §5 "Edition form", §7 POST /api/books/{id}/editions and
// PATCH /api/editions/{id}). One schema for the editions manager's form and for the API.

/** Spec §9: years 1800 to the current year plus 5. */
export const EDITION_YEAR_MIN = 1800;
export const EDITION_YEARS_AHEAD = 5;
/** Spec §9: at least one page; the upper bound keeps the value inside the integer column. */
export const EDITION_PAGES_MIN = 1;
export const EDITION_PAGES_MAX = 100_000;
export const EDITION_TITLE_MAX = 300;
export const EDITION_DESCRIPTION_MAX = 10_000;
export const EDITION_SHORT_TEXT_MAX = 200;
export const EDITION_URL_MAX = 2_000;
/** Issue 29 point 25: a price is 0 to 100,000 with at most two decimals (the numeric(8, 2) column holds it). */
export const EDITION_PRICE_MAX = 100_000;

/**
 * The latest publication year an edition may have: the current year plus 5 (spec §5, §9). The caller
 * passes the date (the domain reads no clock).
 * @example maxEditionYear(new Date('2026-03-01')) // 2031
 */
export const maxEditionYear = (now: Date): number => now.getUTCFullYear() + EDITION_YEARS_AHEAD;

/** Message keys of the edition form (spec §5; de holds the spec's texts). */
export const EDITION_MESSAGE_KEYS = {
  title: 'validation.edition.title',
  year: 'validation.edition.year',
  pages: 'validation.edition.pages',
  pagesMax: 'validation.edition.pagesMax',
  languageCode: 'validation.edition.languageCode',
  languageName: 'validation.edition.languageName',
  coverImage: 'validation.edition.coverImage',
  tooLong: 'validation.edition.tooLong',
  editionType: 'validation.edition.type',
  formatType: 'validation.edition.format',
  bindingType: 'validation.edition.binding',
  flag: 'validation.edition.flag',
  originalExists: 'validation.edition.originalExists',
  price: 'validation.edition.price',
  currency: 'validation.edition.currency',
  currencyWithoutPrice: 'validation.edition.currencyWithoutPrice',
} as const;
const M = EDITION_MESSAGE_KEYS;

/** An optional single-line text: trimmed; blank counts as left out (spec §5: empty values are omitted). */
const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  text(M.tooLong, options)
    .trim()
    .max(max, M.tooLong)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** A language code: two or three letters, optionally with a region or script ('de', 'pt-BR', 'zh-Hant'). */
const LanguageCodeSchema = text(M.languageCode)
  .trim()
  .min(2, M.languageCode)
  .max(35, M.languageCode)
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, M.languageCode);

/** The fields of an edition as the form and the API send them (spec §5); editionInputSchema adds the rules across fields. */
function editionFields(maxYear: number) {
  return z.strictObject({
    title: text(M.title).trim().min(1, M.title).max(EDITION_TITLE_MAX, M.tooLong),
    description: optionalText(EDITION_DESCRIPTION_MAX, { multiline: true }),
    // Spec §5: a URL or empty.
    coverImage: text(M.coverImage)
      .trim()
      .max(EDITION_URL_MAX, M.coverImage)
      .refine((value) => value === '' || isImageUrl(value), M.coverImage)
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
    // One custom check for the type and the range, so that a non-number year (a string, null) gets
    // the range message with its '{max}' too, not a bare key whose placeholder stays literal (issue 29 point 26).
    publicationYear: z
      .custom<number>((year) => typeof year === 'number' && Number.isInteger(year) && year >= EDITION_YEAR_MIN && year <= maxYear, { message: M.year, params: { max: maxYear } })
      .optional(),
    pages: z.number(M.pages).int(M.pages).min(EDITION_PAGES_MIN, M.pages).max(EDITION_PAGES_MAX, M.pagesMax).optional(),
    isbn: optionalText(EDITION_SHORT_TEXT_MAX),
    asin: optionalText(EDITION_SHORT_TEXT_MAX),
    publisher: optionalText(EDITION_SHORT_TEXT_MAX),
    isPrimaryEdition: z.boolean(M.flag).optional(),
    editionType: z.enum(EDITION_TYPES, M.editionType).optional(),
    formatType: z.enum(FORMAT_TYPES, M.formatType).default('physical'),
    /** Left out: not known (the seeded editions have none); the form sends its default, paperback. */
    bindingType: z.enum(BINDING_TYPES, M.bindingType).optional(),
    languageCode: LanguageCodeSchema.default('de'),
    languageName: text(M.languageName).trim().min(1, M.languageName).max(EDITION_SHORT_TEXT_MAX, M.tooLong).optional(),
    translator: optionalText(EDITION_SHORT_TEXT_MAX),
    isOriginalLanguage: z.boolean(M.flag).default(true),
    // Issue 29 point 25 (spec §3 formats, §9): an optional price with its currency. Left out, the
    // currency is EUR (the edition rules fill it in); a currency without a price is refused below.
    price: z
      .number(M.price)
      .min(0, M.price)
      .max(EDITION_PRICE_MAX, M.price)
      .refine(hasCents, M.price)
      .optional(),
    currency: z.enum(CURRENCIES, M.currency).optional(),
  });
}

/**
 * Whether a price has at most two decimals (cents; every currency of CURRENCIES has two minor digits).
 * Tolerates the binary error of a decimal sent as JSON (0.1 + 0.2).
 * @example hasCents(12.5) // true
 */
export function hasCents(price: number): boolean {
  const cents = price * 100;
  return Number.isFinite(cents) && Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** A currency names the unit of a price: alone it says nothing, so it is refused at its field. */
function currencyNeedsPrice(input: { price?: number | undefined; currency?: string | undefined }, ctx: z.RefinementCtx): void {
  if (input.currency !== undefined && input.price === undefined) ctx.addIssue({ code: 'custom', path: ['currency'], message: M.currencyWithoutPrice });
}

/**
 * The fields of an edition as the form and POST send them (spec §5). Empty optional values are left
 * out; `editionType`, `languageName`, `isPrimaryEdition` and a priced edition's `currency` left out are
 * decided by the edition rules (src/domain/editorial/edition-rules.ts: 'revised' once an original
 * exists, the name of the chosen language, primary for a book's first edition, EUR). `maxYear` is
 * maxEditionYear(today).
 * @example editionInputSchema(2031).parse({ title: 'Dune', publicationYear: 1965, price: 12 })
 */
export function editionInputSchema(maxYear: number) {
  return editionFields(maxYear).superRefine(currencyNeedsPrice);
}
export type EditionInput = z.infer<ReturnType<typeof editionInputSchema>>;

/** PATCH /api/editions/{id} with the edition's fields and the version they are based on (or If-Match). */
export const editionPatchSchema = (maxYear: number) =>
  editionFields(maxYear)
    .extend({ version: VersionSchema.optional() })
    .superRefine(currencyNeedsPrice);

/** PATCH /api/editions/{id} with only `{ isPrimaryEdition: true }` (and the version): make it the primary edition (spec §7). */
export const PromoteEditionSchema = z.strictObject({ isPrimaryEdition: z.literal(true), version: VersionSchema.optional() });

/** An edition in a path (`/api/editions/{id}`): a numeric id. */
export const EditionIdParamsSchema = z.object({ id: IdParamSchema });
