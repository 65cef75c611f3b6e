/**
 * Books written by super users (issue 13 point 1): create, update, delete, each in one transaction
 * with its history record (common.ts). Relations are brought to the list sent (authors in order,
 * genres, series with positions, award entries) with one statement per relation, never one per item;
 * a relation not sent is left as it is. Award entries keep what the form does not edit (the title as
 * printed in that award's list).
 */
import { sql } from 'drizzle-orm';
import type { ErrorDetailKey } from '../../../src/domain/envelope.ts';
import type { Locale } from '../../../src/domain/enums.ts';
import { isPinned } from '../../../src/domain/editorial/slug-choice.ts';
import type { BookRecord, CreateBook, UpdateBook } from '../../../src/domain/schemas/editorial.ts';
import type { Database } from '../../client.ts';
import { fitsSerial } from '../refs.ts';
import { chooseSlug, editorialWrite, forgetSlugs, insertRow, jsonParam, lockAndRead, notFound, recordSlugMove, Refusal, rows, updateRow, withoutEmpty, checkVersion, mergeLocalized, nextVersion, type Executor, type Outcome } from './common.ts';
import type { ExpectedVersion } from '../../../src/domain/editorial/versions.ts';
import type { Actor } from './history.ts';

/** The book as the edit form loads it and history records it (one statement). */
export async function readBook(db: Executor, id: number): Promise<BookRecord | null> {
  if (!fitsSerial(id)) return null;
  const [row] = await rows<{ record: BookRecord }>(db, sql`${bookRecordSql} WHERE b.id = ${id}`);
  return row?.record ?? null;
}

/** The book an id or slug names, as readBook gives it. */
export async function findBookRecord(db: Executor, ref: number | string): Promise<BookRecord | null> {
  if (typeof ref === 'number') return readBook(db, ref);
  const [row] = await rows<{ record: BookRecord }>(db, sql`${bookRecordSql} WHERE b.slug = ${ref}`);
  return row?.record ?? null;
}

const bookRecordSql = sql`
  SELECT json_build_object(
    'id', b.id, 'version', b.version, 'slug', b.slug, 'slugPinned', b.slug_pinned, 'title', b.original_title,
    'authorIds', coalesce((SELECT json_agg(x.author_id ORDER BY x.position, x.author_id) FROM book_authors x WHERE x.book_id = b.id), '[]'),
    'genreIds', coalesce((SELECT json_agg(x.genre_id ORDER BY x.genre_id) FROM book_genres x WHERE x.book_id = b.id), '[]'),
    'series', coalesce((SELECT json_agg(json_build_object('seriesId', x.series_id, 'position', x.position) ORDER BY x.series_id) FROM book_series x WHERE x.book_id = b.id), '[]'),
    'awards', coalesce((SELECT json_agg(json_build_object('awardId', x.award_id, 'categoryId', x.category_id, 'customCategory', x.custom_category, 'year', x.year, 'isWinner', x.is_winner)
                                        ORDER BY x.year, x.award_id, x.category_id NULLS LAST, x.id) FROM book_awards x WHERE x.book_id = b.id), '[]'),
    'publicationYear', b.publication_year, 'publicationDate', b.publication_date, 'publisher', b.publisher, 'pages', b.pages,
    'originalLanguage', b.original_language, 'description', b.description, 'coverImage', b.cover_image_url
  ) AS record
  FROM books b`;

type Relations = Pick<UpdateBook, 'authorIds' | 'genreIds' | 'series' | 'awards'>;

/**
 * Ids that name nothing (an author, genre, series, award or award category that does not exist, or
 * a category of another award), as envelope details at the field's path: one statement.
 */
