/**
 * The newsletter (issue 14 points 4 and 6) over HTTP against a real database, mails through the
 * outbox: double opt-in, reused and expired links, unsubscribe from the page and with the one-click
 * POST of a composed newsletter mail's List-Unsubscribe header, answers that do not tell who is
 * subscribed, consent recorded without an IP address, the rate limit, and the admin role matrix.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../db/client.ts';
import { findSubscription } from '../../../db/queries/newsletter/subscriptions.ts';
import { sendMail } from '../../../netlify/functions/_shared/mailer.ts';
import { newsletterMailFor } from '../../../netlify/functions/_shared/newsletter.ts';
import type { Role } from '../../../src/domain/enums.ts';
import { CURRENT_CONSENT_TEXT_VERSION } from '../../../src/domain/newsletter/subscription.ts';
import { NewsletterCountsSchema } from '../../../src/domain/schemas/newsletter.ts';
import { awaitMails, mailsTo } from '../../support/outbox.ts';
import { createReader, dataOf, errorOf, serveForTests, type Reader } from '../../support/readers.ts';

const server = serveForTests();
let clientSeq = 0;
/** Each test signs up from its own address (198.51.100.0/24, TEST-NET-2): per-address limits stay apart. */
const newClient = () => `198.51.${100 + (++clientSeq >> 8)}.${clientSeq & 255}`;
const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;

interface Options {
  body?: unknown;
  raw?: string;
  contentType?: string;
  lang?: string;
  ip?: string;
  origin?: string;
  cookie?: string;
}

