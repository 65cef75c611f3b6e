/**
 * The idempotency keys of writes (issue 27 point 7; ADR 0031): claim a key before the write runs,
 * keep its answer after, or free it again when the answer is not kept. Rules:
 * `src/domain/runtime/idempotency.ts`.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../client.ts';
import type { IdempotencyCutoffs, StoredAnswer } from '../../../src/domain/runtime/idempotency.ts';
import { deleteInBatches } from './batched-delete.ts';

/** A request under a key: whose, which key, and what it asks. */
export interface KeyedRequest {
  scope: string;
  key: string;
  method: string;
  path: string;
  fingerprint: string;
}

/** What a claim found: the key is ours now, or another request's row (its fingerprint and kept answer). */
export type Claim = { claimed: true } | { claimed: false; kept: { fingerprint: string; status: number | null; answer: StoredAnswer | null } };

interface KeptRow {
  fingerprint: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
}

/**
 * Claims the key for this request (a row with no answer yet), replacing a row past its window or an
 * abandoned claim; otherwise returns the row that holds it. One statement in the usual case: the
 * insert, and in the same statement the row as it was before (a row another request inserts at the
 * same moment is read by a second statement once that one has committed).
 */
export async function claimIdempotencyKey(db: Database, request: KeyedRequest, now: Date, cutoffs: IdempotencyCutoffs): Promise<Claim> {
  const { scope, key, method, path, fingerprint } = request;
  const { rows } = await db.execute(sql`
    WITH claimed AS (
      INSERT INTO idempotency_keys AS k (scope, key, method, path, fingerprint, created_at)
      VALUES (${scope}, ${key}, ${method}, ${path}, ${fingerprint}, ${now}::timestamptz)
      ON CONFLICT (scope, key) DO UPDATE
        SET method = EXCLUDED.method, path = EXCLUDED.path, fingerprint = EXCLUDED.fingerprint,
            status = NULL, headers = NULL, body = NULL, created_at = EXCLUDED.created_at
        WHERE k.created_at < ${cutoffs.expiredBefore}::timestamptz
           OR (k.status IS NULL AND k.created_at < ${cutoffs.abandonedBefore}::timestamptz)
      RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM claimed) AS claimed, k.fingerprint, k.status, k.headers, k.body
    FROM (SELECT 1) AS one
    LEFT JOIN idempotency_keys k ON k.scope = ${scope} AND k.key = ${key}`);
  const row = rows[0] as { claimed: boolean } & Partial<KeptRow>;
  if (row.claimed) return { claimed: true };
  if (row.fingerprint != null) return { claimed: false, kept: keptOf(row as KeptRow) };
  // Inserted by a request that committed after this statement began: read it now.
  const again = await db.execute(sql`SELECT fingerprint, status, headers, body FROM idempotency_keys WHERE scope = ${scope} AND key = ${key}`);
  const kept = again.rows[0] as KeptRow | undefined;
  // Freed again in between: claim afresh.
  return kept ? { claimed: false, kept: keptOf(kept) } : claimIdempotencyKey(db, request, now, cutoffs);
}

function keptOf(row: KeptRow): Extract<Claim, { claimed: false }>['kept'] {
  const status = row.status === null ? null : Number(row.status);
  return { fingerprint: row.fingerprint, status, answer: status === null ? null : { status, headers: row.headers ?? {}, body: row.body } };
}

/** The row of a key (polled while its first request runs), or null once it was freed. */
export async function findIdempotencyKey(db: Database, scope: string, key: string): Promise<Extract<Claim, { claimed: false }>['kept'] | null> {
  const { rows } = await db.execute(sql`SELECT fingerprint, status, headers, body FROM idempotency_keys WHERE scope = ${scope} AND key = ${key}`);
  const row = rows[0] as KeptRow | undefined;
  return row ? keptOf(row) : null;
}

/** Keeps the first request's answer in its claimed row. */
export async function keepIdempotentAnswer(db: Database, scope: string, key: string, answer: StoredAnswer): Promise<void> {
  await db.execute(sql`
    UPDATE idempotency_keys SET status = ${answer.status}, headers = ${JSON.stringify(answer.headers)}::jsonb, body = ${answer.body}
    WHERE scope = ${scope} AND key = ${key} AND status IS NULL`);
}

/** Frees a claimed key whose answer is not kept (a refusal, a failure): a retry runs afresh. */
export async function releaseIdempotencyKey(db: Database, scope: string, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM idempotency_keys WHERE scope = ${scope} AND key = ${key} AND status IS NULL`);
}

/** The hourly prune: keys past their window (an abandoned claim is older still by then). */
export async function pruneIdempotencyKeys(db: Database, expiredBefore: Date): Promise<number> {
  const stale = sql`created_at < ${expiredBefore}::timestamptz`;
  return deleteInBatches(
    db,
    10_000,
    (batch) => sql`DELETE FROM idempotency_keys WHERE (scope, key) IN (SELECT scope, key FROM idempotency_keys WHERE ${stale} LIMIT ${batch}) AND ${stale} RETURNING 1`,
  );
}
