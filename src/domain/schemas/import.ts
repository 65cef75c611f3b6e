/**
 * The import API's contract (issue 16 point 1): the reader's import jobs, the review step's rows and
 * the two writes of the review (choose a candidate, confirm). Functions parse requests with these
 * schemas and the import tab parses answers with them (STYLE rule 3).
 */
import { z } from 'zod';
import { IMPORT_JOB_STATUSES, IMPORT_SOURCES, MATCH_KINDS, MATCH_VIAS, READING_STATUSES } from '../enums.ts';

export const IMPORT_ROWS_PAGE_SIZE = 50;

export const ImportCountsSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  unmatched: z.number().int(),
  duplicates: z.number().int(),
  reviewsNotImported: z.number().int(),
  customShelves: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type ImportCountsAnswer = z.infer<typeof ImportCountsSchema>;

/** A job as the progress bar and the review step see it. */
export const ImportJobSchema = z.object({
  id: z.uuid(),
  source: z.enum(IMPORT_SOURCES),
  fileName: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  overwrite: z.boolean(),
  total: z.number().int(),
  processed: z.number().int(),
  /** Records of the file that named no book (blank or broken lines): not imported. */
  invalidRows: z.number().int(),
  /** Rows per outcome of the matching (all zero while matching); `resolved`: uncertain rows the reader answered. */
  groups: z.object({ matched: z.number().int(), uncertain: z.number().int(), unmatched: z.number().int(), resolved: z.number().int() }),
  counts: ImportCountsSchema.nullable(),
  /** Message key of a failure, and its text in the request's language. */
  error: z.object({ key: z.string(), message: z.string() }).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const ImportJobListSchema = z.object({ items: z.array(ImportJobSchema) });

const BookRefSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  /** The edition the row names (by ISBN or title), if any: its title, language and ISBN. */
  edition: z.object({ id: z.number().int(), title: z.string(), languageCode: z.string(), isbn: z.string().nullable() }).nullable(),
});
export type ImportBookRef = z.infer<typeof BookRefSchema>;

export const ImportRowSchema = z.object({
  line: z.number().int(),
  title: z.string(),
  author: z.string(),
  isbn: z.string().nullable(),
  status: z.enum(READING_STATUSES).nullable(),
  customShelves: z.array(z.string()),
  rating: z.number().int().nullable(),
  hasReview: z.boolean(),
  reviewTooLong: z.boolean(),
  kind: z.enum(MATCH_KINDS),
  via: z.enum(MATCH_VIAS).nullable(),
  /** The matched (or chosen) book; null when not in the catalogue or not answered yet. */
  book: BookRefSchema.nullable(),
  /** Uncertain rows: up to three books to pick from. */
  candidates: z.array(BookRefSchema.extend({ score: z.number() })),
  resolved: z.boolean(),
});
export type ImportRowView = z.infer<typeof ImportRowSchema>;

export const IMPORT_ROW_GROUPS = MATCH_KINDS;
export const ImportRowsQuerySchema = z.object({
  group: z.enum(MATCH_KINDS, 'validation.importGroup'),
  page: z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(1000, 'validation.page').default(1),
});

export const ImportRowsPageSchema = z.object({
  items: z.array(ImportRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ImportRowsPage = z.infer<typeof ImportRowsPageSchema>;

/** PATCH /api/profile/imports/{id}/rows/{line}: one of the row's candidates, or null for "none of these". */
export const ChooseCandidateSchema = z.strictObject({
  bookId: z.number('validation.id').int('validation.id').positive('validation.id').nullable(),
  /**
   * The reader found the book by searching the catalogue (issue 29 point 3): then any catalogue book,
   * by any author, for an uncertain or a not-found row; otherwise only one of the row's candidates.
   */
  searched: z.boolean('validation.importSearched').optional(),
});

/** POST /api/profile/imports/{id}/confirm: overwrite what the reader already has (default: keep it). */
export const ConfirmImportSchema = z.strictObject({ overwrite: z.boolean('validation.importOverwrite').default(false) });

/** Path parameters: a job id that is no UUID is a 404 like any job that is not the reader's. */
export const ImportJobParamsSchema = z.object({ id: z.uuid() });
export const ImportRowParamsSchema = z.object({ id: z.uuid(), line: z.coerce.number().int().min(2).max(1_000_000) });
