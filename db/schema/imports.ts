import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { IMPORT_JOB_STATUSES, IMPORT_SOURCES, MATCH_KINDS, MATCH_VIAS } from '../../src/domain/enums.ts';
import type { Candidate } from '../../src/domain/open-data/import-match.ts';
import type { ImportCounts } from '../../src/domain/open-data/import-plan.ts';
import { books } from './catalogue.ts';
import { editions } from './editions.ts';
import { readingStatusEnum } from './enums.ts';
import { users } from './users.ts';

export const importSourceEnum = pgEnum('import_source', IMPORT_SOURCES);
export const importJobStatusEnum = pgEnum('import_job_status', IMPORT_JOB_STATUSES);
export const importMatchKindEnum = pgEnum('import_match_kind', MATCH_KINDS);
export const importMatchViaEnum = pgEnum('import_match_via', MATCH_VIAS);

/**
 * A reader's import of a Goodreads or StoryGraph export (issue 16 point 1; ADR 0026). The job's state
 * lives here, so the progress bar survives a reload and any function instance can report it: the
 * background worker (netlify/functions/import-worker-background.mts) moves `processed` forward and
 * holds a lease (`lease_until`) while it works; a job whose lease ran out is picked up again. The
 * counts are written in the same transaction as the reading list and ratings they describe.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    source: importSourceEnum('source').notNull(),
    fileName: text('file_name').notNull(),
    encoding: text('encoding').notNull(),
    status: importJobStatusEnum('status').notNull().default('matching'),
    /** Overwrite what the reader already has (their choice at confirmation). */
    overwrite: boolean('overwrite').notNull().default(false),
    /** Rows of the file, and how many of them the current phase has done. */
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    /** Records of the file that could not be read as a book (no title): reported, not imported. */
    invalidRows: integer('invalid_rows').notNull().default(0),
    counts: jsonb('counts').$type<ImportCounts>(),
    /** Message key of a failure (`import.error.*`). */
    errorKey: text('error_key'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_jobs_user_idx').on(t.userId, t.createdAt.desc()), check('import_jobs_progress', sql`${t.processed} BETWEEN 0 AND ${t.total}`)],
);

/** One row of an imported file: what it says, and what the matcher and the reader made of it. */
export const importRows = pgTable(
  'import_rows',
  {
    jobId: uuid('job_id').notNull().references(() => importJobs.id, { onDelete: 'cascade' }),
    /** Line of the record in the file (the header is line 1). */
    line: integer('line').notNull(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    authorSorted: text('author_sorted'),
    isbn10: text('isbn10'),
    isbn13: text('isbn13'),
    status: readingStatusEnum('status'),
    customShelves: jsonb('custom_shelves').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    rating: smallint('rating'),
    review: text('review'),
    reviewTooLong: boolean('review_too_long').notNull().default(false),
    /** When the reader shelved it and last finished it, as the file says ("Date Added", "Date Read"). */
    addedOn: date('added_on'),
    readOn: date('read_on'),
    kind: importMatchKindEnum('kind'),
    via: importMatchViaEnum('via'),
    bookId: integer('book_id').references(() => books.id, { onDelete: 'set null' }),
    editionId: integer('edition_id').references(() => editions.id, { onDelete: 'set null' }),
    candidates: jsonb('candidates').$type<Candidate[]>().notNull().default(sql`'[]'::jsonb`),
    /** An uncertain row the reader answered: a candidate chosen (book_id) or "none of these". */
    resolved: boolean('resolved').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.line] }), index('import_rows_kind_idx').on(t.jobId, t.kind, t.line), check('import_rows_rating_range', sql`${t.rating} IS NULL OR ${t.rating} BETWEEN 1 AND 5`)],
);
