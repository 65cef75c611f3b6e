/**
 * Series written by super users (issue 13 point 1). A series that still has books cannot be
 * deleted: the refusal names the books (409).
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '../../../src/domain/enums.ts';
import { isPinned } from '../../../src/domain/editorial/slug-choice.ts';
import type { CreateSeries, SeriesRecord, UpdateSeries } from '../../../src/domain/schemas/editorial.ts';
import type { Database } from '../../client.ts';
import { fitsSerial } from '../refs.ts';
import { blockingBooks, chooseSlug, editorialWrite, forgetSlugs, insertRow, lockAndRead, notFound, recordSlugMove, Refusal, rows, updateRow, withoutEmpty, checkVersion, mergeLocalized, nextVersion, type Executor, type Outcome } from './common.ts';
import type { ExpectedVersion } from '../../../src/domain/editorial/versions.ts';
import type { Actor } from './history.ts';

const seriesRecordSql = sql`
  SELECT json_build_object(
    'id', s.id, 'version', s.version, 'slug', s.slug, 'slugPinned', s.slug_pinned, 'name', s.name, 'kind', s.kind, 'status', s.status,
    'description', s.description, 'imageUrl', s.image_url
  ) AS record
  FROM series s`;

export async function readSeries(db: Executor, id: number): Promise<SeriesRecord | null> {
  if (!fitsSerial(id)) return null;
  const [row] = await rows<{ record: SeriesRecord }>(db, sql`${seriesRecordSql} WHERE s.id = ${id}`);
  return row?.record ?? null;
}

export async function findSeriesRecord(db: Executor, ref: number | string): Promise<SeriesRecord | null> {
  if (typeof ref === 'number') return readSeries(db, ref);
  const [row] = await rows<{ record: SeriesRecord }>(db, sql`${seriesRecordSql} WHERE s.slug = ${ref}`);
  return row?.record ?? null;
}

function seriesColumns(input: UpdateSeries, before?: SeriesRecord) {
  const set: Record<string, unknown> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.kind !== undefined) set.kind = input.kind;
  if (input.status !== undefined) set.status = input.status;
  if (input.description !== undefined) set.description = before ? mergeLocalized(before.description, input.description) : withoutEmpty(input.description);
  if (input.imageUrl !== undefined) set.image_url = input.imageUrl;
  return set;
}

export async function createSeries(db: Database, actor: Actor, input: CreateSeries): Promise<Outcome<{ id: number; slug: string; version: number }>> {
  return editorialWrite(
    db,
    async (tx, record) => {
      const slug = await chooseSlug(tx, { kind: 'series', name: input.name, requested: input.slug }, null);
      const id = await insertRow(tx, 'series', { ...seriesColumns(input), slug, slug_pinned: isPinned('series', slug, input.name) });
      const after = (await readSeries(tx, id))!;
      await record({ entityType: 'series', entityId: id, action: 'create', before: null, after });
      return { id, slug, version: after.version };
    },
    actor,
  );
}

export async function updateSeries(db: Database, actor: Actor, id: number, input: UpdateSeries, expected: ExpectedVersion = null): Promise<Outcome<{ id: number; slug: string; version: number }>> {
  return editorialWrite(
    db,
    async (tx, record) => {
      const before = await lockAndRead(tx, 'series', id, readSeries);
      if (!before) throw new Refusal(notFound);
      checkVersion(before, expected);
      const name = input.name ?? before.name;
      const slug = await chooseSlug(tx, { kind: 'series', name, requested: input.slug, current: { slug: before.slug, pinned: before.slugPinned } }, id);
      await updateRow(tx, 'series', id, { ...seriesColumns(input, before), slug, slug_pinned: isPinned('series', slug, name), updated_at: sql`now()`, version: nextVersion });
      await recordSlugMove(tx, 'series', id, before.slug, slug);
      const after = (await readSeries(tx, id))!;
      await record({ entityType: 'series', entityId: id, action: 'update', before, after });
      return { id, slug, version: after.version };
    },
    actor,
  );
}

export async function deleteSeries(db: Database, actor: Actor, id: number, locale: Locale, expected: ExpectedVersion = null): Promise<Outcome<{ id: number }>> {
  return editorialWrite(
    db,
    async (tx, record) => {
      const before = await lockAndRead(tx, 'series', id, readSeries);
      if (!before) throw new Refusal(notFound);
      checkVersion(before, expected);
      const blocking = await blockingBooks(tx, 'book_series', 'series_id', id, locale);
      if (blocking.total > 0) throw new Refusal({ ok: false, reason: 'blocked', ...blocking });
      await tx.execute(sql`DELETE FROM series WHERE id = ${id}`);
      await forgetSlugs(tx, 'series', id);
      await record({ entityType: 'series', entityId: id, action: 'delete', before, after: null });
      return { id };
    },
    actor,
  );
}
