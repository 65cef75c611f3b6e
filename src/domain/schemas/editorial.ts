/**
 * The admin editing contract (issue 13 points 1 and 8; spec §3 entities, §5 slugs and limits, §9
 * year bounds): what `POST /api/books`, `PATCH /api/books/{id}` and the same for authors, series and
 * genres accept, what they answer, and the history of an entity. The edit forms validate with these
 * same schemas (STYLE rule 3). Every string goes through `text()` (no control characters) and is
 * stored as sent: nothing is trimmed or rewritten, so a form shows exactly what was saved.
 *
 * The year bounds depend on the current year (spec §9: 1800 to this year plus five); domain code
 * never reads the clock, so the schemas are built for a year (`bookSchemas(2026)`), once per year.
 */
import { z } from 'zod';
import { imageUrlSchema } from './images.ts';
import { GENDERS, GENRE_CATEGORIES, HISTORY_ACTIONS, HISTORY_ENTITY_TYPES, SERIES_KINDS, SERIES_STATUSES } from '../enums.ts';
import { slugify } from '../slug.ts';
import { RebuildStatusSchema } from './rebuild.ts';
import { text } from './text.ts';
import { VersionSchema } from '../editorial/versions.ts';

/** Spec §9: publication years from 1800 to the current year plus 5. */
export const YEAR_MIN = 1800;
export const YEAR_AHEAD = 5;
/** People's years (born, died) reach far before 1800; a smallint column holds them. */
export const PERSON_YEAR_MIN = -3000;
export const TITLE_MAX_LENGTH = 500;
export const NAME_MAX_LENGTH = 200;
export const SLUG_MAX_LENGTH = 200;
export const SHORT_TEXT_MAX_LENGTH = 200;
export const LONG_TEXT_MAX_LENGTH = 10_000;
export const PAGES_MAX = 100_000;
/** book_series.position is numeric(6,2). */
export const SERIES_POSITION_MAX = 9_999.99;
export const MAX_RELATIONS = 50;

/** Not blank: at least one character that is not white space (the text itself is stored untrimmed). */
const notBlank = (s: string) => /\S/u.test(s);

/** A required single-line name or title: untrimmed, not blank, capped. */
const requiredLine = (required: string, tooLong: string, max: number) => text(required).min(1, required).max(max, tooLong).refine(notBlank, required);

/** An optional single-line text; null clears it. */
const optionalLine = (key: string, max = SHORT_TEXT_MAX_LENGTH) => text(key).max(max, key).nullable().optional();

/**
 * A text in some of en, de, it (markdown for descriptions, plain for names); an empty text or null
 * means none in that language. A PATCH changes only the languages it names (issue 27 point 4): a
 * language left out keeps its stored text, null or '' clears it.
 */
const localized = (key: string, options: { multiline: boolean; max: number }) =>
  z.strictObject(
    {
      en: text(key, { multiline: options.multiline }).max(options.max, key).nullable().optional(),
      de: text(key, { multiline: options.multiline }).max(options.max, key).nullable().optional(),
      it: text(key, { multiline: options.multiline }).max(options.max, key).nullable().optional(),
    },
    'validation.editorial.localized',
  );
export const LocalizedDescriptionSchema = localized('validation.editorial.description', { multiline: true, max: LONG_TEXT_MAX_LENGTH });
export type LocalizedDescription = z.infer<typeof LocalizedDescriptionSchema>;

/** An image address (spec §3 coverImage URL): one rule for every image field, src/domain/schemas/images.ts. */
const ImageUrlSchema = imageUrlSchema('validation.editorial.imageUrl').nullable().optional();

/**
 * A slug typed by an editor: any text the spec's slug rule (src/domain/slug.ts) turns into a
 * non-empty slug; the server stores `slugify(value)`, made unique with a number.
 */
const SlugInputSchema = text('validation.editorial.slug')
  .max(SLUG_MAX_LENGTH, 'validation.editorial.slug')
  .refine((s) => slugify(s) !== '', 'validation.editorial.slug')
  .optional();

