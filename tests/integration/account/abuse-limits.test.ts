/**
 * Issue 27 points 1, 2, 3 and 6 (docs/decisions/0029-account-abuse-limits.md): each attack of the
 * issue, and the owner's way through it.
 * 1. A registration of an address not verified yet cannot give the account to anyone else.
 * 2. A stranger cannot keep the owner from a password reset, a confirmation link or the newsletter.
 * 3. The last super user can neither delete nor demote themself, by any path.
 * 6. Guesses spread over many addresses slow down; the owner's browser is never slowed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedConnection, getDb } from '../../../db/client.ts';
import { startLocalServer, type LocalServer } from '../../../scripts/local-server.ts';
import { awaitMails, latestToken, mailsTo } from '../../support/outbox.ts';
import { createReader, READER_PASSWORD } from '../../support/readers.ts';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ trustTestClientIp: true });
});
afterAll(async () => {
  await server.close();
  await closeSharedConnection();
});

const VICTIM_PASSWORD = 'Opfer-Passwort-2026!';
const ATTACKER_PASSWORD = 'Angreifer-Passwort-66?';
let clientSeq = 0;
/** Each request group acts from its own client address (198.18.0.0/15, benchmarking addresses). */
const newClient = () => `198.18.${Math.floor(++clientSeq / 250)}.${clientSeq % 250}`;
const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;
const settle = () => new Promise((r) => setTimeout(r, 300));

interface Answer {
  status: number;
  res: Response;
  json: { data?: unknown; error?: { code: string; message: string; retryAfter?: number } } | undefined;
  cookies: string[];
}

async function call(method: string, path: string, options: { body?: unknown; cookie?: string; ip?: string; lang?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'accept-language': options.lang ?? 'en', 'x-test-client-ip': options.ip ?? newClient() };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), redirect: 'manual' });
  const text = await res.text();
  return { status: res.status, res, json: text ? JSON.parse(text) : undefined, cookies: res.headers.getSetCookie().map((c) => c.split(';')[0]!) };
}

const cookieNamed = (answer: Answer, name: string) => answer.cookies.find((c) => c.startsWith(`${name}=`));
const login = (email: string, password: string, options: { ip?: string; cookie?: string } = {}) => call('POST', '/api/auth/login', { body: { email, password }, ...options });
const comparable = (a: Answer) => ({ status: a.status, body: a.json, headers: [...a.res.headers].filter(([name]) => !['date', 'x-nf-request-id'].includes(name)) });