async function call(method: string, path: string, options: Options = {}) {
  const headers: Record<string, string> = { 'accept-language': options.lang ?? 'en', 'x-test-client-ip': options.ip ?? newClient() };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  const res = await fetch(`${server.url()}${path}`, { method, headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

const signUp = (email: string, options: Options & { language?: string } = {}) =>
  call('POST', '/api/newsletter', { ...options, body: options.body ?? { email, language: options.language ?? 'en', consentTextVersion: CURRENT_CONSENT_TEXT_VERSION } });

/** The token of the newest confirmation link mailed to an address (waits for it: mail goes out after the answer). */
async function confirmToken(email: string, other?: string): Promise<{ token: string; mail: string }> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const mail = mailsTo(email).reverse().find((m) => m.includes('/newsletter/confirm?token='));
    const token = mail && /\/newsletter\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
    if (mail && token && token !== other) return { token, mail };
    if (Date.now() > deadline) throw new Error(`No ${other ? 'new ' : ''}confirmation link mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Makes the pending link of `email` look mailed `minutes` ago (a new link replaces only links at least a minute old). */
async function mailedMinutesAgo(email: string, minutes: number) {
  await (await getDb()).execute(sql`UPDATE newsletter_subscriptions
    SET confirm_token_expires_at = confirm_token_expires_at - make_interval(mins => ${minutes}) WHERE email = ${email}`);
}

const confirm = (token: string) => call('POST', '/api/newsletter/confirm', { body: { token } });

async function confirmedSubscriber(language = 'en') {
  const email = unique('confirmed');
  expect((await signUp(email, { language })).status).toBe(202);
  expect((await confirm((await confirmToken(email)).token)).status).toBe(200);
  const row = (await findSubscription(await getDb(), email))!;
  return { email, row };
}

describe('double opt-in', () => {
  it('mails a single-use link in the chosen language, records consent without any address, confirms once', async () => {
    const email = unique('opt-in');
    const before = new Date();
    const answer = await signUp(email.toUpperCase(), { language: 'de', lang: 'en' });
    expect(answer.status).toBe(202);
    expect(answer.json).toEqual({ success: true, data: { status: 'confirmation_sent' } });

    const { token, mail } = await confirmToken(email);
    expect(mail).toMatch(/^Subject: =\?UTF-8\?/m); // the German subject, MIME-encoded
    expect(mail).toContain('Phantastika-Newsletter angemeldet'); // German (the ASCII part of a quoted-printable line)
    expect(mail).toContain('48 Stunden');
    expect(mail).toContain(`/de/newsletter/confirm?token=${token}`);

    const pending = (await findSubscription(await getDb(), email))!;
    expect(Object.keys(pending).sort()).toEqual(
      ['confirmTokenExpiresAt', 'confirmTokenHash', 'confirmedAt', 'consentAt', 'consentTextVersion', 'createdAt', 'email', 'id', 'language', 'unsubscribedAt'].sort(),
    );
    expect(pending).toMatchObject({ email, language: 'de', consentTextVersion: CURRENT_CONSENT_TEXT_VERSION, confirmedAt: null, unsubscribedAt: null });
    expect(pending.consentAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(pending.confirmTokenHash).not.toBe(token);
    expect(pending.confirmTokenExpiresAt!.getTime() - pending.consentAt!.getTime()).toBe(48 * 3600 * 1000);
    const columns = (await (await getDb()).execute(sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'newsletter_subscriptions'`)).rows.map((r) => String(r.column_name));
    expect(columns.filter((c) => /ip|addr|agent/i.test(c))).toEqual([]);

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({ success: true, data: { status: 'confirmed' } });
    expect((await findSubscription(await getDb(), email))!.confirmedAt).toBeInstanceOf(Date);

    const reused = await call('POST', '/api/newsletter/confirm', { body: { token }, lang: 'de' });
    expect(reused.status).toBe(409);
    expect(errorOf(reused as never, 409).details).toEqual([{ path: 'token', key: 'validation.token.used', message: 'Dieser Link wurde bereits verwendet.' }]);
  });

  it('refuses an expired link, and an unknown one', async () => {
    const email = unique('expired');
    await signUp(email);
    const { token } = await confirmToken(email);
    await (await getDb()).execute(sql`UPDATE newsletter_subscriptions SET confirm_token_expires_at = now() - interval '1 second' WHERE email = ${email}`);
    const expired = await confirm(token);
    expect(errorOf(expired as never, 400).details?.[0]?.key).toBe('validation.token.expired');
    expect((await findSubscription(await getDb(), email))!.confirmedAt).toBeNull();

    const unknown = await confirm('A'.repeat(43));
    expect(errorOf(unknown as never, 400).details?.[0]?.key).toBe('validation.token');
  });

  it('deletes sign-ups never confirmed 30 days after their consent, and keeps confirmed ones', async () => {
    const stale = unique('stale');
    await signUp(stale);
    await confirmToken(stale);
    const { email: kept } = await confirmedSubscriber();
    await (await getDb()).execute(sql`UPDATE newsletter_subscriptions SET consent_at = now() - interval '31 days' WHERE email IN (${stale}, ${kept})`);
    const next = unique('next');
    await signUp(next);
    await confirmToken(next);
    expect(await findSubscription(await getDb(), stale)).toBeNull();
    expect(await findSubscription(await getDb(), kept)).not.toBeNull();
  });

  it('deletes an unsubscribed address with its proof of consent three years after unsubscribing, and not before', async () => {
    const { email: old } = await confirmedSubscriber();
    const { email: recent } = await confirmedSubscriber();
    const db = await getDb();
    await db.execute(sql`UPDATE newsletter_subscriptions SET unsubscribed_at = now() - interval '3 years 1 day' WHERE email = ${old}`);
    await db.execute(sql`UPDATE newsletter_subscriptions SET unsubscribed_at = now() - interval '2 years 11 months' WHERE email = ${recent}`);
    const next = unique('after-three-years');
    await signUp(next);
    await confirmToken(next);
    expect(await findSubscription(db, old)).toBeNull();
    expect(await findSubscription(db, recent)).not.toBeNull();
  });

  it('a new sign-up before confirming sends a new link and the old one, mailed a minute or more before, stops working', async () => {
    const email = unique('again');
    const ip = newClient();
    await signUp(email, { ip });
    const first = (await confirmToken(email)).token;
    await mailedMinutesAgo(email, 2);
    await signUp(email, { ip, language: 'it' });
    const second = (await confirmToken(email, first)).token;
    expect(errorOf((await confirm(first)) as never, 400).details?.[0]?.key).toBe('validation.token');
    expect((await confirm(second)).status).toBe(200);
    expect((await findSubscription(await getDb(), email))!.language).toBe('it');
  });

  it('a second sign-up less than a minute after the first, perhaps a stranger\'s, keeps the first link working (issue 27 point 2)', async () => {
    const email = unique('soon');
    await signUp(email, { ip: newClient() });
    const first = (await confirmToken(email)).token;
    expect((await signUp(email, { ip: newClient(), language: 'it' })).status).toBe(202);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(email)).toHaveLength(1);
    expect((await confirm(first)).status).toBe(200);
  });

  it('a stranger signing an address up from many clients cannot keep its owner from a working link (issue 27 point 2)', async () => {
    const email = unique('crowded');
    const strangers = [newClient(), newClient(), newClient(), newClient()];
    for (let i = 0; i < 10; i++) expect((await signUp(email, { ip: strangers[i % 4] })).status).toBe(202);
    // The owner, from their own address, is answered like anyone, and the newest link in the inbox works.
    expect((await signUp(email, { ip: newClient() })).status).toBe(202);
    await awaitMails(email, 1);
    await new Promise((r) => setTimeout(r, 300));
    const mails = mailsTo(email);
    expect(mails.length).toBeLessThanOrEqual(3); // paced: the inbox is not flooded
    expect((await confirm((await confirmToken(email)).token)).status).toBe(200);
  });
});

