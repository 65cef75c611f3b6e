/**
 * Accounts, single-use email tokens and rate-limit counters (issue 4). Token and counter updates are
 * single statements, so two concurrent requests can never both use one link or both slip past a limit.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { EmailTokenPurpose, Locale, Role } from '../../src/domain/enums.ts';
import type { Database } from '../client.ts';
import { emailTokens, rateLimits, users } from '../schema/index.ts';
import { deleteInBatches } from './runtime/batched-delete.ts';
import { liveSessionUserIdSql, type SessionRef } from './sessions.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row ?? null;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Inserts the user; null when the email is taken (case-insensitively). */
export async function createUser(
  db: Database,
  input: { email: string; passwordHash: string; firstName?: string | null; lastName?: string | null; language: Locale; role?: Role; verified?: boolean },
): Promise<UserRow | null> {
  const [row] = await db
    .insert(users)
    .values({
      email: input.email,
      passwordHash: input.passwordHash,
      firstName: input.firstName || null,
      lastName: input.lastName || null,
      language: input.language,
      role: input.role ?? 'NORMAL_USER',
      emailVerifiedAt: input.verified ? sql`now()` : null,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Stores a new token hash and cancels the user's unused tokens of the same purpose issued at least
 * `replacesAfterSeconds` earlier (issue 27 point 2: a link mailed a moment ago keeps working, so a
 * stranger's request cannot cancel the one the owner is about to open).
 */
export async function issueEmailToken(db: Database, userId: string, purpose: EmailTokenPurpose, tokenHash: string, expiresAt: Date, replacesAfterSeconds: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
          sql`${emailTokens.createdAt} <= now() - make_interval(secs => ${replacesAfterSeconds})`,
        ),
      );
    await tx.insert(emailTokens).values({ userId, purpose, tokenHash, expiresAt });
  });
}

/** Cancels every unused token of the user and purpose, whatever its age (a contested registration, issue 27 point 1). */
export async function cancelEmailTokens(db: Database, userId: string, purpose: EmailTokenPurpose): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

export type TokenOutcome = { status: 'ok'; userId: string } | { status: 'invalid' } | { status: 'expired' } | { status: 'used' };