describe('point 1: registering an address that is not verified yet', () => {
  it("the issue's attack: the victim's registration mails them, and the password they choose by it counts, not the attacker's", async () => {
    const victim = unique('victim');
    const attackerIp = newClient();
    const victimIp = newClient();
    const first = await call('POST', '/api/auth/register', { body: { email: victim, password: ATTACKER_PASSWORD, firstName: 'Mallory' }, ip: attackerIp });
    const attackerLink = await latestToken(victim, 'verify-email');
    const second = await call('POST', '/api/auth/register', { body: { email: victim, password: VICTIM_PASSWORD }, ip: victimIp });
    // Same answer, and the victim always gets a mail: a link to confirm the address by choosing the password.
    expect(comparable(second)).toEqual(comparable(first));
    const [, claimMail] = await awaitMails(victim, 2);
    expect(claimMail).toContain('/en/reset-password?token=');
    expect(claimMail).toMatch(/choose/i);
    // The confirmation link of the first registration (the attacker's password) no longer works.
    expect((await call('POST', '/api/auth/verify-email', { body: { token: attackerLink }, ip: victimIp })).status).toBe(409);

    // The victim asks for the mail again (the issue's flow), and confirms with the newest link.
    expect((await call('POST', '/api/auth/resend-verification', { body: { email: victim }, ip: victimIp })).status).toBe(202);
    const claim = await latestToken(victim, 'reset-password');
    const confirmed = await call('POST', '/api/auth/reset-password', { body: { token: claim, password: VICTIM_PASSWORD }, ip: victimIp });
    expect(confirmed.status).toBe(200);
    expect(cookieNamed(confirmed, 'phantastika_device')).toBeDefined();

    expect((await login(victim, ATTACKER_PASSWORD, { ip: attackerIp })).status).toBe(401);
    expect((await login(victim, VICTIM_PASSWORD, { ip: victimIp })).status).toBe(200);
  });

  it('a registration mailed by a stranger after the owner\'s gives the owner a link to choose the password too', async () => {
    const owner = unique('owner');
    await call('POST', '/api/auth/register', { body: { email: owner, password: VICTIM_PASSWORD } });
    await latestToken(owner, 'verify-email');
    await call('POST', '/api/auth/register', { body: { email: owner, password: ATTACKER_PASSWORD } });
    const claim = await latestToken(owner, 'reset-password');
    expect((await call('POST', '/api/auth/reset-password', { body: { token: claim, password: VICTIM_PASSWORD } })).status).toBe(200);
    expect((await login(owner, VICTIM_PASSWORD)).status).toBe(200);
    expect((await login(owner, ATTACKER_PASSWORD)).status).toBe(401);
  });

  it('registering a verified address answers alike, mails its owner a notice and changes nothing', async () => {
    const { email } = await createReader(server.url);
    const again = await call('POST', '/api/auth/register', { body: { email, password: ATTACKER_PASSWORD } });
    const fresh = await call('POST', '/api/auth/register', { body: { email: unique('fresh'), password: ATTACKER_PASSWORD } });
    expect(comparable(again)).toEqual(comparable(fresh));
    const [notice] = await awaitMails(email, 1);
    expect(notice).toMatch(/already have/i);
    expect(notice).toContain('/en/forgot-password');
    expect(notice).not.toMatch(/token=/);
    expect((await login(email, READER_PASSWORD)).status).toBe(200);
    expect((await login(email, ATTACKER_PASSWORD)).status).toBe(401);
  });
});

describe('point 2: a stranger cannot stop the owner', () => {
  for (const [path, page] of [
    ['/api/auth/forgot-password', 'reset-password'],
    ['/api/auth/resend-verification', 'reset-password'],
  ] as const) {
    it(`${path}: ten requests from four addresses leave the owner's own request answered and a working link in the inbox`, async () => {
      const email = unique('target');
      if (path === '/api/auth/forgot-password') await createReader(server.url, { email });
      else await call('POST', '/api/auth/register', { body: { email, password: VICTIM_PASSWORD } });
      const strangers = [newClient(), newClient(), newClient(), newClient()];
      const statuses = [];
      for (let i = 0; i < 10; i++) statuses.push((await call('POST', path, { body: { email }, ip: strangers[i % 4] })).status);
      expect(statuses).toEqual(Array(10).fill(202));
      // Each stranger's own address is still limited (three an hour per account and address).
      const fourth = await call('POST', path, { body: { email }, ip: strangers[0] });
      expect(fourth.status).toBe(429);
      expect(Number(fourth.res.headers.get('retry-after'))).toBeGreaterThan(0);

      const own = await call('POST', path, { body: { email }, ip: newClient() });
      expect(own.status).toBe(202);
      await settle();
      // The inbox is not flooded (mails are paced per address), and the newest link works.
      expect(mailsTo(email).filter((m) => m.includes(`/${page}?token=`)).length).toBeLessThanOrEqual(3);
      const token = await latestToken(email, page);
      expect((await call('POST', '/api/auth/reset-password', { body: { token, password: VICTIM_PASSWORD } })).status).toBe(200);
      expect((await login(email, VICTIM_PASSWORD)).status).toBe(200);
    });
  }

  it('a stranger requesting a reset right after the owner does not cancel the owner\'s link', async () => {
    const { email } = await createReader(server.url);
    await call('POST', '/api/auth/forgot-password', { body: { email } });
    const owners = await latestToken(email, 'reset-password');
    await call('POST', '/api/auth/forgot-password', { body: { email } });
    await latestToken(email, 'reset-password', owners);
    expect((await call('POST', '/api/auth/reset-password', { body: { token: owners, password: VICTIM_PASSWORD } })).status).toBe(200);
  });

  it('answers a paced request exactly like any other', async () => {
    const { email } = await createReader(server.url);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(comparable(await call('POST', '/api/auth/forgot-password', { body: { email } })));
    const unknown = comparable(await call('POST', '/api/auth/forgot-password', { body: { email: unique('nobody') } }));
    for (const answer of answers) expect(answer).toEqual(unknown);
  });
});