describe('no answer tells whether an address is subscribed', () => {
  it('answers a new, a pending, a confirmed and an unsubscribed address with the same status, body and headers, and mails a confirmed one nothing', async () => {
    const fresh = unique('fresh');
    const pending = unique('pending');
    await signUp(pending);
    await confirmToken(pending);
    const { email: confirmed, row } = await confirmedSubscriber();
    const gone = await confirmedSubscriber();
    await (await getDb()).execute(sql`UPDATE newsletter_subscriptions SET unsubscribed_at = now() WHERE id = ${gone.row.id}`);

    await mailedMinutesAgo(pending, 2);
    const answers = [];
    for (const email of [fresh, pending, confirmed, gone.email]) answers.push(await signUp(email));
    const shape = (a: Awaited<ReturnType<typeof call>>) => ({
      status: a.status,
      body: a.text,
      headers: [...a.headers.entries()].filter(([name]) => name !== 'date' && name !== 'x-nf-request-id').sort(),
    });
    for (const answer of answers.slice(1)) expect(shape(answer)).toEqual(shape(answers[0]!));

    // The new, pending and unsubscribed addresses get a link; the confirmed one keeps its state and gets nothing.
    await confirmToken(fresh);
    expect((await awaitMails(pending, 2)).length).toBe(2);
    expect((await awaitMails(gone.email, 2)).length).toBe(2);
    expect(mailsTo(confirmed)).toHaveLength(1);
    expect(await findSubscription(await getDb(), confirmed)).toEqual(row);
  });
});

/** The List-Unsubscribe URL and the unsubscribe page's link of a mail (long header lines unfolded, RFC 5322 2.2.3). */
function unsubscribeLinksOf(raw: string) {
  const mail = raw.replace(/\r?\n[ \t]+/g, ' ');
  return {
    oneClick: /^List-Unsubscribe: <([^>]+)>$/m.exec(mail)?.[1],
    post: /^List-Unsubscribe-Post: (.+)$/m.exec(mail)?.[1],
    page: /(https?:\/\/\S+\/(?:en|de|it)\/newsletter\/unsubscribe\?token=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/.exec(mail)?.[1],
  };
}

const oneClickPost = (url: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });

const askForLink = (email: string, options: Options & { language?: string } = {}) =>
  call('POST', '/api/newsletter/unsubscribe-link', { ...options, body: options.body ?? { email, language: options.language ?? 'en' } });

