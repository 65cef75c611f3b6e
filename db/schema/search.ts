import { integer, pgTable } from 'drizzle-orm/pg-core';
import { books } from './catalogue.ts';

/**
 * Popularity of a book for the typeahead's tie-break (issue 5): award wins and number of ratings,
 * kept current by triggers on book_awards and ratings (migration 0003), so a search reads one row
 * per candidate instead of counting. Books without wins or ratings may have no row (read as 0).
 */
export const bookPopularity = pgTable('book_popularity', {
  bookId: integer('book_id')
    .primaryKey()
    .references(() => books.id, { onDelete: 'cascade' }),
  awardWins: integer('award_wins').notNull().default(0),
  ratingCount: integer('rating_count').notNull().default(0),
});
