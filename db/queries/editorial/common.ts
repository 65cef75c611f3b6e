/**
 * What the admin writes share (issue 13): the outcome type the handlers map to HTTP, the transaction
 * helper that locks the row, reads it before, writes, reads it after and records the history in the
 * same transaction, the slug claim, and the books that block a delete.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../src/domain/enums.ts';
import type { ErrorDetailKey } from '../../../src/domain/envelope.ts';
import type { BlockingBook, EditedEntity } from '../../../src/domain/schemas/editorial.ts';
import { slugPlan, type SlugSituation } from '../../../src/domain/editorial/slug-choice.ts';
import { uniqueSlug } from '../../../src/domain/slug.ts';
import { versionMatches, type ExpectedVersion } from '../../../src/domain/editorial/versions.ts';
import type { Database } from '../../client.ts';
import { fitsSerial } from '../refs.ts';
import { recordHistory, type Actor } from './history.ts';

/** A database or a transaction: everything here only executes statements. */
export type Executor = Pick<Database, 'execute'>;

export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; reason: 'notFound' }
  /** Input that passed the schema but not the database: an author id that names no author. */
  | { ok: false; reason: 'invalid'; details: ErrorDetailKey[] }
  /** A delete refused while books still name the thing (`total` of them; `books` the first few). */
  | { ok: false; reason: 'blocked'; books: BlockingBook[]; total: number }
  /** A unique value taken by another thing (a genre's name). */
  | { ok: false; reason: 'conflict'; key: string }
  /** A write based on another version than the stored one (issue 27 point 4): `current` is the record now. */
  | { ok: false; reason: 'stale'; current: { version: number | string } };

export const done = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const notFound = { ok: false, reason: 'notFound' } as const;

/** Thrown inside a transaction to roll it back and answer with `outcome`. */
export class Refusal extends Error {
  readonly outcome: Exclude<Outcome<never>, { ok: true }>;

  constructor(outcome: Exclude<Outcome<never>, { ok: true }>) {
    super(outcome.reason);
    this.outcome = outcome;
  }
}

export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** The table of each edited kind; slug_redirects knows books, authors and series (genres have no slug pages). */
export const TABLE: Readonly<Record<EditedEntity, string>> = { book: 'books', author: 'authors', series: 'series', genre: 'genres' };
const HAS_SLUG_PAGES: ReadonlySet<EditedEntity> = new Set(['book', 'author', 'series']);

/**
 * The first free slug from `base` (`base`, `base-2`, ...) for `kind`: free of other rows' slugs and of
 * their old slugs (an old URL keeps pointing at its owner). An advisory lock per kind, held to the
 * end of the transaction, makes two concurrent saves of the same name take different numbers.
 */
