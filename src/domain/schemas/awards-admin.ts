/**
 * The awards admin contract (issue 13 point 4; spec §3 Award, award category, book-award link):
 * awards with localized names and about texts, their categories (localized), and a year's entries of
 * one category (or a custom category): several books at once, each winner or nominee; ties are
 * several winners, a 'no award' year has none and says so.
 */
import { z } from 'zod';
import { slugify } from '../slug.ts';
import { LocalizedDescriptionSchema, notEmpty, YEAR_AHEAD, YEAR_MIN } from './editorial.ts';
import { SlotVersionSchema, VersionSchema } from '../editorial/versions.ts';
import { IdParamSchema } from './refs.ts';
import { text } from './text.ts';

export const AWARD_NAME_MAX = 200;
export const AWARD_ENTRIES_MAX = 50;

const notBlank = (s: string) => /\S/u.test(s);
const name = text('validation.awards.name').trim().min(1, 'validation.awards.name').max(AWARD_NAME_MAX, 'validation.awards.name');
const localizedNames = z.strictObject(
  {
    en: text('validation.awards.name').max(AWARD_NAME_MAX, 'validation.awards.name').optional(),
    de: text('validation.awards.name').max(AWARD_NAME_MAX, 'validation.awards.name').optional(),
    it: text('validation.awards.name').max(AWARD_NAME_MAX, 'validation.awards.name').optional(),
  },
  'validation.editorial.localized',
);
const slug = text('validation.editorial.slug')
  .max(200, 'validation.editorial.slug')
  .refine((s) => slugify(s) !== '', 'validation.editorial.slug');
const Id = z.number('validation.id').int('validation.id').positive('validation.id').max(2_147_483_647, 'validation.id');

/** POST /api/admin/awards */
export const AwardInputSchema = z.strictObject({ name, slug: slug.optional(), names: localizedNames.default({}), about: LocalizedDescriptionSchema.default({}) });
export type AwardInput = z.infer<typeof AwardInputSchema>;
/**
 * PATCH /api/admin/awards/{id}: any of the fields (the slug stays: award pages keep their address);
 * names and about change only in the languages sent ('' or null clears one). `version` (or If-Match)
 * is the award's version the change is based on (issue 27 point 4); category writes name it too.
 */
export const AwardPatchSchema = z
  .strictObject({ name: name.optional(), names: localizedNames.optional(), about: LocalizedDescriptionSchema.optional(), version: VersionSchema.optional() })
  .refine(notEmpty, 'validation.editorial.nothingToChange');
export type AwardPatch = z.infer<typeof AwardPatchSchema>;

/** A category's names: English is needed (the slug comes from it, and pages fall back to it). */
const categoryNames = localizedNames.refine((n) => n.en !== undefined && notBlank(n.en), { message: 'validation.awards.categoryName', path: ['en'] });

/** POST /api/admin/awards/{id}/categories: the names (English needed: the slug comes from it unless given). */
export const AwardCategoryInputSchema = z.strictObject({ names: categoryNames, slug: slug.optional(), version: VersionSchema.optional() });
export type AwardCategoryInput = z.infer<typeof AwardCategoryInputSchema>;

/**
 * PATCH /api/admin/awards/{id}/categories/{categoryId}: the names in en, de and it, replaced as a
 * whole (an empty language is no name in it). The slug stays: the category's page keeps its address.
 */
export const AwardCategoryPatchSchema = z.strictObject({ names: categoryNames, version: VersionSchema.optional() });
export type AwardCategoryPatch = z.infer<typeof AwardCategoryPatchSchema>;

/** The slot a year's entries fill: one catalogue category or a custom one, and the year. */
const slotFields = (maxYear: number) => ({
  categoryId: Id.nullable().optional(),
  customCategory: text('validation.editorial.awardCategory').trim().max(200, 'validation.editorial.awardCategory').nullable().optional(),
  year: z.coerce.number('validation.editorial.awardYear').int('validation.editorial.awardYear').min(YEAR_MIN, 'validation.editorial.awardYear').max(maxYear, 'validation.editorial.awardYear'),
});
const oneCategory = (v: { categoryId?: number | null; customCategory?: string | null }) => (v.categoryId != null) !== (v.customCategory != null && v.customCategory !== '');