async function unknownReferences(tx: Executor, input: Relations): Promise<ErrorDetailKey[]> {
  const awards = (input.awards ?? []).map((a, i) => ({ i, awardId: a.awardId, categoryId: a.categoryId ?? null }));
  const [row] = await rows<{ authors: number[] | null; genres: number[] | null; series: number[] | null; awards: number[] | null; categories: number[] | null }>(
    tx,
    sql`SELECT
      (SELECT array_agg(x.ordinality - 1) FROM jsonb_array_elements_text(${jsonParam(input.authorIds ?? [])}) WITH ORDINALITY x
        WHERE NOT EXISTS (SELECT 1 FROM authors a WHERE a.id = x.value::int)) AS authors,
      (SELECT array_agg(x.ordinality - 1) FROM jsonb_array_elements_text(${jsonParam(input.genreIds ?? [])}) WITH ORDINALITY x
        WHERE NOT EXISTS (SELECT 1 FROM genres g WHERE g.id = x.value::int)) AS genres,
      (SELECT array_agg(x.ordinality - 1) FROM jsonb_array_elements_text(${jsonParam((input.series ?? []).map((s) => s.seriesId))}) WITH ORDINALITY x
        WHERE NOT EXISTS (SELECT 1 FROM series s WHERE s.id = x.value::int)) AS series,
      (SELECT array_agg(x.i) FROM jsonb_to_recordset(${jsonParam(awards)}) AS x(i int, "awardId" int, "categoryId" int)
        WHERE NOT EXISTS (SELECT 1 FROM awards a WHERE a.id = x."awardId")) AS awards,
      (SELECT array_agg(x.i) FROM jsonb_to_recordset(${jsonParam(awards)}) AS x(i int, "awardId" int, "categoryId" int)
        WHERE x."categoryId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM award_categories c WHERE c.id = x."categoryId" AND c.award_id = x."awardId")) AS categories`,
  );
  const at = (list: number[] | null, path: (i: number) => string, key: string) => (list ?? []).map((i) => ({ path: path(i), key }));
  return [
    ...at(row!.authors, (i) => `authorIds.${i}`, 'validation.editorial.unknownAuthor'),
    ...at(row!.genres, (i) => `genreIds.${i}`, 'validation.editorial.unknownGenre'),
    ...at(row!.series, (i) => `series.${i}.seriesId`, 'validation.editorial.unknownSeries'),
    ...at(row!.awards, (i) => `awards.${i}.awardId`, 'validation.editorial.unknownAward'),
    ...at(row!.categories, (i) => `awards.${i}.categoryId`, 'validation.editorial.unknownAwardCategory'),
  ];
}

/** Brings each relation that was sent to the list sent; one statement each for removing and for adding or updating. */
async function writeRelations(tx: Executor, bookId: number, input: Relations): Promise<void> {
  if (input.authorIds) {
    const authors = input.authorIds.map((authorId, position) => ({ authorId, position }));
    await tx.execute(sql`DELETE FROM book_authors WHERE book_id = ${bookId} AND author_id NOT IN (SELECT value::int FROM jsonb_array_elements_text(${jsonParam(input.authorIds)}))`);
    await tx.execute(sql`
      INSERT INTO book_authors (book_id, author_id, position)
      SELECT ${bookId}, x."authorId", x.position FROM jsonb_to_recordset(${jsonParam(authors)}) AS x("authorId" int, position int)
      ON CONFLICT (book_id, author_id) DO UPDATE SET position = EXCLUDED.position WHERE book_authors.position IS DISTINCT FROM EXCLUDED.position`);
  }
  if (input.genreIds) {
    await tx.execute(sql`DELETE FROM book_genres WHERE book_id = ${bookId} AND genre_id NOT IN (SELECT value::int FROM jsonb_array_elements_text(${jsonParam(input.genreIds)}))`);
    await tx.execute(sql`
      INSERT INTO book_genres (book_id, genre_id) SELECT ${bookId}, value::int FROM jsonb_array_elements_text(${jsonParam(input.genreIds)})
      ON CONFLICT DO NOTHING`);
  }
  if (input.series) {
    const list = input.series.map((s) => ({ seriesId: s.seriesId, position: s.position ?? null }));
    await tx.execute(sql`DELETE FROM book_series WHERE book_id = ${bookId} AND series_id NOT IN (SELECT x."seriesId" FROM jsonb_to_recordset(${jsonParam(list)}) AS x("seriesId" int))`);
    await tx.execute(sql`
      INSERT INTO book_series (book_id, series_id, position)
      SELECT ${bookId}, x."seriesId", x.position FROM jsonb_to_recordset(${jsonParam(list)}) AS x("seriesId" int, position numeric)
      ON CONFLICT (book_id, series_id) DO UPDATE SET position = EXCLUDED.position WHERE book_series.position IS DISTINCT FROM EXCLUDED.position`);
  }
  if (input.awards) {
    const list = input.awards.map((a) => ({ awardId: a.awardId, categoryId: a.categoryId ?? null, customCategory: a.customCategory ?? null, year: a.year, isWinner: a.isWinner }));
    // An entry is identified as the unique index does: award, category (0 for a custom one), year.
    await tx.execute(sql`
      DELETE FROM book_awards e WHERE e.book_id = ${bookId} AND NOT EXISTS (
        SELECT 1 FROM jsonb_to_recordset(${jsonParam(list)}) AS x("awardId" int, "categoryId" int, year int)
        WHERE x."awardId" = e.award_id AND coalesce(x."categoryId", 0) = coalesce(e.category_id, 0) AND x.year = e.year)`);
    await tx.execute(sql`
      INSERT INTO book_awards (book_id, award_id, category_id, custom_category, year, is_winner)
      SELECT ${bookId}, x."awardId", x."categoryId", x."customCategory", x.year, x."isWinner"
      FROM jsonb_to_recordset(${jsonParam(list)}) AS x("awardId" int, "categoryId" int, "customCategory" text, year int, "isWinner" boolean)
      ON CONFLICT (book_id, award_id, (coalesce(category_id, 0)), year) DO UPDATE
        SET custom_category = EXCLUDED.custom_category, is_winner = EXCLUDED.is_winner
        WHERE (book_awards.custom_category, book_awards.is_winner) IS DISTINCT FROM (EXCLUDED.custom_category, EXCLUDED.is_winner)`);
  }
}

