/**
 * Newsletter issues and the send queue (issue 29 point 23) over HTTP against a real database, mails
 * through the outbox: the role checks of every admin endpoint, drafts with localized 400s, the test
 * mail to the super user only, a send through the background function to the confirmed subscribers
 * of the issue's language (each mail with its unsubscribe link and RFC 8058 headers, nobody else
 * mailed), at most once per address when a send that died half-way resumes, and the public archive.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../db/client.ts';
import { startSending } from '../../../db/queries/newsletter/issues.ts';
import { runNewsletterSend } from '../../../netlify/functions/_shared/newsletter-send.ts';
import type { Locale, Role } from '../../../src/domain/enums.ts';
import {
  NewsletterArchiveIssueSchema,
  NewsletterArchiveSchema,
  NewsletterIssueListSchema,
  NewsletterIssueSchema,
  NewsletterTestMailAnswerSchema,
  type NewsletterIssue,
} from '../../../src/domain/schemas/newsletter.ts';
import { mailsTo } from '../../support/outbox.ts';
import { createReader, dataOf, errorOf, serveForTests, type Reader } from '../../support/readers.ts';

const server = serveForTests();
const call = server.call;
const ROLES_BELOW: Role[] = ['NORMAL_USER', 'POWER_USER', 'GOLDEN_USER'];
let admin: Reader;
const below = new Map<Role, Reader>();
const created: string[] = [];
const issues: string[] = [];
const tag = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  admin = await createReader(server.url(), { role: 'SUPER_USER' });
  for (const role of ROLES_BELOW) below.set(role, await createReader(server.url(), { role }));
});

afterAll(async () => {
  const db = await getDb();
  if (issues.length) await db.execute(sql`DELETE FROM newsletter_issues WHERE id = ANY(${`{${issues.join(',')}}`}::uuid[])`);
  if (created.length) await db.execute(sql`DELETE FROM newsletter_subscriptions WHERE id = ANY(${`{${created.join(',')}}`}::uuid[])`);
});

/** A subscription straight in the database: confirmed (or not), perhaps unsubscribed. */
async function subscriber(language: Locale, state: 'confirmed' | 'pending' | 'unsubscribed' = 'confirmed') {
  const email = `issue-${state}-${Date.now()}-${tag()}@example.org`;
  const { rows } = await (await getDb()).execute(sql`
    INSERT INTO newsletter_subscriptions (email, language, consent_at, consent_text_version, confirmed_at, unsubscribed_at)
    VALUES (${email}, ${language}, now() - interval '1 day', '2026-11-26',
            ${state === 'pending' ? null : sql`now() - interval '1 hour'`}, ${state === 'unsubscribed' ? sql`now()` : null})
    RETURNING id`);
  const id = (rows[0] as { id: string }).id;
  created.push(id);
  return { id, email };
}

async function draft(language: Locale, subject: string, body = '# Hello\n\nNew **books** and <script>alert(1)</script>.'): Promise<NewsletterIssue> {
  const issue = dataOf(await call('POST', '/api/admin/newsletter/issues', { cookie: admin.cookie, body: { language, subject, body } }), NewsletterIssueSchema, 201);
  issues.push(issue.id);
  return issue;
}

const readIssue = async (id: string) => dataOf(await call('GET', `/api/admin/newsletter/issues/${id}`, { cookie: admin.cookie }), NewsletterIssueSchema);