/** Uses a token once: the conditional UPDATE is the single point where a token turns from unused to used. */
export async function consumeEmailToken(db: Database, purpose: EmailTokenPurpose, tokenHash: string, now: Date): Promise<TokenOutcome> {
  const [used] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), sql`${emailTokens.expiresAt} > ${now}`))
    .returning({ userId: emailTokens.userId });
  if (used) return { status: 'ok', userId: used.userId };
  const [found] = await db
    .select({ usedAt: emailTokens.usedAt, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
    .limit(1);
  if (!found) return { status: 'invalid' };
  return { status: found.usedAt ? 'used' : 'expired' };
}

export async function markEmailVerified(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** Sets a new password hash and bumps the token version, so every older session ends. */
export async function setPassword(db: Database, userId: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function recordLogin(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, userId));
}

/**
 * Updates the profile of the session's user, the session checked in the same statement
 * (liveSessionUserIdSql: one round trip instead of two); null when the session is not live.
 */
export async function updateProfile(
  db: Database,
  session: SessionRef,
  patch: { firstName?: string | null; lastName?: string | null; bio?: string | null; language?: Locale },
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(sql`${users.id} = ${liveSessionUserIdSql(session)}`)
    .returning();
  return row ?? null;
}

export async function setRole(db: Database, userId: string, role: Role): Promise<void> {
  await db.update(users).set({ role, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/**
 * Locks every super user's row, in id order, and returns their ids. Every change that could leave the
 * site without a super user (a demotion, a deletion; issue 13 point 5, issue 27 point 3) takes these
 * locks first in the same transaction: two such changes run one after the other, and the second sees
 * the first's result (a row demoted or deleted meanwhile no longer matches and is left out).
 */
export async function lockSuperUsers(tx: Pick<Database, 'execute'>): Promise<string[]> {
  const result = await tx.execute(sql`SELECT id FROM users WHERE role = 'SUPER_USER' ORDER BY id FOR UPDATE`);
  return (result.rows as { id: string }[]).map((r) => r.id);
}

/** Whether `user` is a super user and no other one is among the locked `superUserIds`. */
export function isLastSuperUser(superUserIds: readonly string[], user: { id: string; role: Role }): boolean {
  return user.role === 'SUPER_USER' && !superUserIds.some((id) => id !== user.id);
}

/**
 * Deletes the account; ratings, reviews, reading list and tokens go with it (ON DELETE CASCADE). The
 * last super user is kept (issue 27 point 3): 'lastSuperUser' and nothing is deleted.
 */
export async function deleteUser(db: Database, userId: string): Promise<'deleted' | 'lastSuperUser' | 'notFound'> {
  return db.transaction(async (tx) => {
    const supers = await lockSuperUsers(tx);
    const [row] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId)).for('update');
    if (!row) return 'notFound';
    if (isLastSuperUser(supers, row)) return 'lastSuperUser';
    await tx.delete(users).where(eq(users.id, userId));
    return 'deleted';
  });
}

/** Everything stored about a user (GDPR export). */
export async function exportUserData(db: Database, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const { passwordHash: _hash, tokenVersion: _version, ...account } = user;
  const [bookRatings, reviews, list] = await Promise.all([
    db.execute(sql`SELECT b.slug AS book, r.rating, r.review, r.created_at AS "createdAt", r.updated_at AS "updatedAt"
                   FROM ratings r JOIN books b ON b.id = r.book_id WHERE r.user_id = ${userId} ORDER BY r.created_at`),
    db.execute(sql`SELECT a.slug AS author, r.rating, r.review, r.created_at AS "createdAt"
                   FROM author_reviews r JOIN authors a ON a.id = r.author_id WHERE r.user_id = ${userId} ORDER BY r.created_at`),
    db.execute(sql`SELECT b.slug AS book, l.status, l.created_at AS "createdAt", l.updated_at AS "updatedAt"
                   FROM reading_list l JOIN books b ON b.id = l.book_id WHERE l.user_id = ${userId} ORDER BY l.created_at`),
  ]);
  return { account, ratings: bookRatings.rows, authorReviews: reviews.rows, readingList: list.rows };
}

/**
 * Counts one attempt in a fixed window; returns whether it is allowed and, if not, the seconds until
 * the window ends. State lives in the database so the limit holds across function instances.
 */
export async function hitRateLimit(db: Database, key: string, limit: number, windowSeconds: number, now: Date): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const result = await db.execute(rateLimitHitSql(key, windowSeconds, now));
  const row = result.rows[0] as { count: number; remaining: number };
  return { allowed: row.count <= limit, retryAfterSeconds: Math.max(1, row.remaining) };
}

/**
 * The statement that counts one attempt of `key` in its fixed window, returning the window's `count`
 * so far and the seconds `remaining` of it. With `onlyIf`, a query yielding rows, the attempt
 * counts only when it does (a guard inside a bigger statement, see writer-guard.ts).
 */
export function rateLimitHitSql(key: string, windowSeconds: number, now: Date, onlyIf?: SQL): SQL {
  const expired = sql`rate_limits.window_start <= ${now}::timestamptz - make_interval(secs => ${windowSeconds})`;
  return sql`
    INSERT INTO rate_limits (key, window_start, count) SELECT ${key}, ${now}::timestamptz, 1 ${onlyIf ? sql`WHERE EXISTS (${onlyIf})` : sql``}
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN ${expired} THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN ${expired} THEN ${now}::timestamptz ELSE rate_limits.window_start END
    RETURNING count, extract(epoch FROM (window_start + make_interval(secs => ${windowSeconds}) - ${now}::timestamptz))::int AS remaining`;
}

/** A counter without changing it, or null when there is none. */
export async function peekRateLimit(db: Database, key: string): Promise<{ count: number; windowStart: Date } | null> {
  const [row] = await db.select({ count: rateLimits.count, windowStart: rateLimits.windowStart }).from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  return row ?? null;
}

/**
 * Counts one more failure of `key`; `window_start` holds the time of the last one, and a count whose
 * last failure is `forgetSeconds` old starts afresh (before the hourly prune gets to it).
 */
export async function recordFailure(db: Database, key: string, now: Date, forgetSeconds: number): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= ${now}::timestamptz - make_interval(secs => ${forgetSeconds}) THEN 1 ELSE rate_limits.count + 1 END,
      window_start = ${now}::timestamptz
    RETURNING count`);
  return (result.rows[0] as { count: number }).count;
}

/**
 * Moves a pace counter (src/domain/account/link-pacing.ts) from what was read, `seen` (null: no row),
 * to `sent` mails with the last at `now`; false when another request moved it meanwhile (that one
 * mails, this one does not). A compare-and-set: two requests at once never both take one slot.
 */
export async function advancePace(db: Database, key: string, seen: { count: number; windowStart: Date } | null, sent: number, now: Date): Promise<boolean> {
  const result = seen
    ? await db.execute(sql`UPDATE rate_limits SET count = ${sent}, window_start = ${now}::timestamptz
        WHERE key = ${key} AND count = ${seen.count} AND window_start = ${seen.windowStart}::timestamptz RETURNING 1`)
    : await db.execute(sql`INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now}::timestamptz, ${sent}) ON CONFLICT (key) DO NOTHING RETURNING 1`);
  return result.rows.length === 1;
}

export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * Deletes counters whose window (or last failure) started before `before`; returns how many. No index
 * on `window_start`: the table holds only the counters of the longest window (an hour) of traffic, and
 * an index would be written by every hit of the busiest table; 10,000 a statement.
 */
export async function pruneRateLimits(db: Database, before: Date): Promise<number> {
  const stale = sql`window_start < ${before}::timestamptz`;
  return deleteInBatches(db, 10_000, (batch) => sql`DELETE FROM rate_limits WHERE key IN (SELECT key FROM rate_limits WHERE ${stale} LIMIT ${batch}) AND ${stale} RETURNING 1`);
}

/**
 * Deletes e-mail links that expired before `expiredBefore`, used or not (the hourly prune, issue 26
 * point 6; how long they stay: src/domain/runtime/retention.ts). `email_tokens_expires_idx`; 10,000 a statement.
 */
export async function pruneEmailTokens(db: Database, expiredBefore: Date): Promise<number> {
  const stale = sql`expires_at < ${expiredBefore}::timestamptz`;
  return deleteInBatches(db, 10_000, (batch) => sql`DELETE FROM email_tokens WHERE id IN (SELECT id FROM email_tokens WHERE ${stale} LIMIT ${batch}) AND ${stale} RETURNING 1`);
}