describe('the confirmation mail (issue 29 point 23)', () => {
  it('carries the unsubscribe link and the one-click headers, and one click ends the pending sign-up', async () => {
    const email = unique('confirm-unsub');
    await signUp(email, { language: 'it' });
    const { token, mail } = await confirmToken(email);
    const row = (await findSubscription(await getDb(), email))!;
    const links = unsubscribeLinksOf(mail);
    expect(links.oneClick).toMatch(new RegExp(`^${server.url()}/api/newsletter/unsubscribe\\?token=${row.id}\\.[A-Za-z0-9_-]{43}$`));
    expect(links.post).toBe('List-Unsubscribe=One-Click');
    expect(links.page).toBe(`${server.url()}/it/newsletter/unsubscribe?token=${row.id}.${links.oneClick!.split('.').at(-1)}`);
    expect(mail).toContain('Annulla l'); // the Italian footer text

    expect((await oneClickPost(links.oneClick!)).status).toBe(200);
    expect((await findSubscription(await getDb(), email))!.unsubscribedAt).toBeInstanceOf(Date);
    // The confirmation link no longer subscribes: the reader said no.
    expect(errorOf((await confirm(token)) as never, 409).details?.[0]?.key).toBe('validation.token.used');
  });
});

describe('the unsubscribe page without a token (issue 29 point 23)', () => {
  it('mails a subscriber their link in the page\'s language; the link works', async () => {
    const { email, row } = await confirmedSubscriber('en');
    const answer = await askForLink(email.toUpperCase(), { language: 'de' });
    expect(answer.status).toBe(202);
    expect(answer.json).toEqual({ success: true, data: { status: 'link_sent' } });
    const mail = (await awaitMails(email, 2))[1]!;
    expect(mail).toContain('Abmeldung'); // German subject and text
    const links = unsubscribeLinksOf(mail);
    expect(links.page).toMatch(new RegExp(`/de/newsletter/unsubscribe\\?token=${row.id}\\.`));
    expect(links.post).toBe('List-Unsubscribe=One-Click');
    const token = new URL(links.page!).searchParams.get('token');
    expect((await call('POST', '/api/newsletter/unsubscribe', { body: { token } })).status).toBe(200);
    expect((await findSubscription(await getDb(), email))!.unsubscribedAt).toBeInstanceOf(Date);
  });

  it('answers unknown, pending, confirmed and unsubscribed addresses alike, and mails only those not unsubscribed', async () => {
    const unknown = unique('ask-unknown');
    const pending = unique('ask-pending');
    await signUp(pending);
    await confirmToken(pending);
    const { email: confirmed } = await confirmedSubscriber();
    const gone = await confirmedSubscriber();
    await (await getDb()).execute(sql`UPDATE newsletter_subscriptions SET unsubscribed_at = now() WHERE id = ${gone.row.id}`);
    const answers = [];
    for (const email of [unknown, pending, confirmed, gone.email]) answers.push(await askForLink(email));
    const shape = (a: Awaited<ReturnType<typeof call>>) => ({
      status: a.status,
      body: a.text,
      headers: [...a.headers.entries()].filter(([name]) => name !== 'date' && name !== 'x-nf-request-id').sort(),
    });
    for (const answer of answers.slice(1)) expect(shape(answer)).toEqual(shape(answers[0]!));
    expect((await awaitMails(pending, 2)).length).toBe(2);
    expect((await awaitMails(confirmed, 2)).length).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(unknown)).toHaveLength(0);
    expect(mailsTo(gone.email)).toHaveLength(1);
  });

  it('is rate limited like the other mail links, paces the mails to one address, and answers bad input with a localized 400', async () => {
    const { email } = await confirmedSubscriber();
    const ip = newClient();
    for (let i = 0; i < 3; i++) expect((await askForLink(email, { ip })).status).toBe(202);
    const limited = await askForLink(email, { ip });
    expect(errorOf(limited as never, 429).code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // From many clients, a stranger still cannot flood the inbox.
    for (let i = 0; i < 4; i++) await askForLink(email);
    await new Promise((r) => setTimeout(r, 400));
    expect(mailsTo(email).length).toBeLessThanOrEqual(1 + 3);

    const bad = await askForLink('x', { body: { email: 'not an address', language: 'de' }, lang: 'de' });
    expect(errorOf(bad as never, 400).details?.[0]).toMatchObject({ path: 'email', key: 'validation.email' });
    expect(errorOf((await askForLink('x', { body: { email: 'a@example.org', language: 'fr' } })) as never, 400).details?.[0]?.key).toBe('validation.language');
    expect((await askForLink(unique('foreign'), { origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe('unsubscribe', () => {
  it('every newsletter mail carries an unsubscribe link and the one-click headers, and the one-click POST ends the subscription', async () => {
    const { email, row } = await confirmedSubscriber('it');
    const composed = newsletterMailFor(server.url(), { id: row.id, email, language: 'it' }, { subject: 'Novità', text: 'Ciao', html: '<p>Ciao</p>' });
    await sendMail(composed);
    // Long header lines are folded (RFC 5322 2.2.3): unfold before reading them.
    const mail = (await awaitMails(email, 2))[1]!.replace(/\r?\n[ \t]+/g, ' ');
    const header = /^List-Unsubscribe: <([^>]+)>$/m.exec(mail)?.[1];
    expect(header).toMatch(new RegExp(`^${server.url()}/api/newsletter/unsubscribe\\?token=${row.id}\\.[A-Za-z0-9_-]{43}$`));
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(mail).toContain(`${server.url()}/it/newsletter/unsubscribe?token=${row.id}.`);
    expect(mail).toContain('Disiscriviti');

    // As a mail provider sends it: no Origin, a url-encoded form body.
    const oneClick = await fetch(header!, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toEqual({ success: true, data: { status: 'unsubscribed' } });
    const after = (await findSubscription(await getDb(), email))!;
    expect(after.unsubscribedAt).toBeInstanceOf(Date);

    // Again (a mail client may retry), and as multipart: the same answer, the first time kept.
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const again = await fetch(header!, { method: 'POST', body: form });
    expect(again.status).toBe(200);
    expect((await findSubscription(await getDb(), email))!.unsubscribedAt).toEqual(after.unsubscribedAt);
  });

  it('unsubscribes with the token from the page as JSON', async () => {
    const { email, row } = await confirmedSubscriber();
    const token = new URL(newsletterMailFor(server.url(), { id: row.id, email, language: 'en' }, { subject: 's', text: 't', html: 'h' }).link!).searchParams.get('token')!;
    expect((await call('POST', '/api/newsletter/unsubscribe', { body: { token } })).status).toBe(200);
    expect((await findSubscription(await getDb(), email))!.unsubscribedAt).toBeInstanceOf(Date);
  });

  it('refuses a forged token, a wrong one-click body, other media types and a foreign origin', async () => {
    const { email, row } = await confirmedSubscriber();
    const forged = `${row.id}.${'A'.repeat(43)}`;
    expect(errorOf((await call('POST', '/api/newsletter/unsubscribe', { body: { token: forged } })) as never, 400).details?.[0]?.key).toBe('validation.token');
    const good = new URL(newsletterMailFor(server.url(), { id: row.id, email, language: 'en' }, { subject: 's', text: 't', html: 'h' }).headers['List-Unsubscribe']!.slice(1, -1));
    const path = `${good.pathname}${good.search}`;
    const wrongBody = await call('POST', path, { raw: 'List-Unsubscribe=Yes', contentType: 'application/x-www-form-urlencoded', lang: 'de' });
    expect(errorOf(wrongBody as never, 400).details?.[0]).toMatchObject({ key: 'validation.newsletter.oneClick', message: 'Dies ist keine Ein-Klick-Abmeldung.' });
    expect((await call('POST', path, { raw: 'List-Unsubscribe=One-Click', contentType: 'text/plain' })).status).toBe(415);
    expect((await call('POST', path, { raw: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded', origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('POST', '/api/newsletter/unsubscribe', { raw: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' })).status).toBe(400);
    expect((await findSubscription(await getDb(), email))!.unsubscribedAt).toBeNull();
  });
});

describe('bad input and limits', () => {
  it('answers bad sign-ups with a localized 400 envelope, never a 500', async () => {
    const noConsent = await signUp('x@example.org', { body: { email: 'x@example.org', language: 'de' }, lang: 'de' });
    expect(errorOf(noConsent as never, 400).details).toEqual([{ path: 'consentTextVersion', key: 'validation.newsletter.consent', message: 'Bitte stimmen Sie dem Empfang des Newsletters zu.' }]);
    const badEmail = await signUp('x', { body: { email: 'not an address', language: 'it', consentTextVersion: CURRENT_CONSENT_TEXT_VERSION }, lang: 'it' });
    expect(errorOf(badEmail as never, 400).details?.map((d) => d.key)).toEqual(['validation.email']);
    expect(errorOf((await signUp('x', { body: { email: 'x@example.org', language: 'fr', consentTextVersion: CURRENT_CONSENT_TEXT_VERSION } })) as never, 400).details?.[0]?.key).toBe('validation.language');
    expect((await call('POST', '/api/newsletter', { raw: '{"email":', lang: 'de' })).status).toBe(400);
    expect((await call('POST', '/api/newsletter', { raw: 'email=x@example.org', contentType: 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await call('GET', '/api/newsletter')).status).toBe(405);
    const foreign = await signUp(unique('foreign'), { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(errorOf((await call('POST', '/api/newsletter/confirm', { body: { token: 'short' } })) as never, 400).details?.[0]?.key).toBe('validation.token');
  });

  it('limits sign-ups like the other mail-sending endpoints: three an hour per address and client', async () => {
    const email = unique('limit');
    const ip = newClient();
    for (let i = 0; i < 3; i++) expect((await signUp(email, { ip })).status).toBe(202);
    const limited = await signUp(email, { ip });
    expect(errorOf(limited as never, 429).code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('admin: counts and export', () => {
  const ROLES_BELOW: Role[] = ['NORMAL_USER', 'POWER_USER', 'GOLDEN_USER'];
  let admin: Reader;
  const below = new Map<Role, Reader>();
  beforeAll(async () => {
    admin = await createReader(server.url(), { role: 'SUPER_USER' });
    for (const role of ROLES_BELOW) below.set(role, await createReader(server.url(), { role }));
  });

  it.each(['/api/admin/newsletter', '/api/admin/newsletter/export'])('%s: anonymous 401, normal, power and golden 403, super user 200', async (path) => {
    expect((await call('GET', path)).status).toBe(401);
    for (const role of ROLES_BELOW) expect((await call('GET', path, { cookie: below.get(role)!.cookie })).status, role).toBe(403);
    expect((await call('GET', path, { cookie: admin.cookie })).status).toBe(200);
  });

  it('counts pending, confirmed per language and unsubscribed, and exports only the confirmed as CSV', async () => {
    const counts = async () => dataOf((await call('GET', '/api/admin/newsletter', { cookie: admin.cookie })) as never, NewsletterCountsSchema);
    const start = await counts();
    const pending = unique('count-pending');
    await signUp(pending);
    await confirmToken(pending);
    const { email: confirmedDe } = await confirmedSubscriber('de');
    const gone = await confirmedSubscriber('it');
    await call('POST', '/api/newsletter/unsubscribe', {
      body: { token: new URL(newsletterMailFor(server.url(), { id: gone.row.id, email: gone.email, language: 'it' }, { subject: 's', text: 't', html: 'h' }).link!).searchParams.get('token') },
    });
    const end = await counts();
    expect({
      pending: end.pending - start.pending,
      confirmed: end.confirmed - start.confirmed,
      unsubscribed: end.unsubscribed - start.unsubscribed,
      de: end.confirmedByLanguage.de - start.confirmedByLanguage.de,
      it: end.confirmedByLanguage.it - start.confirmedByLanguage.it,
    }).toEqual({ pending: 1, confirmed: 1, unsubscribed: 1, de: 1, it: 0 });

    const csv = await call('GET', '/api/admin/newsletter/export', { cookie: admin.cookie });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe('email,language,consent_at,consent_text_version,confirmed_at');
    expect(lines.find((l) => l.startsWith(`${confirmedDe},`))).toMatch(new RegExp(`^${confirmedDe.replace(/[.+]/g, '\\$&')},de,\\d{4}-.+Z,${CURRENT_CONSENT_TEXT_VERSION},\\d{4}-.+Z$`));
    expect(csv.text).not.toContain(pending);
    expect(csv.text).not.toContain(gone.email);
  });
});
