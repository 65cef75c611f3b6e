/**
 * User administration (issue 13 point 5): search by name or e-mail with pages, role changes that take
 * effect on the user's next request, deletion, the last super user kept, the role matrix, history.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../db/client.ts';
import type { Role } from '../../../src/domain/enums.ts';
import { AdminUserPageSchema, AdminUserSchema, USERS_PAGE_SIZE } from '../../../src/domain/schemas/admin-users.ts';
import { HistoryPageSchema } from '../../../src/domain/schemas/editorial.ts';
import { createReader, dataOf, errorOf, serveForTests, type Reader } from '../../support/readers.ts';

const server = serveForTests();
const call = server.call;
const ROLES_BELOW: Role[] = ['NORMAL_USER', 'POWER_USER', 'GOLDEN_USER'];
let admin: Reader;
const below = new Map<Role, Reader>();
const tag = `usradm${Date.now()}`;

beforeAll(async () => {
  admin = await createReader(server.url(), { role: 'SUPER_USER', email: `${tag}-admin@example.org` });
  for (const role of ROLES_BELOW) below.set(role, await createReader(server.url(), { role }));
});

describe('role matrix', () => {
  const cases: [string, (cookie: string | undefined, target: () => Promise<Reader>) => Promise<number>, number][] = [
    ['GET /api/admin/users', async (cookie) => (await call('GET', `/api/admin/users?q=${tag}`, { cookie })).status, 200],
    ['PATCH /api/admin/users/{id}', async (cookie, target) => (await call('PATCH', `/api/admin/users/${(await target()).id}`, { cookie, body: { role: 'GOLDEN_USER' } })).status, 200],
    ['DELETE /api/admin/users/{id}', async (cookie, target) => (await call('DELETE', `/api/admin/users/${(await target()).id}`, { cookie })).status, 200],
  ];
  it.each(cases)('%s: anonymous 401, normal, power and golden 403, super user %i', async (_name, send, ok) => {
    const someone = () => createReader(server.url());
    expect(await send(undefined, someone)).toBe(401);
    for (const role of ROLES_BELOW) expect(await send(below.get(role)!.cookie, someone), role).toBe(403);
    expect(await send(admin.cookie, someone)).toBe(ok);
  });
});

describe('searching users', () => {
  it('finds by e-mail or name, case-insensitively, 20 a page with the total, never a password hash', async () => {
    for (let i = 0; i < USERS_PAGE_SIZE + 2; i++) await createReader(server.url(), { email: `${tag}-${String(i).padStart(2, '0')}@example.org`, firstName: 'Page', lastName: `Reader${i}` });
    await createReader(server.url(), { email: `someone-${Date.now()}@example.org`, firstName: 'Zhaklin', lastName: `Q${tag}` });
    const first = dataOf(await call('GET', `/api/admin/users?q=${tag.toUpperCase()}`, { cookie: admin.cookie }), AdminUserPageSchema);
    expect(first.total).toBe(USERS_PAGE_SIZE + 2 + 1 + 1);
    expect(first.items).toHaveLength(USERS_PAGE_SIZE);
    const second = dataOf(await call('GET', `/api/admin/users?q=${tag}&page=2`, { cookie: admin.cookie }), AdminUserPageSchema);
    expect(second.items.length).toBe(4);
    expect(JSON.stringify(first)).not.toMatch(/passwordHash|password_hash|\$2[aby]\$/);
    const byName = dataOf(await call('GET', `/api/admin/users?q=${encodeURIComponent(`zhaklin q${tag}`)}`, { cookie: admin.cookie }), AdminUserPageSchema);
    expect(byName.items.map((u) => u.displayName)).toEqual([`Zhaklin Q${tag}`]);
  });

  it('treats % and _ in the search as text', async () => {
    const page = dataOf(await call('GET', '/api/admin/users?q=%25%25_%25', { cookie: admin.cookie }), AdminUserPageSchema);
    expect(page.total).toBe(0);
  });
});

describe('changing roles', () => {
  it('promotes a reader to golden: their next request has the role, their session goes on', async () => {
    const reader = await createReader(server.url());
    const changed = dataOf(await call('PATCH', `/api/admin/users/${reader.id}`, { cookie: admin.cookie, body: { role: 'GOLDEN_USER' } }), AdminUserSchema);
    expect(changed.role).toBe('GOLDEN_USER');
    const me = await call('GET', '/api/auth/user', { cookie: reader.cookie });
    expect((me.json as { data: { role: string } }).data.role).toBe('GOLDEN_USER');
    const history = dataOf(await call('GET', `/api/admin/history?entity=user&id=${reader.id}`, { cookie: admin.cookie }), HistoryPageSchema);
    expect(history.items.map((e) => [e.action, (e.before as { role: string }).role, (e.after as { role: string }).role])).toEqual([['update', 'NORMAL_USER', 'GOLDEN_USER']]);
  });

  it('refuses an unknown role (400) and an unknown user (404)', async () => {
    expect(errorOf(await call('PATCH', `/api/admin/users/${admin.id}`, { cookie: admin.cookie, body: { role: 'ROOT' } }), 400).details?.[0]?.key).toBe('validation.editorial.role');
    expect(errorOf(await call('PATCH', '/api/admin/users/00000000-0000-0000-0000-000000000000', { cookie: admin.cookie, body: { role: 'POWER_USER' } }), 404).message).toBe('User not found.');
    expect(errorOf(await call('DELETE', '/api/admin/users/not-a-uuid', { cookie: admin.cookie }), 400).code).toBe('VALIDATION');
  });

  it('keeps the last super user: they can neither demote nor delete themself (409), another super user can', async () => {
    const db = await getDb();
    // Only this test's admin is a super user while it runs (other test files leave theirs behind).
    const others = (await db.execute(sql`UPDATE users SET role = 'GOLDEN_USER' WHERE role = 'SUPER_USER' AND id <> ${admin.id} RETURNING id`)).rows as { id: string }[];
    try {
      expect(errorOf(await call('PATCH', `/api/admin/users/${admin.id}`, { cookie: admin.cookie, body: { role: 'POWER_USER' }, lang: 'de' }), 409).code).toBe('CONFLICT');
      expect(errorOf(await call('DELETE', `/api/admin/users/${admin.id}`, { cookie: admin.cookie }), 409).message).toMatch(/last administrator/);
      expect(dataOf(await call('PATCH', `/api/admin/users/${admin.id}`, { cookie: admin.cookie, body: { role: 'SUPER_USER' } }), AdminUserSchema).role).toBe('SUPER_USER');

      const second = await createReader(server.url(), { role: 'SUPER_USER' });
      expect(dataOf(await call('PATCH', `/api/admin/users/${second.id}`, { cookie: admin.cookie, body: { role: 'NORMAL_USER' } }), AdminUserSchema).role).toBe('NORMAL_USER');
      expect(errorOf(await call('GET', '/api/admin/users', { cookie: second.cookie }), 403).code).toBe('FORBIDDEN');
    } finally {
      const ids = sql.join([sql`NULL`, ...others.map((o) => sql`${o.id}`)], sql`, `);
      await db.execute(sql`UPDATE users SET role = 'SUPER_USER' WHERE id IN (${ids})`);
    }
  });

  it('deletes an account and records it', async () => {
    const reader = await createReader(server.url());
    dataOf(await call('DELETE', `/api/admin/users/${reader.id}`, { cookie: admin.cookie }), AdminUserSchema.pick({ id: true }));
    expect((await call('GET', '/api/auth/user', { cookie: reader.cookie })).status).toBe(401);
    const history = dataOf(await call('GET', `/api/admin/history?entity=user&id=${reader.id}`, { cookie: admin.cookie }), HistoryPageSchema);
    expect(history.items.map((e) => e.action)).toEqual(['delete']);
  });
});
