/** Server-side sessions (issue 10): a session token names its row; signing out revokes it. */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
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

/** Ends one session (sign out). */
export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user (sign out everywhere); returns how many were live. */
export async function revokeAllSessions(db: Database, userId: string): Promise<number> {
  const result = await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return result.rowCount ?? 0;
}
