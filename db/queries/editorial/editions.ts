/**
 * Edition writes of the editions manager (spec §4, §7; issue 13 point 2). Each write is one
 * transaction that first locks the book's row (FOR NO KEY UPDATE: ratings and list entries that
 * reference the book are not held up), so writes to one book's editions run one after another and the
 * edition rules (src/domain/editorial/edition-rules.ts) judge what is really there. Promoting demotes
 * the old primary in the same transaction, before the new one is marked (the partial unique index
 * allows one primary at every moment). The indexes of db/schema/editions.ts stand behind the rules.
 * Every write records itself in the admin history (issue 13 point 8) in its own transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  planDeletion,
  planEditionWrite,
  planPromotion,
  type EditionFacts,
  type EditionRecord,
  type EditionRuleViolation,
} from '../../../src/domain/editorial/edition-rules.ts';
import type { EditionInput, EditorEdition } from '../../../src/domain/schemas/edition.ts';
import { versionMatches, type ExpectedVersion } from '../../../src/domain/editorial/versions.ts';
import type { Database } from '../../client.ts';
import { editions } from '../../schema/index.ts';
import { fitsSerial } from '../refs.ts';
import { recordHistory, type Actor } from './history.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type EditionWriteResult<T> =
  | { ok: true; value: T }
  | { ok: false; violation: EditionRuleViolation | 'bookNotFound' }
  /** Based on another version than the stored one (issue 27 point 4): `current` is the edition now. */
  | { ok: false; violation: 'stale'; current: EditorEdition };

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

function toEdition(row: typeof editions.$inferSelect): EditorEdition {
  return {
    id: row.id,
    version: row.version,
    bookId: row.bookId,
    title: row.title,
    description: row.description,
    coverImage: row.coverImageUrl,
    publicationYear: row.publicationYear,
    pages: row.pages,
    isbn: row.isbn,
    asin: row.asin,
    publisher: row.publisher,
    isPrimaryEdition: row.isPrimaryEdition,
    editionType: row.editionType,
    formatType: row.formatType,
    bindingType: row.bindingType,
    languageCode: row.languageCode,
    languageName: row.languageName,
    translator: row.translator,
    isOriginalLanguage: row.isOriginalLanguage,
    price: row.price,
    currency: row.currency,
  };
}

function toColumns(record: EditionRecord) {
  const { coverImage, ...rest } = record;
  return { ...rest, coverImageUrl: coverImage };
}

/** Locks the book (one edition write per book at a time); false when there is no such book. */
async function lockBook(tx: Transaction, bookId: number): Promise<boolean> {
  const result = await tx.execute(sql`SELECT id FROM books WHERE id = ${bookId} FOR NO KEY UPDATE`);
  return result.rows.length > 0;
}

/** The book of an edition, or null when there is no such edition. */
/** The book an edition belongs to, or null when there is no such edition. */
export async function bookOfEdition(tx: Transaction | Database, editionId: number): Promise<number | null> {
  if (!fitsSerial(editionId)) return null;
  const [row] = await tx.select({ bookId: editions.bookId }).from(editions).where(eq(editions.id, editionId)).limit(1);
  return row?.bookId ?? null;
}

/** An edition as it is now (read under the book's lock: the history's "before"). */
async function editionNow(tx: Transaction, editionId: number): Promise<EditorEdition> {
  const [row] = await tx.select().from(editions).where(eq(editions.id, editionId)).limit(1);
  return toEdition(row!);
}

/** Records an edition write in the admin history, in the write's transaction. */
const record = (tx: Transaction, actor: Actor, entityId: number, action: 'create' | 'update' | 'delete', before: EditorEdition | null, after: EditorEdition | null) =>
  recordHistory(tx, { actor, entityType: 'edition', entityId: String(entityId), action, before, after });

async function factsOf(tx: Transaction, bookId: number): Promise<EditionFacts[]> {
  return tx.select({ id: editions.id, editionType: editions.editionType, isPrimaryEdition: editions.isPrimaryEdition }).from(editions).where(eq(editions.bookId, bookId));
}

async function demote(tx: Transaction, editionId: number | null): Promise<void> {
  if (editionId === null) return;
  await tx.update(editions).set({ isPrimaryEdition: false, updatedAt: sql`now()`, version: sql`${editions.version} + 1` }).where(eq(editions.id, editionId));
}

/**
 * Locks the edition's book and runs `work` with the book's editions; a missing edition (also one
 * deleted while we waited for the lock) is 'notFound'.
 */
async function withEditionOf<T>(db: Database, editionId: number, work: (tx: Transaction, facts: EditionFacts[]) => Promise<EditionWriteResult<T>>): Promise<EditionWriteResult<T>> {
  return db.transaction(async (tx) => {
    const bookId = await bookOfEdition(tx, editionId);
    if (bookId === null || !(await lockBook(tx, bookId))) return { ok: false, violation: 'notFound' };
    const facts = await factsOf(tx, bookId);
    if (!facts.some((edition) => edition.id === editionId)) return { ok: false, violation: 'notFound' };
    return work(tx, facts);
  });
}