/** An award entry twice in the list (same award, category and year) is one entry: refused as a duplicate. */
function duplicateAwards(input: Relations): ErrorDetailKey[] {
  const seen = new Set<string>();
  const details: ErrorDetailKey[] = [];
  (input.awards ?? []).forEach((a, i) => {
    const key = `${a.awardId}/${a.categoryId ?? 0}/${a.year}`;
    if (seen.has(key)) details.push({ path: `awards.${i}`, key: 'validation.editorial.duplicate' });
    seen.add(key);
  });
  return details;
}

async function checkRelations(tx: Executor, input: Relations): Promise<void> {
  const details = [...duplicateAwards(input), ...(await unknownReferences(tx, input))];
  if (details.length) throw new Refusal({ ok: false, reason: 'invalid', details });
}

/** The columns of books an input sets (only the fields it has; an update's description merges with `before`'s, issue 27). */
function bookColumns(input: UpdateBook, before?: BookRecord) {
  const set: Record<string, unknown> = {};
  if (input.title !== undefined) set.original_title = input.title;
  if (input.publicationYear !== undefined) set.publication_year = input.publicationYear;
  if (input.publicationDate !== undefined) set.publication_date = input.publicationDate;
  if (input.publisher !== undefined) set.publisher = input.publisher;
  if (input.pages !== undefined) set.pages = input.pages;
  if (input.originalLanguage !== undefined) set.original_language = input.originalLanguage;
  if (input.description !== undefined) set.description = before ? mergeLocalized(before.description, input.description) : withoutEmpty(input.description);
  if (input.coverImage !== undefined) set.cover_image_url = input.coverImage;
  return set;
}

export async function createBook(db: Database, actor: Actor, input: CreateBook): Promise<Outcome<{ id: number; slug: string; version: number }>> {
  return editorialWrite(
    db,
    async (tx, record) => {
      await checkRelations(tx, input);
      const slug = await chooseSlug(tx, { kind: 'book', name: input.title, requested: input.slug }, null);
      const id = await insertRow(tx, 'books', { ...bookColumns(input), slug, slug_pinned: isPinned('book', slug, input.title) });
      await writeRelations(tx, id, input);
      const after = (await readBook(tx, id))!;
      await record({ entityType: 'book', entityId: id, action: 'create', before: null, after });
      return { id, slug, version: after.version };
    },
    actor,
  );
}

export async function updateBook(db: Database, actor: Actor, id: number, input: UpdateBook, expected: ExpectedVersion = null): Promise<Outcome<{ id: number; slug: string; version: number }>> {
  return editorialWrite(
    db,
    async (tx, record) => {
      const before = await lockAndRead(tx, 'book', id, readBook);
      if (!before) throw new Refusal(notFound);
      checkVersion(before, expected);
      await checkRelations(tx, input);
      const title = input.title ?? before.title;
      const slug = await chooseSlug(tx, { kind: 'book', name: title, requested: input.slug, current: { slug: before.slug, pinned: before.slugPinned } }, id);
      await updateRow(tx, 'books', id, { ...bookColumns(input, before), slug, slug_pinned: isPinned('book', slug, title), updated_at: sql`now()`, version: nextVersion });
      await recordSlugMove(tx, 'book', id, before.slug, slug);
      await writeRelations(tx, id, input);
      const after = (await readBook(tx, id))!;
      await record({ entityType: 'book', entityId: id, action: 'update', before, after });
      return { id, slug, version: after.version };
    },
    actor,
  );
}

/** Deletes a book (the locale is the item endpoint's, unused: nothing blocks a book); its editions, award entries, ratings and list entries go with it (ON DELETE CASCADE). */
export async function deleteBook(db: Database, actor: Actor, id: number, _locale?: Locale, expected: ExpectedVersion = null): Promise<Outcome<{ id: number }>> {
  return editorialWrite(
    db,
    async (tx, record) => {
      const before = await lockAndRead(tx, 'book', id, readBook);
      if (!before) throw new Refusal(notFound);
      checkVersion(before, expected);
      await tx.execute(sql`DELETE FROM books WHERE id = ${id}`);
      await forgetSlugs(tx, 'book', id);
      await record({ entityType: 'book', entityId: id, action: 'delete', before, after: null });
      return { id };
    },
    actor,
  );
}