describe('point 6: guesses spread over many addresses', () => {
  /** 40 wrong passwords, 5 from each of 8 addresses (never slowed as a pair), without the owner's browser. */
  async function distributedGuessing(email: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let a = 0; a < 8; a++) {
      const ip = newClient();
      for (let i = 0; i < 5; i++) statuses.push((await login(email, `Guess-${a}-${i}-Password!`, { ip })).status);
    }
    // However slow the machine, the account's delay is counted from now on.
    await (await getDb()).execute(sql`UPDATE rate_limits SET window_start = now() WHERE key = ${`login:account:${email}`}`);
    return statuses;
  }

  it('slows the account down for every address after ten failures: a ninth address waits even with the right password', async () => {
    const { email } = await createReader(server.url);
    const statuses = await distributedGuessing(email);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
    const ninth = await login(email, READER_PASSWORD, { ip: newClient() });
    expect(ninth.status).toBe(429);
    expect(ninth.json?.error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(ninth.res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('treats an address without an account the same', async () => {
    const statuses = await distributedGuessing(unique('ghost'));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
  });

  it("lets the owner's browser (the device cookie of an earlier sign-in) sign in at once, from any address", async () => {
    const { email } = await createReader(server.url);
    const earlier = await login(email, READER_PASSWORD, { ip: newClient() });
    const device = cookieNamed(earlier, 'phantastika_device')!;
    expect(device).toBeDefined();
    await distributedGuessing(email);
    expect((await login(email, READER_PASSWORD, { ip: newClient() })).status).toBe(429);
    const owner = await login(email, READER_PASSWORD, { ip: newClient(), cookie: device });
    expect(owner.status).toBe(200);
    // A cookie of another account, or a forged one, does not help.
    const other = await createReader(server.url);
    const otherDevice = cookieNamed(await login(other.email, READER_PASSWORD), 'phantastika_device')!;
    expect((await login(email, READER_PASSWORD, { cookie: otherDevice })).status).toBe(429);
    expect((await login(email, READER_PASSWORD, { cookie: `phantastika_device=${'9'.repeat(10)}.${'A'.repeat(43)}` })).status).toBe(429);
  });

  it('lets the owner on a new browser in through a password reset by mail, which remembers the browser', async () => {
    const { email } = await createReader(server.url);
    await distributedGuessing(email);
    const ip = newClient();
    expect((await login(email, READER_PASSWORD, { ip })).status).toBe(429);
    expect((await call('POST', '/api/auth/forgot-password', { body: { email }, ip })).status).toBe(202);
    const reset = await call('POST', '/api/auth/reset-password', { body: { token: await latestToken(email, 'reset-password'), password: VICTIM_PASSWORD }, ip });
    expect(reset.status).toBe(200);
    expect((await login(email, VICTIM_PASSWORD, { ip, cookie: cookieNamed(reset, 'phantastika_device') })).status).toBe(200);
  });

  it('limits the password check of DELETE /api/profile like a sign-in, the right password included', async () => {
    const reader = await createReader(server.url);
    const ip = newClient();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await call('DELETE', '/api/profile', { cookie: reader.cookie, body: { password: `Guess-${i}-Password!` }, ip })).status);
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    const right = await call('DELETE', '/api/profile', { cookie: reader.cookie, body: { password: READER_PASSWORD }, ip });
    expect(right.status).toBe(429);
    expect(Number(right.res.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same counters as signing in: guessing here slows sign-ins from that address too.
    expect((await login(reader.email, READER_PASSWORD, { ip })).status).toBe(429);
  });
});

describe('point 3: the last super user', () => {
  /** Runs `work` while `keep` are the only super users (other test files leave theirs behind). */
  async function onlySuperUsers(keep: string[], work: () => Promise<void>) {
    const db = await getDb();
    const ids = sql.join(keep.map((id) => sql`${id}`), sql`, `);
    const others = (await db.execute(sql`UPDATE users SET role = 'GOLDEN_USER' WHERE role = 'SUPER_USER' AND id NOT IN (${ids}) RETURNING id`)).rows as { id: string }[];
    try {
      await work();
    } finally {
      const back = sql.join([sql`NULL`, ...others.map((o) => sql`${o.id}`)], sql`, `);
      await db.execute(sql`UPDATE users SET role = 'SUPER_USER' WHERE id IN (${back})`);
    }
  }

  it('cannot delete their own account with DELETE /api/profile (409, in their language); another super user can', async () => {
    const admin = await createReader(server.url, { role: 'SUPER_USER' });
    await onlySuperUsers([admin.id], async () => {
      const refused = await call('DELETE', '/api/profile', { cookie: admin.cookie, body: { password: READER_PASSWORD }, lang: 'de' });
      expect(refused.status).toBe(409);
      expect(refused.json?.error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/^Sie sind die letzte Person mit Administratorrechten/) });
      expect((await call('GET', '/api/auth/user', { cookie: admin.cookie })).status).toBe(200);
      const english = await call('DELETE', '/api/profile', { cookie: admin.cookie, body: { password: READER_PASSWORD } });
      expect(english.json?.error?.message).toMatch(/You are the last administrator/);

      const second = await createReader(server.url, { role: 'SUPER_USER' });
      expect((await call('DELETE', '/api/profile', { cookie: second.cookie, body: { password: READER_PASSWORD } })).status).toBe(204);
    });
  });

  it('cannot demote themself on /admin/users, in their own words', async () => {
    const admin = await createReader(server.url, { role: 'SUPER_USER' });
    await onlySuperUsers([admin.id], async () => {
      const refused = await call('PATCH', `/api/admin/users/${admin.id}`, { cookie: admin.cookie, body: { role: 'NORMAL_USER' } });
      expect(refused.status).toBe(409);
      expect(refused.json?.error?.message).toMatch(/You are the last administrator/);
    });
  });

  it('two super users demoting each other at once: one succeeds, the other is refused, one super user is left', async () => {
    const [a, b] = [await createReader(server.url, { role: 'SUPER_USER' }), await createReader(server.url, { role: 'SUPER_USER' })];
    await onlySuperUsers([a.id, b.id], async () => {
      const answers = await Promise.all([
        call('PATCH', `/api/admin/users/${b.id}`, { cookie: a.cookie, body: { role: 'NORMAL_USER' } }),
        call('PATCH', `/api/admin/users/${a.id}`, { cookie: b.cookie, body: { role: 'NORMAL_USER' } }),
      ]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
      const left = await (await getDb()).execute(sql`SELECT count(*)::int AS n FROM users WHERE role = 'SUPER_USER' AND id IN (${a.id}, ${b.id})`);
      expect(left.rows[0]).toEqual({ n: 1 });
    });
  });

  it('two super users deleting their own accounts at once: one is deleted, the other is refused', async () => {
    const [a, b] = [await createReader(server.url, { role: 'SUPER_USER' }), await createReader(server.url, { role: 'SUPER_USER' })];
    await onlySuperUsers([a.id, b.id], async () => {
      const answers = await Promise.all([a, b].map((x) => call('DELETE', '/api/profile', { cookie: x.cookie, body: { password: READER_PASSWORD } })));
      expect(answers.map((x) => x.status).sort()).toEqual([204, 409]);
    });
  });
});