/** A unique index beat the rules to it (a write outside this module): the same answer as the rule's. */
async function guardUnique<T>(write: () => Promise<EditionWriteResult<T>>): Promise<EditionWriteResult<T>> {
  try {
    return await write();
  } catch (error) {
    const cause = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    const pg = cause.code ? cause : cause.cause;
    if (pg?.code === UNIQUE_VIOLATION && pg.constraint === 'editions_one_original_per_book') return { ok: false, violation: 'originalExists' };
    throw error;
  }
}

/** POST /api/books/{id}/editions: adds an edition to the book. */
export function createEdition(db: Database, bookId: number, input: EditionInput, actor: Actor): Promise<EditionWriteResult<EditorEdition>> {
  return guardUnique(() =>
    db.transaction(async (tx): Promise<EditionWriteResult<EditorEdition>> => {
      if (!(await lockBook(tx, bookId))) return { ok: false, violation: 'bookNotFound' };
      const plan = planEditionWrite(await factsOf(tx, bookId), null, input);
      if (!plan.ok) return plan;
      await demote(tx, plan.demoteId);
      const [row] = await tx.insert(editions).values({ bookId, ...toColumns(plan.record) }).returning();
      const created = toEdition(row!);
      await record(tx, actor, created.id, 'create', null, created);
      return { ok: true, value: created };
    }),
  );
}

/**
 * The edition under the book's lock, or the refusal of a write based on another version. The lock
 * serializes the book's edition writes, and each write moves the version: two writes based on one
 * version cannot both pass (issue 27 point 4).
 */
async function currentAt(tx: Transaction, editionId: number, expected: ExpectedVersion): Promise<{ ok: true; edition: EditorEdition } | { ok: false; violation: 'stale'; current: EditorEdition }> {
  const edition = await editionNow(tx, editionId);
  return versionMatches(edition.version, expected) ? { ok: true, edition } : { ok: false, violation: 'stale', current: edition };
}

/** PATCH /api/editions/{id} with the edition's fields: replaces them (left-out optional values become empty). */
export function updateEdition(db: Database, editionId: number, input: EditionInput, actor: Actor, expected: ExpectedVersion = null): Promise<EditionWriteResult<EditorEdition>> {
  return guardUnique(() =>
    withEditionOf(db, editionId, async (tx, facts) => {
      const now = await currentAt(tx, editionId, expected);
      if (!now.ok) return now;
      const plan = planEditionWrite(facts, editionId, input);
      if (!plan.ok) return plan;
      const before = now.edition;
      await demote(tx, plan.demoteId);
      const [row] = await tx
        .update(editions)
        .set({ ...toColumns(plan.record), updatedAt: sql`now()`, version: sql`${editions.version} + 1` })
        .where(eq(editions.id, editionId))
        .returning();
      const after = toEdition(row!);
      await record(tx, actor, editionId, 'update', before, after);
      return { ok: true, value: after };
    }),
  );
}

/** PATCH /api/editions/{id} with only `{ isPrimaryEdition: true }`: the edition becomes the primary, the old one is demoted. */
export function promoteEdition(db: Database, editionId: number, actor: Actor, expected: ExpectedVersion = null): Promise<EditionWriteResult<EditorEdition>> {
  return withEditionOf(db, editionId, async (tx, facts) => {
    const now = await currentAt(tx, editionId, expected);
    if (!now.ok) return now;
    const plan = planPromotion(facts, editionId);
    if (!plan.ok) return plan;
    const before = now.edition;
    const demoted = plan.demoteId === null ? null : await editionNow(tx, plan.demoteId);
    await demote(tx, plan.demoteId);
    const [row] = await tx
      .update(editions)
      .set({ isPrimaryEdition: true, ...(plan.demoteId === null ? {} : { updatedAt: sql`now()`, version: sql`${editions.version} + 1` }) })
      .where(eq(editions.id, editionId))
      .returning();
    const after = toEdition(row!);
    if (demoted) await record(tx, actor, demoted.id, 'update', demoted, { ...demoted, isPrimaryEdition: false, version: demoted.version + 1 });
    await record(tx, actor, editionId, 'update', before, after);
    return { ok: true, value: after };
  });
}

/** DELETE /api/editions/{id}: removes an edition other than the primary. */
export function deleteEdition(db: Database, editionId: number, actor: Actor, expected: ExpectedVersion = null): Promise<EditionWriteResult<null>> {
  return withEditionOf(db, editionId, async (tx, facts) => {
    const now = await currentAt(tx, editionId, expected);
    if (!now.ok) return now;
    const plan = planDeletion(facts, editionId);
    if (!plan.ok) return plan;
    const before = now.edition;
    // The primary check again in the statement: it holds even for a writer that skipped the lock.
    const removed = await tx
      .delete(editions)
      .where(and(eq(editions.id, editionId), eq(editions.isPrimaryEdition, false)))
      .returning({ id: editions.id });
    if (removed.length === 0) return { ok: false, violation: 'primaryDelete' };
    await record(tx, actor, editionId, 'delete', before, null);
    return { ok: true, value: null };
  });
}
