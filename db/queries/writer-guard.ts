/**
 * A signed-in reader's write that checks its writer inside its own statement (issue 12 point 11):
 * the session is live (liveSessionUserIdSql) and the write is counted against the user's rate limit
 * (rateLimitHitSql), in the same statement as the write itself, so a rating costs one round trip
 * where it cost three (session, counter, write). The rules are the same as getSessionUser and
 * enforceUserRateLimit apply one by one: a dead session writes nothing and counts nothing; a write
 * past the limit is counted and refused.
 *
 * Use: `WITH ${WRITER_GUARD_CTES}, w AS (INSERT ... SELECT allowed.id, ... FROM allowed ...)
 * SELECT ${WRITER_GUARD_COLUMNS}, ...` as a statement built once (placeholders for every value, see
 * executePrepared), run with `{ ...guardValues(guard), ...its own values }`, then `writerVerdict(row, guard)`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rateLimitHitSql } from './accounts.ts';
import { liveSessionUserIdSql, SESSION_PLACEHOLDERS, type SessionRef } from './sessions.ts';

export interface WriterGuard {
  session: SessionRef;
  /** The rate-limit counter of this user and action, its limit and window. */
  key: string;
  limit: number;
  windowSeconds: number;
  now: Date;
}

/** The guard as placeholders (the names guardValues fills): a guarded write's statement is built once, not per request. */
const GUARD = {
  session: SESSION_PLACEHOLDERS,
  key: sql.placeholder('guardKey'),
  limit: sql.placeholder('guardLimit'),
  windowSeconds: sql.placeholder('guardWindow'),
  now: sql.placeholder('guardNow'),
} as unknown as WriterGuard;

/** The values of the guard's placeholders in a guarded statement (see WRITER_GUARD_CTES). */
export const guardValues = (guard: WriterGuard): Record<string, unknown> => ({
  ...guard.session,
  guardKey: guard.key,
  guardLimit: guard.limit,
  guardWindow: guard.windowSeconds,
  guardNow: guard.now,
});

/**
 * The CTEs `me` (the live session's user id, or NULL), `hit` (the write counted, only for a live
 * session) and `allowed` (the user's id when the write may go ahead, else no row), with the guard's
 * values as placeholders (guardValues).
 */
export const WRITER_GUARD_CTES: SQL = sql`me AS (SELECT ${liveSessionUserIdSql(GUARD.session)} AS id),
    hit AS (${rateLimitHitSql(GUARD.key, GUARD.windowSeconds, GUARD.now, sql`SELECT 1 FROM me WHERE me.id IS NOT NULL`)}),
    allowed AS (SELECT me.id FROM me, hit WHERE me.id IS NOT NULL AND hit.count <= ${GUARD.limit})`;

/** The guard's outcome as columns of the statement's one result row. */
export const WRITER_GUARD_COLUMNS = sql`(SELECT id FROM me) AS "writerId", (SELECT count FROM hit) AS "hitCount", (SELECT remaining FROM hit) AS "hitRemaining"`;

export interface WriterGuardRow {
  writerId: string | null;
  hitCount: number | null;
  hitRemaining: number | null;
}

export type WriterVerdict = { kind: 'signedOut' } | { kind: 'limited'; retryAfterSeconds: number } | { kind: 'allowed'; userId: string };

/** What the guard decided, read from the statement's row. */
export function writerVerdict(row: WriterGuardRow, guard: WriterGuard): WriterVerdict {
  if (row.writerId === null) return { kind: 'signedOut' };
  if ((row.hitCount ?? 0) > guard.limit) return { kind: 'limited', retryAfterSeconds: Math.max(1, row.hitRemaining ?? 1) };
  return { kind: 'allowed', userId: row.writerId };
}

/** A guarded write's outcome: refused by the guard, or allowed with the write's result (null: nothing to write to). */
export type Guarded<T> = Exclude<WriterVerdict, { kind: 'allowed' }> | { kind: 'allowed'; userId: string; result: T | null };
