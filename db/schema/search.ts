import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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
