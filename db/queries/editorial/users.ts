/**
 * User administration (issue 13 point 5): search, role changes and deletions by super users. The
 * role is read with the session on every request (netlify/functions/_shared/session.ts), so a change
 * takes effect on the user's next request without ending their sessions. The last super user keeps
 * the role: the super users are locked while a change or deletion checks that another one remains.
 * Every change is recorded in admin_history (entity 'user') in the same transaction.
 */
import { sql } from 'drizzle-orm';
import type { Role } from '../../../src/domain/enums.ts';
import { displayName } from '../../../src/domain/display-name.ts';
import { USERS_PAGE_SIZE, type AdminUser, type AdminUserPage, type UserSearchQuery } from '../../../src/domain/schemas/admin-users.ts';
import type { Database } from '../../client.ts';
import { isoTime } from '../reader/ratings.ts';
import { Refusal, rows, type Executor, type Outcome } from './common.ts';
import { recordHistory, type Actor } from './history.ts';
import { isLastSuperUser, lockSuperUsers } from '../accounts.ts';

interface UserRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  emailVerified: boolean;
  registeredAt: Date | string;
  lastLoginAt: Date | string | null;
}

const COLUMNS = sql`u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.role,
  u.email_verified_at IS NOT NULL AS "emailVerified", u.created_at AS "registeredAt", u.last_login_at AS "lastLoginAt"`;

const toUser = (row: UserRow): AdminUser => ({
  ...row,
  displayName: displayName(row),
  registeredAt: isoTime(row.registeredAt),
  lastLoginAt: row.lastLoginAt === null ? null : isoTime(row.lastLoginAt),
});

/** `%text%` for LIKE with the pattern characters of `text` escaped. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of users whose name or e-mail contains `q` (all without one), by e-mail; with the number of matches. */
export async function searchUsers(db: Database, query: UserSearchQuery): Promise<AdminUserPage> {
  const q = query.q?.trim();
  const where = q
    ? sql`WHERE lower(u.email) LIKE ${containing(q)} OR lower(concat_ws(' ', u.first_name, u.last_name)) LIKE ${containing(q)}`
    : sql``;
  const [row] = await rows<{ total: number; items: UserRow[] }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM users u ${where}) AS total,
               coalesce((SELECT json_agg(p ORDER BY lower(p.email), p.id) FROM (
                 SELECT ${COLUMNS} FROM users u ${where} ORDER BY lower(u.email), u.id
                 LIMIT ${USERS_PAGE_SIZE} OFFSET ${(query.page - 1) * USERS_PAGE_SIZE}) p), '[]') AS items`,
  );
  return { items: row!.items.map(toUser), page: query.page, pageSize: USERS_PAGE_SIZE, total: row!.total };
}

async function readUser(tx: Executor, id: string): Promise<AdminUser | null> {
  const [row] = await rows<UserRow>(tx, sql`SELECT ${COLUMNS} FROM users u WHERE u.id = ${id}`);
  return row ? toUser(row) : null;
}

/** The refusal for the last super user; in their own words when they act on themselves. */
const lastSuperUser = (actor: Actor, id: string) => new Refusal({ ok: false, reason: 'conflict', key: actor.id === id ? 'api.error.lastSuperUserSelf' : 'api.error.lastSuperUser' });

async function write<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await db.transaction(work) };
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    throw error;
  }
}

export async function changeRole(db: Database, actor: Actor, id: string, role: Role): Promise<Outcome<AdminUser>> {
  return write(db, async (tx) => {
    // A demotion locks the super users before it reads anything (issue 27 point 3): two super users
    // demoting each other at once queue on the same locks in the same order, and the second one sees
    // the first one's change.
    const supers = role === 'SUPER_USER' ? null : await lockSuperUsers(tx);
    await rows(tx, sql`SELECT id FROM users WHERE id = ${id} FOR UPDATE`);
    const before = await readUser(tx, id);
    if (!before) throw new Refusal({ ok: false, reason: 'notFound' });
    if (supers && isLastSuperUser(supers, before)) throw lastSuperUser(actor, id);
    await tx.execute(sql`UPDATE users SET role = ${role}::role, updated_at = now() WHERE id = ${id} AND role <> ${role}::role`);
    const after = (await readUser(tx, id))!;
    if (after.role !== before.role) await recordHistory(tx, { actor, entityType: 'user', entityId: id, action: 'update', before, after });
    return after;
  });
}

/** Deletes an account (ratings, reviews, list and sessions go with it); never the last super user. */
export async function deleteUserAccount(db: Database, actor: Actor, id: string): Promise<Outcome<{ id: string }>> {
  return write(db, async (tx) => {
    const supers = await lockSuperUsers(tx);
    const before = await readUser(tx, id);
    if (!before) throw new Refusal({ ok: false, reason: 'notFound' });
    if (isLastSuperUser(supers, before)) throw lastSuperUser(actor, id);
    await tx.execute(sql`DELETE FROM users WHERE id = ${id}`);
    await recordHistory(tx, { actor, entityType: 'user', entityId: id, action: 'delete', before, after: null });
    return { id };
  });
}
