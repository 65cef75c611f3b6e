import { asc, desc, eq } from 'drizzle-orm';
import type { Edition } from '../../src/domain/schemas/edition.ts';
import type { Database } from '../client.ts';
import { books, editions } from '../schema/index.ts';

/** The largest value of a PostgreSQL `serial`/`integer` id. */
const MAX_SERIAL = 2_147_483_647;

/** The book's id for an id or slug reference, or null when there is no such book. */
export async function findBookId(db: Database, ref: number | string): Promise<number | null> {
  // A well-formed id beyond the integer column matches nothing (a 404), never a database error.
  if (typeof ref === 'number' && ref > MAX_SERIAL) return null;
  const [row] = await db
    .select({ id: books.id })
    .from(books)
    .where(typeof ref === 'number' ? eq(books.id, ref) : eq(books.slug, ref))
    .limit(1);
  return row?.id ?? null;
}

/** All editions of a book, primary first, then by language and year (one indexed query). */
export async function listEditions(db: Database, bookId: number): Promise<Edition[]> {
  const rows = await db
    .select()
    .from(editions)
    .where(eq(editions.bookId, bookId))
    .orderBy(desc(editions.isPrimaryEdition), asc(editions.languageCode), asc(editions.publicationYear), asc(editions.id));
  return rows.map((e) => ({
    id: e.id,
    bookId: e.bookId,
    title: e.title,
    description: e.description,
    coverImage: e.coverImageUrl,
    publicationYear: e.publicationYear,
    pages: e.pages,
    isbn: e.isbn,
    asin: e.asin,
    publisher: e.publisher,
    isPrimaryEdition: e.isPrimaryEdition,
    editionType: e.editionType,
    formatType: e.formatType,
    bindingType: e.bindingType,
    languageCode: e.languageCode,
    languageName: e.languageName,
    translator: e.translator,
    isOriginalLanguage: e.isOriginalLanguage,
  }));
}
