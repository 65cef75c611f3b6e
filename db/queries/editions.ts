import { asc, desc, eq } from 'drizzle-orm';
import type { Edition } from '../../src/domain/schemas/edition.ts';
import type { Database } from '../client.ts';
import { editions } from '../schema/index.ts';

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