async function untilSent(id: string): Promise<NewsletterIssue> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const issue = await readIssue(id);
    if (issue.status === 'sent') return issue;
    if (Date.now() > deadline) throw new Error(`Issue ${id} still ${issue.status} (${JSON.stringify(issue.progress)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const withSubject = (email: string, subject: string) => mailsTo(email).filter((m) => m.includes(`Subject: ${subject}`));
const unfold = (mail: string) => mail.replace(/\r?\n[ \t]+/g, ' ');

describe('role checks', () => {
  const endpoints: [string, string, unknown?][] = [
    ['GET', '/api/admin/newsletter/issues'],
    ['POST', '/api/admin/newsletter/issues', { language: 'en', subject: 'Role check', body: 'Text' }],
    ['GET', '/api/admin/newsletter/issues/:id'],
    ['PUT', '/api/admin/newsletter/issues/:id', { language: 'en', subject: 'Role check', body: 'Text' }],
    ['POST', '/api/admin/newsletter/issues/:id/test'],
    ['POST', '/api/admin/newsletter/issues/:id/send'],
  ];

  it.each(endpoints)('%s %s: anonymous 401, normal, power and golden 403, and nothing done', async (method, path, body) => {
    const issue = await draft('it', `Role ${tag()}`);
    const url = path.replace(':id', issue.id);
    expect((await call(method, url, { body })).status).toBe(401);
    for (const role of ROLES_BELOW) expect((await call(method, url, { body, cookie: below.get(role)!.cookie })).status, role).toBe(403);
    const after = await readIssue(issue.id);
    expect(after).toMatchObject({ status: 'draft', subject: issue.subject });
    for (const reader of below.values()) expect(mailsTo(reader.email).filter((m) => m.includes('Role '))).toHaveLength(0);
  });
});

describe('drafts', () => {
  it('are written, listed and changed by super users; bad input is a localized 400, an unknown id a 404', async () => {
    const issue = await draft('de', `Draft ${tag()}`);
    expect(issue).toMatchObject({ language: 'de', status: 'draft', recipients: 0, progress: { done: 0, total: 0, percent: 0 }, sentAt: null });
    const list = dataOf(await call('GET', '/api/admin/newsletter/issues', { cookie: admin.cookie }), NewsletterIssueListSchema);
    expect(list.items.map((i) => i.id)).toContain(issue.id);

    const changed = dataOf(
      await call('PUT', `/api/admin/newsletter/issues/${issue.id}`, { cookie: admin.cookie, body: { language: 'de', subject: 'Neu im Dezember', body: 'Mehr Bücher.' } }),
      NewsletterIssueSchema,
    );
    expect(changed).toMatchObject({ subject: 'Neu im Dezember', body: 'Mehr Bücher.' });

    const empty = await call('POST', '/api/admin/newsletter/issues', { cookie: admin.cookie, lang: 'de', body: { language: 'fr', subject: ' ', body: '' } });
    expect(errorOf(empty, 400).details?.map((d) => [d.key, d.message])).toEqual([
      ['validation.language', expect.any(String)],
      ['validation.newsletter.subject', 'Geben Sie einen Betreff mit höchstens 200 Zeichen ein.'],
      ['validation.newsletter.body', 'Schreiben Sie den Text des Newsletters (höchstens 50.000 Zeichen).'],
    ]);
    const tooLong = await call('POST', '/api/admin/newsletter/issues', { cookie: admin.cookie, body: { language: 'en', subject: 'x'.repeat(201), body: 'x' } });
    expect(errorOf(tooLong, 400).details?.[0]?.key).toBe('validation.newsletter.subject');
    expect(errorOf(await call('GET', '/api/admin/newsletter/issues/not-a-uuid', { cookie: admin.cookie, lang: 'it' }), 400).details?.[0]?.key).toBe('validation.newsletter.issue');
    expect(errorOf(await call('GET', '/api/admin/newsletter/issues/00000000-0000-4000-8000-000000000000', { cookie: admin.cookie }), 404).message).toBe('Newsletter issue not found.');
  });

  it('mail a test to the signed-in super user only, marked as a test, the markdown rendered safely', async () => {
    const subject = `Testmail ${tag()}`;
    const issue = await draft('en', subject);
    const answer = dataOf(await call('POST', `/api/admin/newsletter/issues/${issue.id}/test`, { cookie: admin.cookie }), NewsletterTestMailAnswerSchema);
    expect(answer).toEqual({ status: 'test_sent', to: admin.email });
    const [mail] = withSubject(admin.email, `[Test] ${subject}`);
    expect(mail).toBeTruthy();
    const html = mail!.slice(mail!.indexOf('Content-Type: text/html'));
    expect(html).toContain('<h1>Hello</h1>');
    expect(html).toContain('<strong>books</strong>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(mail).toContain(`${server.url()}/en/newsletter/unsubscribe`);
    expect((await readIssue(issue.id)).status).toBe('draft');
  });
});

describe('sending', () => {
  it('mails every confirmed subscriber of the language once, with the unsubscribe link and one-click headers, and nobody else', async () => {
    const [a, b] = [await subscriber('it'), await subscriber('it')];
    const pending = await subscriber('it', 'pending');
    const gone = await subscriber('it', 'unsubscribed');
    const german = await subscriber('de');
    const subject = `Novita ${tag()}`;
    const issue = await draft('it', subject);

    const started = dataOf(await call('POST', `/api/admin/newsletter/issues/${issue.id}/send`, { cookie: admin.cookie }), NewsletterIssueSchema, 202);
    expect(started.status).toBe('sending');
    expect(started.recipients).toBeGreaterThanOrEqual(2);
    // A second click, and a change, are refused: the queue runs once and sends what was shown.
    expect(errorOf(await call('POST', `/api/admin/newsletter/issues/${issue.id}/send`, { cookie: admin.cookie }), 409).code).toBe('CONFLICT');
    expect(errorOf(await call('PUT', `/api/admin/newsletter/issues/${issue.id}`, { cookie: admin.cookie, body: { language: 'it', subject: 'x', body: 'y' } }), 409).code).toBe('CONFLICT');

    const sent = await untilSent(issue.id);
    expect(sent.progress.percent).toBe(100);
    expect(sent.sentAt).not.toBeNull();
    for (const { id, email } of [a, b]) {
      const mails = withSubject(email, subject);
      expect(mails, email).toHaveLength(1);
      const mail = unfold(mails[0]!);
      expect(mail).toMatch(new RegExp(`^List-Unsubscribe: <${server.url()}/api/newsletter/unsubscribe\\?token=${id}\\.[A-Za-z0-9_-]{43}>$`, 'm'));
      expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(mail).toContain(`${server.url()}/it/newsletter/unsubscribe?token=${id}.`);
      expect(mail).toContain('<h1>Hello</h1>');
    }
    for (const { email } of [pending, gone, german]) expect(withSubject(email, subject), email).toHaveLength(0);
    const { rows } = await (await getDb()).execute(sql`SELECT status, count(*)::int AS n FROM newsletter_deliveries WHERE issue_id = ${issue.id} GROUP BY status`);
    expect(rows).toEqual([{ status: 'sent', n: sent.progress.done }]);
  });

  it('resumes a send whose worker died half-way, and mails no address twice', async () => {
    const mine = [];
    for (let i = 0; i < 5; i++) mine.push(await subscriber('en'));
    const subject = `Resumed ${tag()}`;
    const issue = await draft('en', subject);
    const db = await getDb();
    await startSending(db, issue.id);
    // One address was recorded by a worker that died before its mail went out: at most once means never again.
    const lost = mine[0]!;
    await db.execute(sql`INSERT INTO newsletter_deliveries (issue_id, subscription_id) VALUES (${issue.id}, ${lost.id})`);
    // A worker sends one batch of two and dies holding its lease.
    await runNewsletterSend(issue.id, { origin: server.url(), batchSize: 2, maxBatches: 1 });
    const half = await readIssue(issue.id);
    expect(half.status).toBe('sending');
    expect(half.progress.done).toBe(3);
    // Its lease runs out; the admin screen's next poll asks for a new worker, which finishes the rest.
    await db.execute(sql`UPDATE newsletter_issues SET lease_until = now() - interval '1 second' WHERE id = ${issue.id}`);
    const sent = await untilSent(issue.id);
    expect(sent.progress.done).toBe(sent.recipients);
    expect(withSubject(lost.email, subject)).toHaveLength(0);
    for (const { email } of mine.slice(1)) expect(withSubject(email, subject), email).toHaveLength(1);
    const { rows } = await db.execute(sql`SELECT count(*)::int AS n, count(DISTINCT subscription_id)::int AS d FROM newsletter_deliveries WHERE issue_id = ${issue.id}`);
    expect(rows[0]).toEqual({ n: sent.recipients, d: sent.recipients });
    // A stray or repeated worker call for a sent issue does nothing.
    await runNewsletterSend(issue.id, { origin: server.url() });
    for (const { email } of mine.slice(1)) expect(withSubject(email, subject)).toHaveLength(1);
  });

  it('refuses a worker request without our signature', async () => {
    const issue = await draft('de', `Unsigned ${tag()}`);
    await startSending(await getDb(), issue.id);
    await (await getDb()).execute(sql`UPDATE newsletter_issues SET lease_until = now() + interval '1 hour' WHERE id = ${issue.id}`);
    const res = await fetch(`${server.url()}/.netlify/functions/newsletter-send-background`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-newsletter-signature': 'forged' },
      body: JSON.stringify({ issueId: issue.id }),
    });
    expect(res.status).toBe(202);
    await new Promise((r) => setTimeout(r, 300));
    const { rows } = await (await getDb()).execute(sql`SELECT count(*)::int AS n FROM newsletter_deliveries WHERE issue_id = ${issue.id}`);
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe('the public archive', () => {
  it('lists sent issues of a language, newest first, and shows one rendered safely; drafts are not public', async () => {
    const subject = `Archiv ${tag()}`;
    const issue = await draft('de', subject);
    const hidden = await draft('de', `Entwurf ${tag()}`);
    await call('POST', `/api/admin/newsletter/issues/${issue.id}/send`, { cookie: admin.cookie });
    await untilSent(issue.id);

    const de = await call('GET', '/api/newsletter/issues?language=de');
    expect(de.headers.get('cache-control')).toBe('public, max-age=60');
    const items = dataOf(de, NewsletterArchiveSchema).items;
    expect(items[0]).toMatchObject({ id: issue.id, subject, language: 'de' });
    expect(items.map((i) => i.id)).not.toContain(hidden.id);
    expect(dataOf(await call('GET', '/api/newsletter/issues?language=it'), NewsletterArchiveSchema).items.map((i) => i.id)).not.toContain(issue.id);

    const one = dataOf(await call('GET', `/api/newsletter/issues/${issue.id}`), NewsletterArchiveIssueSchema);
    expect(one.html).toContain('<h1>Hello</h1>');
    expect(one.html).not.toContain('<script>');
    expect((await call('GET', `/api/newsletter/issues/${hidden.id}`)).status).toBe(404);
    expect(errorOf(await call('GET', '/api/newsletter/issues?language=fr', { lang: 'it' }), 400).details?.[0]?.key).toBe('validation.language');
  });
});