const IdSchema = z.number('validation.id').int('validation.id').positive('validation.id').max(2_147_483_647, 'validation.id');

/** A list of ids without repeats. */
const idList = (key: string, min = 0) =>
  z
    .array(IdSchema, key)
    .min(min, key)
    .max(MAX_RELATIONS, key)
    .refine((ids) => new Set(ids).size === ids.length, 'validation.editorial.duplicate');

const yearSchema = (min: number, max: number, key: string) => z.number(key).int(key).min(min, key).max(max, key);

/** ISO date (YYYY-MM-DD) that exists on the calendar. */
const isCalendarDate = (s: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === s;
};

const LanguageCodeSchema = text('validation.editorial.languageCode').regex(/^[a-z]{2,3}$/, 'validation.editorial.languageCode');

// ---------------------------------------------------------------------------------------------
// Books

/** A book's place in a series (spec §3 allSeries: series with position; 1.5 for a novella between volumes). */
export const BookSeriesEntrySchema = z.strictObject({
  seriesId: IdSchema,
  position: z.number('validation.editorial.seriesPosition').min(0, 'validation.editorial.seriesPosition').max(SERIES_POSITION_MAX, 'validation.editorial.seriesPosition').multipleOf(0.01, 'validation.editorial.seriesPosition').nullable().optional(),
});

/** A book's award entry (spec §3 book-award link: award, isWinner, category, year; a custom category is allowed). */
const bookAwardEntry = (maxYear: number) =>
  z
    .strictObject({
      awardId: IdSchema,
      categoryId: IdSchema.nullable().optional(),
      customCategory: text('validation.editorial.awardCategory').max(SHORT_TEXT_MAX_LENGTH, 'validation.editorial.awardCategory').refine(notBlank, 'validation.editorial.awardCategory').nullable().optional(),
      year: yearSchema(YEAR_MIN, maxYear, 'validation.editorial.awardYear'),
      isWinner: z.boolean('validation.editorial.isWinner').default(false),
    })
    .refine((a) => a.categoryId != null || a.customCategory != null, { message: 'validation.editorial.awardCategory', path: ['categoryId'] });

function bookShape(currentYear: number) {
  const maxYear = currentYear + YEAR_AHEAD;
  return {
    title: requiredLine('validation.editorial.title.required', 'validation.editorial.title.tooLong', TITLE_MAX_LENGTH),
    slug: SlugInputSchema,
    /** The authors in order (the first is shown on cards and in the pop-up). */
    authorIds: idList('validation.editorial.authorIds', 1),
    genreIds: idList('validation.editorial.genreIds').optional(),
    series: z
      .array(BookSeriesEntrySchema, 'validation.editorial.series')
      .max(MAX_RELATIONS, 'validation.editorial.series')
      .refine((list) => new Set(list.map((s) => s.seriesId)).size === list.length, 'validation.editorial.duplicate')
      .optional(),
    awards: z.array(bookAwardEntry(maxYear), 'validation.editorial.awards').max(MAX_RELATIONS, 'validation.editorial.awards').optional(),
    publicationYear: yearSchema(YEAR_MIN, maxYear, 'validation.editorial.publicationYear').nullable().optional(),
    publicationDate: text('validation.editorial.publicationDate').refine(isCalendarDate, 'validation.editorial.publicationDate').nullable().optional(),
    publisher: optionalLine('validation.editorial.publisher'),
    pages: z.number('validation.editorial.pages').int('validation.editorial.pages').min(1, 'validation.editorial.pages').max(PAGES_MAX, 'validation.editorial.pages').nullable().optional(),
    originalLanguage: LanguageCodeSchema.nullable().optional(),
    description: LocalizedDescriptionSchema.optional(),
    coverImage: ImageUrlSchema,
  };
}

