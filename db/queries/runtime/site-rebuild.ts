/**
 * The `site_rebuild` row (issue 26 point 7; ADR 0027): every change is one transaction that locks the
 * row, asks a pure rule of `src/domain/runtime/site-rebuild.ts` with the database's clock (one clock
 * for every instance), and writes its answer. Of two instances asking at once, the second waits for
 * the first's commit and then sees its hook as pending: exactly one of them is told to send it.
 */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { EMPTY_SITE_REBUILD, type RebuildDecision, type SiteRebuildRow } from '../../../src/domain/runtime/site-rebuild.ts';
import type { Database } from '../../client.ts';
import { siteRebuild } from '../../schema/runtime.ts';

/** A rule's decision with the row written and the database time it was made at. */
export interface SiteRebuildChange extends RebuildDecision {
  now: Date;
}

const { id: _id, ...columns } = getTableColumns(siteRebuild);
const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

function toRow(record: Omit<typeof siteRebuild.$inferSelect, 'id'>): SiteRebuildRow {
  return {
    requestedAt: record.requestedAt,
    hookSentAt: record.hookSentAt,
    hookPending: record.hookPending,
    liveAt: record.liveAt,
    liveDeployId: record.liveDeployId,
    liveBuildStartedAt: record.liveBuildStartedAt,
    error: record.error,
    errorAt: record.errorAt,
  };
}

/** Locks the row (made if a database lacks it), applies `plan` at the database's now() and writes the result. */
export async function changeSiteRebuild(db: Database, plan: (row: SiteRebuildRow, now: Date) => RebuildDecision): Promise<SiteRebuildChange> {
  return db.transaction(async (tx) => {
    // An upsert that changes nothing takes the row lock and returns the row in one statement.
    const [locked] = await tx
      .insert(siteRebuild)
      .values({ id: 1 })
      .onConflictDoUpdate({ target: siteRebuild.id, set: { id: 1 } })
      .returning({ ...columns, now: sql<Date>`now()` });
    const now = toDate(locked!.now);
    const decision = plan(toRow(locked!), now);
    await tx.update(siteRebuild).set(decision.row).where(eq(siteRebuild.id, 1));
    return { ...decision, now };
  });
}

/** The row as it is, with the database's time (for the status). */
export async function readSiteRebuild(db: Database): Promise<{ row: SiteRebuildRow; now: Date }> {
  const [record] = await db.select({ ...columns, now: sql<Date>`now()` }).from(siteRebuild).where(eq(siteRebuild.id, 1));
  if (!record) {
    const { rows } = await db.execute<{ now: Date }>(sql`SELECT now() AS now`);
    return { row: EMPTY_SITE_REBUILD, now: toDate(rows[0]!.now) };
  }
  return { row: toRow(record), now: toDate(record.now) };
}
