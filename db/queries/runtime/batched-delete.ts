/**
 * Deletes in batches (issue 26 point 6): each statement removes at most `batch` rows and commits on
 * its own, so one prune never holds many row locks or a long transaction while requests write the
 * same table. The statement repeats its condition outside the `LIMIT`ed subquery, so a row that a
 * concurrent write made fresh again (a counter's new window, a job confirmed) is rechecked and kept.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../client.ts';

/**
 * Runs `deleteStatement(batch)` (a DELETE ... RETURNING of at most `batch` rows) until a batch comes
 * back short; returns how many rows went in all.
 * @example await deleteInBatches(db, 10_000, (n) => sql`DELETE FROM t WHERE id IN (SELECT id FROM t WHERE ... LIMIT ${n}) AND ... RETURNING 1`)
 */
export async function deleteInBatches(db: Database, batch: number, deleteStatement: (batch: number) => SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await db.execute(sql`WITH gone AS (${deleteStatement(batch)}) SELECT count(*)::int AS n FROM gone`);
    const deleted = (rows[0] as { n: number }).n;
    total += deleted;
    if (deleted < batch) return total;
  }
}
