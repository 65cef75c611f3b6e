/**
 * Genres written by super users (issue 13 point 1). A genre's English name is unique regardless of
 * case (it names the genre in /genres?genre={name}): a taken one is a conflict. A genre that books
 * still carry cannot be deleted: the refusal names the books (409), as for authors and series.
 * Genres have no slug pages, so a changed slug leaves no redirect.
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '../../../src/domain/enums.ts';
import type { CreateGenre, GenreRecord, UpdateGenre } from '../../../src/domain/schemas/editorial.ts';
import type { Database } from '../../client.ts';
import { fitsSerial } from '../refs.ts';
import { blockingBooks, chooseSlug, editorialWrite, insertRow, lockAndRead, notFound, Refusal, rows, updateRow, withoutEmpty, checkVersion, mergeLocalized, nextVersion, type Executor, type Outcome } from './common.ts';
import type { ExpectedVersion } from '../../../src/domain/editorial/versions.ts';
import type { Actor } from './history.ts';

const genreRecordSql = sql`
  SELECT json_build_object(
    'id', g.id, 'version', g.version, 'slug', g.slug, 'name', g.name, 'names', g.names, 'category', g.category, 'description', g.description, 'imageUrl', g.image_url
  ) AS record
  FROM genres g`;

/** The unique index of genre names, and the message of its conflict. */
const NAME_CONFLICT = { genres_name_key: 'api.error.genreNameTaken' };

export async function readGenre(db: Executor, id: number): Promise<GenreRecord | null> {
  if (!fitsSerial(id)) return null;
  const [row] = await rows<{ record: GenreRecord }>(db, sql`${genreRecordSql} WHERE g.id = ${id}`);
  return row?.record ?? null;
}

export async function findGenreRecord(db: Executor, ref: number | string): Promise<GenreRecord | null> {
  if (typeof ref === 'number') return readGenre(db, ref);
  const [row] = await rows<{ record: GenreRecord }>(db, sql`${genreRecordSql} WHERE g.slug = ${ref}`);
  return row?.record ?? null;
}

function genreColumns(input: UpdateGenre, before?: GenreRecord) {
  const set: Record<string, unknown> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.names !== undefined) set.names = before ? mergeLocalized(before.names, input.names) : withoutEmpty(input.names);
  if (input.category !== undefined) set.category = input.category;
  if (input.description !== undefined) set.description = before ? mergeLocalized(before.description, input.description) : withoutEmpty(input.description);
  if (input.imageUrl !== undefined) set.image_url = input.imageUrl;
  return set;
}

export async function createGenre(db: Database, actor: Actor, input: CreateGenre): Promise<Outcome<{ id: number; slug: string; version: number }>> {
  return editorialWrite(
    db,
    async (tx, record) => {
      const slug = await chooseSlug(tx, { kind: 'genre', name: input.name, requested: input.slug }, null);
      const id = await insertRow(tx, 'genres', { ...genreColumns(input), slug });
      const after = (await readGenre(tx, id))!;
      await record({ entityType: 'genre', entityId: id, action: 'create', before: null, after });
      return { id, slug, version: after.version };
    },
    actor,
    NAME_CONFLICT,
  );
}

export async function updateGenre(db: Database, actor: Actor, id: number, input: UpdateGenre, expected: ExpectedVersion = null): Promise<Outcome<{ id: number; slug: string; version: number }>> {
  return editorialWrite(
    db,
    async (tx, record) => {
      const before = await lockAndRead(tx, 'genre', id, readGenre);
      if (!before) throw new Refusal(notFound);
      checkVersion(before, expected);
      // Genres have no pinned slugs (the seed never renames them): the slug stays unless one is typed.
      const slug = input.slug === undefined ? before.slug : await chooseSlug(tx, { kind: 'genre', name: input.name ?? before.name, requested: input.slug, current: { slug: before.slug, pinned: true } }, id);
      await updateRow(tx, 'genres', id, { ...genreColumns(input, before), slug, version: nextVersion });
      const after = (await readGenre(tx, id))!;
      await record({ entityType: 'genre', entityId: id, action: 'update', before, after });
      return { id, slug, version: after.version };
    },
    actor,
    NAME_CONFLICT,
  );
}

export async function deleteGenre(db: Database, actor: Actor, id: number, locale: Locale, expected: ExpectedVersion = null): Promise<Outcome<{ id: number }>> {
  return editorialWrite(
    db,
    async (tx, record) => {
      const before = await lockAndRead(tx, 'genre', id, readGenre);
      if (!before) throw new Refusal(notFound);
      checkVersion(before, expected);
      const blocking = await blockingBooks(tx, 'book_genres', 'genre_id', id, locale);
      if (blocking.total > 0) throw new Refusal({ ok: false, reason: 'blocked', ...blocking });
      await tx.execute(sql`DELETE FROM genres WHERE id = ${id}`);
      await record({ entityType: 'genre', entityId: id, action: 'delete', before, after: null });
      return { id };
    },
    actor,
  );
}
