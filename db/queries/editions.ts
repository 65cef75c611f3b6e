import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Edition, EditorEdition } from '../../src/domain/schemas/edition.ts';
import type { Database } from '../client.ts';
import { editions } from '../schema/index.ts';

type EditionRow = typeof editions.$inferSelect;

const toEdition = (e: EditionRow): Edition => ({
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
  price: e.price,
  currency: e.currency,
});

const EDITION_ORDER = [desc(editions.isPrimaryEdition), asc(editions.languageCode), asc(editions.publicationYear), asc(editions.id)];

/** All editions of a book, primary first, then by language and year (one indexed query). */
export async function listEditions(db: Database, bookId: number): Promise<Edition[]> {
  const rows = await db.select().from(editions).where(eq(editions.bookId, bookId)).orderBy(...EDITION_ORDER);
  return rows.map(toEdition);
}

/** A book's editions with their versions, as the editions manager reads them (issue 27 point 4). */
export async function listEditorEditions(db: Database, bookId: number): Promise<EditorEdition[]> {
  const rows = await db.select().from(editions).where(eq(editions.bookId, bookId)).orderBy(...EDITION_ORDER);
  return rows.map((row) => ({ ...toEdition(row), version: row.version }));
}

/**
 * The editions of several books at once (the read API's pages of books, issue 16 point 4: one query
 * per page, not one per book), each book's in the order of `listEditions`; books without editions
 * get an empty list.
 */
export async function listEditionsOfBooks(db: Database, bookIds: readonly number[]): Promise<Map<number, Edition[]>> {
  const byBook = new Map<number, Edition[]>(bookIds.map((id) => [id, []]));
  if (bookIds.length === 0) return byBook;
  const rows = await db.select().from(editions).where(inArray(editions.bookId, [...bookIds])).orderBy(asc(editions.bookId), ...EDITION_ORDER);
  for (const row of rows) byBook.get(row.bookId)?.push(toEdition(row));
  return byBook;
}
