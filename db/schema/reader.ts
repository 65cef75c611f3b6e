import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authors, books } from './catalogue.ts';
import { readingStatusEnum } from './enums.ts';
import { users } from './users.ts';

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
  },
  (t) => [
    uniqueIndex('ratings_user_book_key').on(t.userId, t.bookId),
    index('ratings_book_idx').on(t.bookId),
    // A book's reviews newest first (issue 12: GET reviews, the pop-up's two): only rows with text.
    index('ratings_book_reviews_idx').on(t.bookId, t.createdAt.desc(), t.id.desc()).where(sql`${t.review} IS NOT NULL`),
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
  },
  (t) => [
    uniqueIndex('author_reviews_user_author_key').on(t.userId, t.authorId),
    index('author_reviews_author_idx').on(t.authorId),
    index('author_reviews_author_reviews_idx').on(t.authorId, t.createdAt.desc(), t.id.desc()).where(sql`${t.review} IS NOT NULL`),
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
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookId] }), index('reading_list_book_idx').on(t.bookId)],
);