/** A publication date inside the year bounds, and the same year as publicationYear when both are given. */
function checkBookDates(book: { publicationYear?: number | null; publicationDate?: string | null }, ctx: z.RefinementCtx, currentYear: number): void {
  if (!book.publicationDate) return;
  const year = Number(book.publicationDate.slice(0, 4));
  if (year < YEAR_MIN || year > currentYear + YEAR_AHEAD) ctx.addIssue({ code: 'custom', message: 'validation.editorial.publicationYear', path: ['publicationDate'] });
  else if (book.publicationYear != null && book.publicationYear !== year) ctx.addIssue({ code: 'custom', message: 'validation.editorial.dateYear', path: ['publicationDate'] });
}

// ---------------------------------------------------------------------------------------------
// Authors, series, genres

function authorShape(currentYear: number) {
  return {
    name: requiredLine('validation.editorial.name.required', 'validation.editorial.name.tooLong', NAME_MAX_LENGTH),
    slug: SlugInputSchema,
    /** How lists sort the author ('Le Guin, Ursula K.'); derived from the name when left out. */
    sortName: text('validation.editorial.sortName').max(NAME_MAX_LENGTH, 'validation.editorial.sortName').refine(notBlank, 'validation.editorial.sortName').optional(),
    bio: LocalizedDescriptionSchema.optional(),
    gender: z.enum(GENDERS, 'validation.editorial.gender').optional(),
    birthYear: yearSchema(PERSON_YEAR_MIN, currentYear, 'validation.editorial.personYear').nullable().optional(),
    deathYear: yearSchema(PERSON_YEAR_MIN, currentYear, 'validation.editorial.personYear').nullable().optional(),
    nativeLanguage: LanguageCodeSchema.nullable().optional(),
    /** ISO 3166-1 alpha-2, as the seed data has it ('GB'). */
    nationality: text('validation.editorial.country').regex(/^[A-Z]{2}$/, 'validation.editorial.country').nullable().optional(),
    profileImageUrl: ImageUrlSchema,
  };
}

function checkLifeYears(author: { birthYear?: number | null; deathYear?: number | null }, ctx: z.RefinementCtx): void {
  if (author.birthYear != null && author.deathYear != null && author.deathYear < author.birthYear) {
    ctx.addIssue({ code: 'custom', message: 'validation.editorial.lifeYears', path: ['deathYear'] });
  }
}

const seriesShape = {
  name: requiredLine('validation.editorial.name.required', 'validation.editorial.name.tooLong', NAME_MAX_LENGTH),
  slug: SlugInputSchema,
  kind: z.enum(SERIES_KINDS, 'validation.editorial.seriesKind').optional(),
  /** Completed or ongoing (spec §3); null when not known. */
  status: z.enum(SERIES_STATUSES, 'validation.editorial.seriesStatus').nullable().optional(),
  description: LocalizedDescriptionSchema.optional(),
  imageUrl: ImageUrlSchema,
};

const genreShape = {
  /** The canonical (English) name, used in /genres?genre={name}; unique regardless of case. */
  name: requiredLine('validation.editorial.name.required', 'validation.editorial.name.tooLong', NAME_MAX_LENGTH),
  slug: SlugInputSchema,
  names: localized('validation.editorial.genreName', { multiline: false, max: NAME_MAX_LENGTH }).optional(),
  /** Science Fiction, Fantasy, Horror, Crossover or default, each with its own colour (spec §3). */
  category: z.enum(GENRE_CATEGORIES, 'validation.editorial.genreCategory').optional(),
  description: LocalizedDescriptionSchema.optional(),
  imageUrl: ImageUrlSchema,
};

/** Every field optional: a PATCH changes what it names and leaves the rest. */
function partialShape<S extends Record<string, z.ZodType>>(shape: S): { [K in keyof S]: z.ZodOptional<S[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([name, schema]) => [name, schema.optional()])) as { [K in keyof S]: z.ZodOptional<S[K]> };
}

/** An update must change something (the version it is based on is no change). */
export const notEmpty = (value: object) => Object.keys(value).some((key) => key !== 'version');

/**
 * The fields of an update with the version it is based on (issue 27 point 4; the `If-Match` header
 * says the same): a stale version is refused with 409 and the current record.
 */