export async function claimSlug(tx: Executor, kind: EditedEntity, base: string, selfId: number | null): Promise<string> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`phantastika.slug.${kind}`}))`);
  const like = `${base}-%`;
  const self = selfId ?? 0;
  const table = sql.identifier(TABLE[kind]);
  const redirects = HAS_SLUG_PAGES.has(kind)
    ? sql`UNION ALL SELECT old_slug FROM slug_redirects WHERE kind = ${kind}::slug_kind AND entity_id <> ${self} AND (old_slug = ${base} OR old_slug LIKE ${like})`
    : sql``;
  const taken = await rows<{ slug: string }>(tx, sql`SELECT slug FROM ${table} WHERE id <> ${self} AND (slug = ${base} OR slug LIKE ${like}) ${redirects}`);
  const set = new Set(taken.map((r) => r.slug));
  return uniqueSlug(base, (s) => set.has(s));
}

/** The slug a saved thing gets (src/domain/editorial/slug-choice.ts): its current one, or a free one from the plan's base. */
export async function chooseSlug(tx: Executor, situation: SlugSituation, selfId: number | null): Promise<string> {
  const plan = slugPlan(situation);
  return plan.keep ? situation.current!.slug : claimSlug(tx, situation.kind, plan.base, selfId);
}

/**
 * A slug change of a thing with slug pages: the old slug answers a 301 to the new one from the next
 * build (slug_redirects → src/integrations/slug-redirects.ts); taking back an old slug of its own
 * drops that redirect.
 */
export async function recordSlugMove(tx: Executor, kind: EditedEntity, id: number, oldSlug: string, newSlug: string): Promise<void> {
  if (!HAS_SLUG_PAGES.has(kind) || oldSlug === newSlug) return;
  await tx.execute(sql`DELETE FROM slug_redirects WHERE kind = ${kind}::slug_kind AND old_slug = ${newSlug} AND entity_id = ${id}`);
  await tx.execute(sql`INSERT INTO slug_redirects (kind, old_slug, entity_id) VALUES (${kind}::slug_kind, ${oldSlug}, ${id}) ON CONFLICT DO NOTHING`);
}

/** A removed thing takes its old slugs with it (slug_redirects has no foreign key). */
export async function forgetSlugs(tx: Executor, kind: EditedEntity, id: number): Promise<void> {
  if (HAS_SLUG_PAGES.has(kind)) await tx.execute(sql`DELETE FROM slug_redirects WHERE kind = ${kind}::slug_kind AND entity_id = ${id}`);
}

/** How many books the delete refusal names; `total` says how many there are. */
export const BLOCKING_BOOKS_SHOWN = 10;

/**
 * The books that still name a thing through `link` (book_authors, book_series, book_genres, by
 * `column`), titled in `locale`, the first few by title, and their number: one statement.
 */
export async function blockingBooks(tx: Executor, link: string, column: string, id: number, locale: Locale): Promise<{ books: BlockingBook[]; total: number }> {
  const [row] = await rows<{ total: number; books: BlockingBook[] }>(
    tx,
    sql`SELECT count(*)::int AS total,
               coalesce((SELECT json_agg(x ORDER BY x.title, x.id) FROM (
                 SELECT b.id, b.slug, coalesce(t.title, b.original_title) AS title
                 FROM ${sql.identifier(link)} l JOIN books b ON b.id = l.book_id
                 LEFT JOIN book_titles t ON t.book_id = b.id AND t.locale = ${locale}::text
                 WHERE l.${sql.identifier(column)} = ${id}
                 ORDER BY 3, 1 LIMIT ${BLOCKING_BOOKS_SHOWN}) x), '[]') AS books
        FROM ${sql.identifier(link)} l WHERE l.${sql.identifier(column)} = ${id}`,
  );
  return { books: row!.books, total: row!.total };
}

/** Ids in a JSON parameter, as `SELECT value::int ...` can read them (drizzle spreads JS arrays into lists). */
export const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Locks the row and reads it with `read`; null when there is none. `FOR NO KEY UPDATE` (the lock an
 * UPDATE of it takes) queues editors of the same record but not the key-share locks of inserts that
 * refer to it (a book's award entries, editions), so those never deadlock against an editor.
 */
export async function lockAndRead<R>(tx: Executor, kind: EditedEntity, id: number, read: (tx: Executor, id: number) => Promise<R | null>): Promise<R | null> {
  if (!fitsSerial(id)) return null;
  const locked = await rows(tx, sql`SELECT id FROM ${sql.identifier(TABLE[kind])} WHERE id = ${id} FOR NO KEY UPDATE`);
  return locked.length ? read(tx, id) : null;
}

/**
 * Runs one admin write in a transaction with its history record: a `Refusal` thrown inside rolls
 * back and becomes the outcome; a unique violation of `uniqueName` (a genre's name) becomes a conflict.
 */
export async function editorialWrite<T>(
  db: Database,
  work: (tx: Executor, record: (entry: { entityType: EditedEntity; entityId: number; action: 'create' | 'update' | 'delete'; before: unknown; after: unknown }) => Promise<void>) => Promise<T>,
  actor: Actor,
  conflicts: Readonly<Record<string, string>> = {},
): Promise<Outcome<T>> {
  try {
    return done(
      await db.transaction(async (tx) =>
        work(tx, (entry) => recordHistory(tx, { actor, entityType: entry.entityType, entityId: String(entry.entityId), action: entry.action, before: entry.before, after: entry.after })),
      ),
    );
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    const cause = databaseError(error);
    if (cause?.code === '23505' && cause.constraint && conflicts[cause.constraint]) return { ok: false, reason: 'conflict', key: conflicts[cause.constraint]! };
    throw error;
  }
}

/** The driver's error under drizzle's wrapper, if any. */
function databaseError(error: unknown): { code?: string; constraint?: string } | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof (e as { code?: unknown }).code === 'string') return e as { code?: string; constraint?: string };
  }
  return undefined;
}

/**
 * Refuses a write based on another version than `current`'s (issue 27 point 4). Called on the row
 * read after its lock (`lockAndRead`, FOR NO KEY UPDATE), and the write then sets `version = version + 1`
 * in the same transaction: a second editor waiting on the lock reads the first one's version and is
 * refused, so two saves based on one version cannot both succeed.
 */
export function checkVersion<R extends { version: number }>(current: R, expected: ExpectedVersion): void {
  if (!versionMatches(current.version, expected)) throw new Refusal({ ok: false, reason: 'stale', current });
}

/** The column value that moves a record's version with a write. */
export const nextVersion = sql`version + 1`;

/**
 * A localized text after a PATCH that names some languages (issue 27 point 4): the stored text with
 * the languages sent replaced; null or '' clears a language, one left out keeps its text.
 * @example mergeLocalized({ en: 'A', de: 'B' }, { de: null, it: 'C' }) // { en: 'A', it: 'C' }
 */
export function mergeLocalized(stored: Partial<Record<string, string>> | null | undefined, sent: Partial<Record<string, string | null | undefined>>): Record<string, string> {
  const merged: Record<string, string | null | undefined> = { ...(stored ?? {}) };
  for (const [language, value] of Object.entries(sent)) if (value !== undefined) merged[language] = value;
  return withoutEmpty(merged);
}

/** A localized text without its empty languages (an empty text is no text in that language). */
export function withoutEmpty(texts: Partial<Record<string, string | null | undefined>>): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}

/** A column value as SQL: SQL passes through (now()), objects become jsonb, the rest a parameter. */
function value(v: unknown): SQL {
  if (v !== null && typeof v === 'object' && 'getSQL' in v) return v as SQL;
  if (v !== null && typeof v === 'object') return sql`${JSON.stringify(v)}::jsonb`;
  return sql`${v}`;
}

/** Inserts one row of `columns` (snake_case names) and returns its id. */
export async function insertRow(tx: Executor, table: string, columns: Record<string, unknown>): Promise<number> {
  const names = sql.join(Object.keys(columns).map((c) => sql.identifier(c)), sql`, `);
  const values = sql.join(Object.values(columns).map(value), sql`, `);
  const [row] = await rows<{ id: number }>(tx, sql`INSERT INTO ${sql.identifier(table)} (${names}) VALUES (${values}) RETURNING id`);
  return row!.id;
}

/** Sets `columns` of the row `id`. */
export async function updateRow(tx: Executor, table: string, id: number, columns: Record<string, unknown>): Promise<void> {
  if (!Object.keys(columns).length) return;
  const set = sql.join(Object.entries(columns).map(([c, v]) => sql`${sql.identifier(c)} = ${value(v)}`), sql`, `);
  await tx.execute(sql`UPDATE ${sql.identifier(table)} SET ${set} WHERE id = ${id}`);
}
