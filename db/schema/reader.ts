import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authors, books } from './catalogue.ts';
import { readingStatusEnum } from './enums.ts';
import { users } from './users.ts';

/**
 * Moderation of a review (issue 13 point 5, migration 0010): a super user hides a review with a
 * reason; a hidden review is left out of every public review list and the pop-up (the partial
 * `*_reviews_idx` indexes leave hidden rows out too), the rating itself still counts. The moderator
 * is kept (null once their account is gone); the admin history keeps the rest.
 */
const moderation = () => ({
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  hiddenReason: text('hidden_reason'),
  hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
});

/** One rating (with optional review) per user and book; rating 1..5 (spec §3, §5). */
export const ratings = pgTable(
  'ratings',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    bookId: integer('book_id').notNull().references(() => books.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    review: text('review'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ...moderation(),
  },
  (t) => [
    uniqueIndex('ratings_user_book_key').on(t.userId, t.bookId),
    index('ratings_book_idx').on(t.bookId),
    // Ratings and reviews per day for the analytics rollup and today's live figures (issue 14).
    index('ratings_created_idx').on(t.createdAt),
    // A book's reviews newest first (issue 12: GET reviews, the pop-up's two): only rows with text that no moderator hid.
    index('ratings_book_reviews_idx').on(t.bookId, t.createdAt.desc(), t.id.desc()).where(sql`${t.review} IS NOT NULL AND ${t.hiddenAt} IS NULL`),
    check('ratings_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export const authorReviews = pgTable(
  'author_reviews',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull().references(() => authors.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    review: text('review'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ...moderation(),
  },
  (t) => [
    uniqueIndex('author_reviews_user_author_key').on(t.userId, t.authorId),
    index('author_reviews_author_idx').on(t.authorId),
    index('author_reviews_created_idx').on(t.createdAt),
    index('author_reviews_author_reviews_idx').on(t.authorId, t.createdAt.desc(), t.id.desc()).where(sql`${t.review} IS NOT NULL AND ${t.hiddenAt} IS NULL`),
    check('author_reviews_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/** One reading-list entry per user and book. */
export const readingList = pgTable(
  'reading_list',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    bookId: integer('book_id').notNull().references(() => books.id, { onDelete: 'cascade' }),
    status: readingStatusEnum('status').notNull().default('to_read'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The day the reader last finished the book, where known (issue 29 point 12): the day they set it
     * to read here, or the finished date of an imported file. Null for a book read on an unknown day
     * (a Goodreads row without "Date Read"): the export then leaves "Date Read" empty, never inventing one.
     */
    readOn: date('read_on', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookId] }), index('reading_list_book_idx').on(t.bookId), index('reading_list_created_idx').on(t.createdAt)],
);