const updateShape = <S extends Record<string, z.ZodType>>(shape: S) => ({ ...partialShape(shape), version: VersionSchema.optional() });

function buildSchemas(currentYear: number) {
  const book = bookShape(currentYear);
  const author = authorShape(currentYear);
  return {
    createBook: z.strictObject(book).superRefine((b, ctx) => checkBookDates(b, ctx, currentYear)),
    updateBook: z
      .strictObject(updateShape(book))
      .superRefine((b, ctx) => checkBookDates(b, ctx, currentYear))
      .refine(notEmpty, 'validation.editorial.nothingToChange'),
    createAuthor: z.strictObject(author).superRefine(checkLifeYears),
    updateAuthor: z.strictObject(updateShape(author)).superRefine(checkLifeYears).refine(notEmpty, 'validation.editorial.nothingToChange'),
    createSeries: z.strictObject(seriesShape),
    updateSeries: z.strictObject(updateShape(seriesShape)).refine(notEmpty, 'validation.editorial.nothingToChange'),
    createGenre: z.strictObject(genreShape),
    updateGenre: z.strictObject(updateShape(genreShape)).refine(notEmpty, 'validation.editorial.nothingToChange'),
  };
}
export type EditorialSchemas = ReturnType<typeof buildSchemas>;

const byYear = new Map<number, EditorialSchemas>();

/**
 * The request schemas for a current year (spec §9 bounds move with it); built once per year.
 * @example editorialSchemas(2026).createBook.parse({ title: 'Dune', authorIds: [7] })
 */
export function editorialSchemas(currentYear: number): EditorialSchemas {
  let schemas = byYear.get(currentYear);
  if (!schemas) {
    schemas = buildSchemas(currentYear);
    byYear.set(currentYear, schemas);
  }
  return schemas;
}

export type CreateBook = z.infer<EditorialSchemas['createBook']>;
export type UpdateBook = z.infer<EditorialSchemas['updateBook']>;
export type CreateAuthor = z.infer<EditorialSchemas['createAuthor']>;
export type UpdateAuthor = z.infer<EditorialSchemas['updateAuthor']>;
export type CreateSeries = z.infer<EditorialSchemas['createSeries']>;
export type UpdateSeries = z.infer<EditorialSchemas['updateSeries']>;
export type CreateGenre = z.infer<EditorialSchemas['createGenre']>;
export type UpdateGenre = z.infer<EditorialSchemas['updateGenre']>;

// ---------------------------------------------------------------------------------------------
// Answers

/** The kinds of things edited here, as they appear in history and in URLs (`/api/admin/history?entity=`). */
export const EDITED_ENTITIES = ['book', 'author', 'series', 'genre'] as const;
export type EditedEntity = (typeof EDITED_ENTITIES)[number];

const LocalizedAnswer = z.object({ en: z.string().optional(), de: z.string().optional(), it: z.string().optional() });

/** A book as the edit form loads it and as history records it: the create fields, filled. */
export const BookRecordSchema = z.object({
  id: z.number().int(),
  /** Moves with every write (issue 27 point 4); the GET's ETag is `"v<version>"`. */
  version: z.number().int(),
  slug: z.string(),
  slugPinned: z.boolean(),
  title: z.string(),
  authorIds: z.array(z.number().int()),
  genreIds: z.array(z.number().int()),
  series: z.array(z.object({ seriesId: z.number().int(), position: z.number().nullable() })),
  awards: z.array(z.object({ awardId: z.number().int(), categoryId: z.number().int().nullable(), customCategory: z.string().nullable(), year: z.number().int(), isWinner: z.boolean() })),
  publicationYear: z.number().int().nullable(),
  publicationDate: z.string().nullable(),
  publisher: z.string().nullable(),
  pages: z.number().int().nullable(),
  originalLanguage: z.string().nullable(),
  description: LocalizedAnswer,
  coverImage: z.string().nullable(),
});
export type BookRecord = z.infer<typeof BookRecordSchema>;

