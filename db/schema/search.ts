import { bigint, check, integer, pgTable, pgView, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { books } from './catalogue.ts';

/**
 * A book's award wins for the typeahead's tie-break (issue 5), kept current by triggers on
 * book_awards (migration 0003). Books without wins may have no row (read as 0). Its rating counters
 * moved to book_rating_stripes (migration 0017); read both through the `book_stats` view.
 */
export const bookPopularity = pgTable('book_popularity', {
  bookId: integer('book_id')
    .primaryKey()
    .references(() => books.id, { onDelete: 'cascade' }),
  awardWins: integer('award_wins').notNull().default(0),
});

/** Stripes of the counters: a writer adds to the stripe of its database connection (see bookRatingStripes). */
export const COUNTER_STRIPES = 16;

/**
 * A book's ratings as counters (issue 12): count and sum, so the pop-up and the rating answers read a
 * book's average without averaging 10,000 ratings per request. Split into COUNTER_STRIPES rows per
 * book (stripe = the writing connection's backend pid modulo 16, migration 0017): one counter row per
 * book made every rating of a popular book wait for the previous writer's commit (20 writers on one
 * book queued behind each other's WAL flush). Kept by statement triggers on ratings; never write it by
 * hand; read the totals through the `book_stats` view.
 */
export const bookRatingStripes = pgTable(
  'book_rating_stripes',
  {
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    stripe: smallint('stripe').notNull(),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.stripe] })],
);

/**
 * Every book's award wins, rating count and rating sum (0 where there are none), the stripes summed:
 * what the searches, lists, pop-up and recommender read (a view, migration 0017).
 */
export const bookStats = pgView('book_stats', {
  bookId: integer('book_id').notNull(),
  awardWins: integer('award_wins').notNull(),
  ratingCount: integer('rating_count').notNull(),
  ratingSum: integer('rating_sum').notNull(),
}).existing();

/**
 * Every book's title in each page language and its place in that language's alphabet (issue 10):
 * the list pages sort by `title_rank` (an integer) instead of comparing ICU collations across the
 * whole catalogue per request (~16 ms of a ~20 ms page). Kept by statement triggers on books and
 * editions (migrations 0005 and 0010: the touched books' titles by the title rule
 * `localized_book_title()`, a language's ranks when one of its titles changed); never write it by hand. Equal titles share a rank, so `title_rank, id` orders as `title COLLATE, id` did.
 */
export const bookTitles = pgTable(
  'book_titles',
  {
    locale: text('locale').notNull(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    titleRank: integer('title_rank').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locale, t.bookId] })],
);

/**
 * One row that says when the catalogue last changed (issue 10: the in-memory search index of each
 * function instance, netlify/functions/_shared/catalogue-index.ts). Statement triggers (migration
 * 0015) add one to `catalogue` on every write to the tables the searches and lists read (books,
 * editions, authors, series, genres, awards and their links). The counter commits with the write, so
 * an instance that reads it and then the catalogue in one snapshot never keeps an older copy under a
 * newer number. Never write it by hand.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: smallint('id').primaryKey().default(1),
    catalogue: bigint('catalogue', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalogue_version_one_row', sql`${t.id} = 1`)],
);

/**
 * How often ratings and author reviews changed (issue 10): statement triggers on book_rating_stripes
 * and author_reviews add one to the stripe of the writing connection (as bookRatingStripes; one row
 * for all writers serialized every rating on the site, migration 0017). The sum of the stripes is the
 * catalogue version's `popularity` number: it grows with every committed change.
 */
export const popularityChanges = pgTable('popularity_changes', {
  stripe: smallint('stripe').primaryKey(),
  changes: bigint('changes', { mode: 'number' }).notNull().default(0),
});
