/** Server-side sessions (issue 10): a session token names its row; signing out revokes it. */
import { and, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { deleteInBatches } from './runtime/batched-delete.ts';
import { sessions, users } from '../schema/index.ts';

export type UserRow = typeof users.$inferSelect;

/** Opens a session and drops the user's expired ones; returns the new session id. */
export async function createSession(db: Database, userId: string, expiresAt: Date): Promise<string> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, sql`now()`)));
  const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  return row!.id;
}

/** The user of a live session (not revoked, not expired), in one query; null otherwise. */
export async function findSessionUser(db: Database, sessionId: string, userId: string): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row?.user ?? null;
}

/** What a verified session token names: its session row, its user and the user's token version then. */
export interface SessionRef {
  sessionId: string;
  userId: string;
  version: number;
}

/** A session reference as placeholders (`sessionId`, `userId`, `version`: fill them with the SessionRef itself), for statements built once. */
export const SESSION_PLACEHOLDERS = { sessionId: sql.placeholder('sessionId'), userId: sql.placeholder('userId'), version: sql.placeholder('version') } as unknown as SessionRef;

/**
 * The user of a live session as a relation of at most one row (id, role): none when the session is
 * revoked or expired, the token's version is not the user's (password or role changed, account
 * deleted) or the e-mail is unverified: the same rules as findSessionUser, for a statement that
 * checks the session itself instead of spending a round trip on it first (issue 12 point 11).
 * @example sql`SELECT ... FROM t LEFT JOIN LATERAL ${liveSessionUserSql(ref)} me ON true`
 */
export function liveSessionUserSql(ref: SessionRef): SQL {
  return sql`(SELECT u.id, u.role FROM sessions s JOIN users u ON u.id = s.user_id
              WHERE s.id = ${ref.sessionId}::uuid AND s.user_id = ${ref.userId}::uuid AND s.revoked_at IS NULL
                AND s.expires_at > now() AND u.token_version = ${ref.version} AND u.email_verified_at IS NOT NULL)`;
}

/** The user id of a live session as a scalar subquery (NULL unless it is live; see liveSessionUserSql). */
export function liveSessionUserIdSql(ref: SessionRef): SQL {
  return sql`(SELECT live.id FROM ${liveSessionUserSql(ref)} live)`;
}

/** Ends one session (sign out). */
export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user (sign out everywhere); returns how many were live. */
export async function revokeAllSessions(db: Database, userId: string): Promise<number> {
  const result = await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return result.rowCount ?? 0;
}

/**
 * Deletes sessions that expired or were revoked before `endedBefore` (the hourly prune, issue 26
 * point 6): a dead session answers as a missing one. `sessions_expires_idx` and the partial
 * `sessions_revoked_idx` find them (a bitmap OR of the two); 10,000 a statement.
 */
export async function pruneSessions(db: Database, endedBefore: Date): Promise<number> {
  const stale = sql`(expires_at < ${endedBefore}::timestamptz OR revoked_at < ${endedBefore}::timestamptz)`;
  return deleteInBatches(db, 10_000, (batch) => sql`DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE ${stale} LIMIT ${batch}) AND ${stale} RETURNING 1`);
}