/** GET /api/admin/awards/{id}/entries?year=&categoryId= (or &customCategory=) */
export const awardSlotQuerySchema = (maxYear: number) =>
  z
    .strictObject({ ...slotFields(maxYear), categoryId: z.coerce.number('validation.id').int('validation.id').positive('validation.id').max(2_147_483_647, 'validation.id').optional() })
    .refine(oneCategory, { message: 'validation.editorial.awardCategory', path: ['categoryId'] });

/**
 * PUT /api/admin/awards/{id}/entries: the whole list of a slot, saved at once (the finalists screen).
 * Several winners are a tie; `noAward` marks a year the award was not given (then nobody won).
 */
export const awardEntriesSchema = (maxYear: number) =>
  z
    .strictObject({
      ...slotFields(maxYear),
      noAward: z.boolean('validation.awards.noAward').default(false),
      /** The slot's version the finalists were loaded at (issue 27 point 4); a stale one is a 409. */
      version: SlotVersionSchema.optional(),
      entries: z
        .array(z.strictObject({ bookId: Id, isWinner: z.boolean('validation.editorial.isWinner'), asTitle: text('validation.awards.asTitle').trim().max(500, 'validation.awards.asTitle').nullable().optional() }), 'validation.awards.entries')
        .max(AWARD_ENTRIES_MAX, 'validation.awards.entries')
        .refine((list) => new Set(list.map((e) => e.bookId)).size === list.length, 'validation.editorial.duplicate'),
    })
    .refine(oneCategory, { message: 'validation.editorial.awardCategory', path: ['categoryId'] })
    .refine((v) => !v.noAward || v.entries.every((e) => !e.isWinner), { message: 'validation.awards.noAwardWinner', path: ['noAward'] });
export type AwardEntriesInput = z.infer<ReturnType<typeof awardEntriesSchema>>;
/** One slot: the award's category or a custom one, and the year. */
export interface AwardSlot {
  categoryId?: number | null;
  customCategory?: string | null;
  year: number;
}

export const AwardParamsSchema = z.object({ id: IdParamSchema });
/** `/api/admin/awards/{id}/categories/{categoryId}` */
export const AwardCategoryParamsSchema = z.object({ id: IdParamSchema, categoryId: IdParamSchema });

// Answers.
const Localized = z.record(z.string(), z.string());
export const AdminAwardCategorySchema = z.object({ id: z.number().int(), slug: z.string(), names: Localized, position: z.number().int() });
export const AdminAwardSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  slug: z.string(),
  name: z.string(),
  names: Localized,
  about: Localized,
  categories: z.array(AdminAwardCategorySchema),
  /** The custom categories its entries and 'no award' years already use, A to Z: the finalists screen offers them again (issue 29 point 19). */
  customCategories: z.array(z.string()),
});
export type AdminAward = z.infer<typeof AdminAwardSchema>;
export const AdminAwardsSchema = z.array(AdminAwardSchema);

export const AwardEntrySchema = z.object({ bookId: z.number().int(), slug: z.string(), title: z.string(), isWinner: z.boolean(), asTitle: z.string().nullable() });
export type AwardEntry = z.infer<typeof AwardEntrySchema>;
export const AwardEntriesSchema = z.object({
  awardId: z.number().int(),
  categoryId: z.number().int().nullable(),
  customCategory: z.string().nullable(),
  year: z.number().int(),
  noAward: z.boolean(),
  /** `slotVersionOf` the slot (its ETag). */
  version: z.string(),
  entries: z.array(AwardEntrySchema),
});
export type AwardEntries = z.infer<typeof AwardEntriesSchema>;

/** This year plus the spec's five ahead (the same bound as a book's award entries). */
export const awardMaxYear = (now: Date) => now.getUTCFullYear() + YEAR_AHEAD;
