/**
 * Authors written by super users (issue 13 point 1). An author that books still name cannot be
 * deleted: the refusal names the books (409).
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '../../../src/domain/enums.ts';
import { isPinned } from '../../../src/domain/editorial/slug-choice.ts';
import { sortNameOf } from '../../../src/domain/editorial/sort-name.ts';
import type { AuthorRecord, CreateAuthor, UpdateAuthor } from '../../../src/domain/schemas/editorial.ts';
import type { Database } from '../../client.ts';
import { fitsSerial } from '../refs.ts';
import { blockingBooks, chooseSlug, editorialWrite, forgetSlugs, insertRow, lockAndRead, notFound, recordSlugMove, Refusal, rows, updateRow, withoutEmpty, checkVersion, mergeLocalized, nextVersion, type Executor, type Outcome } from './common.ts';
import type { ExpectedVersion } from '../../../src/domain/editorial/versions.ts';
import type { Actor } from './history.ts';

const authorRecordSql = sql`
  SELECT json_build_object(
    'id', a.id, 'version', a.version, 'slug', a.slug, 'slugPinned', a.slug_pinned, 'name', a.name, 'sortName', a.sort_name, 'bio', a.bio, 'gender', a.gender,
    'birthYear', a.birth_year, 'deathYear', a.death_year, 'nativeLanguage', a.native_language, 'nationality', a.nationality,
    'profileImageUrl', a.profile_image_url
  ) AS record
  FROM authors a`;

export async function readAuthor(db: Executor, id: number): Promise<AuthorRecord | null> {
  if (!fitsSerial(id)) return null;
  const [row] = await rows<{ record: AuthorRecord }>(db, sql`${authorRecordSql} WHERE a.id = ${id}`);
  return row?.record ?? null;
}

export async function findAuthorRecord(db: Executor, ref: number | string): Promise<AuthorRecord | null> {
  if (typeof ref === 'number') return readAuthor(db, ref);
  const [row] = await rows<{ record: AuthorRecord }>(db, sql`${authorRecordSql} WHERE a.slug = ${ref}`);
  return row?.record ?? null;
}

function authorColumns(input: UpdateAuthor, before?: AuthorRecord) {
  const set: Record<string, unknown> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.sortName !== undefined) set.sort_name = input.sortName;
  if (input.bio !== undefined) set.bio = before ? mergeLocalized(before.bio, input.bio) : withoutEmpty(input.bio);
  if (input.gender !== undefined) set.gender = input.gender;
  if (input.birthYear !== undefined) set.birth_year = input.birthYear;
  if (input.deathYear !== undefined) set.death_year = input.deathYear;
  if (input.nativeLanguage !== undefined) set.native_language = input.nativeLanguage;
  if (input.nationality !== undefined) set.nationality = input.nationality;
  if (input.profileImageUrl !== undefined) set.profile_image_url = input.profileImageUrl;
  return set;
}

export async function createAuthor(db: Database, actor: Actor, input: CreateAuthor): Promise<Outcome<{ id: number; slug: string; version: number }>> {
  return editorialWrite(
    db,
    async (tx, record) => {
      const slug = await chooseSlug(tx, { kind: 'author', name: input.name, requested: input.slug }, null);
      const id = await insertRow(tx, 'authors', { sort_name: input.sortName ?? sortNameOf(input.name), ...authorColumns(input), slug, slug_pinned: isPinned('author', slug, input.name) });
      const after = (await readAuthor(tx, id))!;
      await record({ entityType: 'author', entityId: id, action: 'create', before: null, after });
      return { id, slug, version: after.version };
    },
    actor,
  );
}

export async function updateAuthor(db: Database, actor: Actor, id: number, input: UpdateAuthor, expected: ExpectedVersion = null): Promise<Outcome<{ id: number; slug: string; version: number }>> {
  return editorialWrite(
    db,
    async (tx, record) => {
      const before = await lockAndRead(tx, 'author', id, readAuthor);
      if (!before) throw new Refusal(notFound);
      checkVersion(before, expected);
      // Life years are checked together: one sent, the other as stored.
      const birth = input.birthYear === undefined ? before.birthYear : input.birthYear;
      const death = input.deathYear === undefined ? before.deathYear : input.deathYear;
      if (birth !== null && death !== null && death < birth) {
        throw new Refusal({ ok: false, reason: 'invalid', details: [{ path: input.deathYear === undefined ? 'birthYear' : 'deathYear', key: 'validation.editorial.lifeYears' }] });
      }
      const name = input.name ?? before.name;
      const slug = await chooseSlug(tx, { kind: 'author', name, requested: input.slug, current: { slug: before.slug, pinned: before.slugPinned } }, id);
      await updateRow(tx, 'authors', id, { ...authorColumns(input, before), slug, slug_pinned: isPinned('author', slug, name), updated_at: sql`now()`, version: nextVersion });
      await recordSlugMove(tx, 'author', id, before.slug, slug);
      const after = (await readAuthor(tx, id))!;
      await record({ entityType: 'author', entityId: id, action: 'update', before, after });
      return { id, slug, version: after.version };
    },
    actor,
  );
}

/** Deletes an author no book names (else a refusal naming the books); their reviews and series links go with them. */
export async function deleteAuthor(db: Database, actor: Actor, id: number, locale: Locale, expected: ExpectedVersion = null): Promise<Outcome<{ id: number }>> {
  return editorialWrite(
    db,
    async (tx, record) => {
      const before = await lockAndRead(tx, 'author', id, readAuthor);
      if (!before) throw new Refusal(notFound);
      checkVersion(before, expected);
      const blocking = await blockingBooks(tx, 'book_authors', 'author_id', id, locale);
      if (blocking.total > 0) throw new Refusal({ ok: false, reason: 'blocked', ...blocking });
      await tx.execute(sql`DELETE FROM authors WHERE id = ${id}`);
      await forgetSlugs(tx, 'author', id);
      await record({ entityType: 'author', entityId: id, action: 'delete', before, after: null });
      return { id };
    },
    actor,
  );
}
