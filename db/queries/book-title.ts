/**
 * A book's title in a page language as one SQL expression, for queries that sort or page by it (the
 * list pages and /api/books). It is the rule of localizedTitle() in src/domain/catalogue-view.ts,
 * which the detail pages apply to the catalogue snapshot, so a card and its book page show the same
 * title; tests/integration/lists.test.ts checks the two agree for every book.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Locale } from '../../src/domain/enums.ts';

/** 'de-AT', 'DE' and 'de_AT' all mean German (as baseLanguage() in catalogue-view.ts). */
const baseLanguage = (code: SQLWrapper) => sql`lower(split_part(replace(btrim(${code}), '_', '-'), '-', 1))`;

export interface TitleColumns {
  id: SQLWrapper;
  originalTitle: SQLWrapper;
  originalLanguage: SQLWrapper;
}

/**
 * The title of a translated edition (not in the original language) in the page language, primary
 * edition first, then the lowest id; else the original title. A translation whose title equals the
 * original title counts as none, and a book written in the page language keeps its original title.
 * @example sql`SELECT ${localizedTitleSql({ id: sql`b.id`, originalTitle: sql`b.original_title`, originalLanguage: sql`b.original_language` }, 'de')} FROM books b`
 */
export function localizedTitleSql(book: TitleColumns, locale: Locale): SQL<string> {
  return sql<string>`coalesce(nullif((
      SELECT btrim(e.title) FROM editions e
      WHERE e.book_id = ${book.id} AND NOT e.is_original_language
        AND ${baseLanguage(sql`e.language_code`)} = ${locale}::text AND btrim(e.title) <> ''
        AND ${baseLanguage(sql`coalesce(${book.originalLanguage}, '')`)} <> ${locale}::text
      ORDER BY e.is_primary_edition DESC, e.id
      LIMIT 1
    ), btrim(${book.originalTitle})), ${book.originalTitle})`;
}