export const AuthorRecordSchema = z.object({
  id: z.number().int(),
  /** Moves with every write (issue 27 point 4); the GET's ETag is `"v<version>"`. */
  version: z.number().int(),
  slug: z.string(),
  slugPinned: z.boolean(),
  name: z.string(),
  sortName: z.string(),
  bio: LocalizedAnswer,
  gender: z.enum(GENDERS),
  birthYear: z.number().int().nullable(),
  deathYear: z.number().int().nullable(),
  nativeLanguage: z.string().nullable(),
  nationality: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type AuthorRecord = z.infer<typeof AuthorRecordSchema>;

export const SeriesRecordSchema = z.object({
  id: z.number().int(),
  /** Moves with every write (issue 27 point 4); the GET's ETag is `"v<version>"`. */
  version: z.number().int(),
  slug: z.string(),
  slugPinned: z.boolean(),
  name: z.string(),
  kind: z.enum(SERIES_KINDS),
  status: z.enum(SERIES_STATUSES).nullable(),
  description: LocalizedAnswer,
  imageUrl: z.string().nullable(),
});
export type SeriesRecord = z.infer<typeof SeriesRecordSchema>;

export const GenreRecordSchema = z.object({
  id: z.number().int(),
  /** Moves with every write (issue 27 point 4); the GET's ETag is `"v<version>"`. */
  version: z.number().int(),
  slug: z.string(),
  name: z.string(),
  names: LocalizedAnswer,
  category: z.enum(GENRE_CATEGORIES),
  description: LocalizedAnswer,
  imageUrl: z.string().nullable(),
});
export type GenreRecord = z.infer<typeof GenreRecordSchema>;

/** What a create or update answers: the id, the (possibly new) slug, the new version, and the rebuild it asked for. */
export const SavedSchema = z.object({ id: z.number().int(), slug: z.string(), version: z.number().int(), rebuild: RebuildStatusSchema });
export type Saved = z.infer<typeof SavedSchema>;

/** A thing that blocks a delete (409): a book that still names the author, series or genre. */
export const BlockingBookSchema = z.object({ id: z.number().int(), slug: z.string(), title: z.string() });
export type BlockingBook = z.infer<typeof BlockingBookSchema>;

// ---------------------------------------------------------------------------------------------
// History (issue 13 point 8)

export const HISTORY_PAGE_SIZE = 20;

/** GET /api/admin/history?entity=book&id=42&page=1 */
export const HistoryQuerySchema = z.strictObject({
  entity: z.enum(HISTORY_ENTITY_TYPES, 'validation.editorial.historyEntity'),
  id: text('validation.editorial.historyId').min(1, 'validation.editorial.historyId').max(64, 'validation.editorial.historyId').regex(/^[0-9a-f-]+$/, 'validation.editorial.historyId'),
  page: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(100_000, 'validation.page').default(1),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

export const HistoryEntrySchema = z.object({
  id: z.number().int(),
  /** What the record is about: the entity itself, or (on a book's page) one of its editions or an award's finalists (issue 29 point 17). */
  entity: z.enum(HISTORY_ENTITY_TYPES),
  entityId: z.string(),
  action: z.enum(HISTORY_ACTIONS),
  /** ISO 8601. */
  at: z.string(),
  /** Who did it: the id is null once the account is gone; the e-mail is kept. */
  actor: z.object({ id: z.string().nullable(), email: z.string() }),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** Names of the things a page's records name by id (by id as text), in the page's language (issue 29 point 17). */
const NamesById = z.record(z.string(), z.string());
export const HistoryNamesSchema = z.object({ authors: NamesById, genres: NamesById, series: NamesById, awards: NamesById, categories: NamesById });
export type HistoryNames = z.infer<typeof HistoryNamesSchema>;

export const HistoryPageSchema = z.object({ items: z.array(HistoryEntrySchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), names: HistoryNamesSchema });
export type HistoryPage = z.infer<typeof HistoryPageSchema>;
