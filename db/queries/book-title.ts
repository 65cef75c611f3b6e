/**
 * A book's title in a page language, for queries that show it (search) or sort by it (lists). The
 * rule lives once, in SQL: `localized_book_title()` (migration 0005), the rule of localizedTitle() in
 * src/domain/catalogue-view.ts, which the detail pages apply to the catalogue snapshot, so a card and
 * its book page show the same title; tests/integration/lists.test.ts checks the two agree for every
 * book. Lists read the same titles, with their alphabet ranks, from `book_titles` (kept by triggers).
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Locale } from '../../src/domain/enums.ts';

export interface TitleColumns {
  id: SQLWrapper;
  originalTitle: SQLWrapper;
  originalLanguage: SQLWrapper;
}

/**
 * The title of one book in `locale`, as an expression.
 * @example sql`SELECT ${localizedTitleSql({ id: sql`b.id`, originalTitle: sql`b.original_title`, originalLanguage: sql`b.original_language` }, 'de')} FROM books b`
 */
export function localizedTitleSql(book: TitleColumns, locale: Locale): SQL<string> {
  return sql<string>`localized_book_title(${book.id}, ${book.originalTitle}, ${book.originalLanguage}, ${locale}::text)`;
}
