import { bigint, check, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { books } from './catalogue.ts';

/**
 * Popularity of a book for the typeahead's tie-break (issue 5): award wins and number of ratings,
 * kept current by triggers on book_awards and ratings (migration 0003), so a search reads one row
 * per candidate instead of counting. Books without wins or ratings may have no row (read as 0).
 * `rating_sum` (issue 12, migration 0008) beside `rating_count` gives a book's average from one row:
 * the pop-up and the rating answers read it instead of averaging 10,000 ratings per request.
 */
export const bookPopularity = pgTable('book_popularity', {
  bookId: integer('book_id')
    .primaryKey()
    .references(() => books.id, { onDelete: 'cascade' }),
  awardWins: integer('award_wins').notNull().default(0),
  ratingCount: integer('rating_count').notNull().default(0),
  ratingSum: integer('rating_sum').notNull().default(0),
});

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
 * editions, authors, series, genres, awards and their links) and to `popularity` on every change of
 * book_popularity and author_reviews (ratings). The counters commit with the write, so an instance that
 * reads them and then the catalogue in one snapshot never keeps an older copy under a newer number.
 * Never write it by hand.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: smallint('id').primaryKey().default(1),
    catalogue: bigint('catalogue', { mode: 'number' }).notNull().default(0),
    popularity: bigint('popularity', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalogue_version_one_row', sql`${t.id} = 1`)],
);
