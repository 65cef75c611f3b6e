/**
 * Writes under an Idempotency-Key (issue 27 point 7; ADR 0031) over HTTP through the local server and
 * the real database: the same key within 24 hours gives the first answer and writes once, also when
 * the repeats arrive together; another request under the same key is refused; keys are the reader's
 * own; refusals are not kept; a sign-in's answer (it sets the session cookie) is never replayed.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import de from '../../../locales/de.json' with { type: 'json' };
import it_ from '../../../locales/it.json' with { type: 'json' };
import { getDb } from '../../../db/client.ts';
import { ErrorEnvelopeSchema } from '../../../src/domain/envelope.ts';
import { createBook, createReader, READER_PASSWORD, serveForTests } from '../../support/readers.ts';

const server = serveForTests();

interface Sent {
  status: number;
  headers: Headers;
  text: string;
}

async function send(method: string, path: string, options: { cookie?: string; key?: string; body?: unknown; lang?: string; ip?: string } = {}): Promise<Sent> {
  const headers: Record<string, string> = { 'accept-language': options.lang ?? 'en', 'x-test-client-ip': options.ip ?? '192.0.2.200' };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.key !== undefined) headers['idempotency-key'] = options.key;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url()}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Writes the reader's write limit has counted (one per write that reached the database). */
async function writesCounted(userId: string): Promise<number> {
  const { rows } = await (await getDb()).execute(sql`SELECT count FROM rate_limits WHERE key = ${`readerWrite:user:${userId}`}`);
  return (rows[0] as { count: number } | undefined)?.count ?? 0;
}

describe('a write with an Idempotency-Key', () => {
  it('is done once: the repeat gets the first answer (201, not the 200 of a second write) and writes nothing', async () => {
    const reader = await createReader(server.url());
    const book = await createBook(`idempotent-${randomUUID().slice(0, 8)}`);
    try {
      const key = randomUUID();
      const first = await send('POST', '/api/reading-list', { cookie: reader.cookie, key, body: { bookId: book.id, status: 'to_read' } });
      expect(first.status, first.text).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const counted = await writesCounted(reader.id);

      const again = await send('POST', '/api/reading-list', { cookie: reader.cookie, key, body: { bookId: book.id, status: 'to_read' } });
      expect(again.status).toBe(201);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
      expect(again.headers.get('cache-control')).toBe('private, no-store');
      expect(again.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await writesCounted(reader.id)).toBe(counted);

      // Without a key (or with a new one) it is a new write: the book is in the list already, so 200.
      expect((await send('POST', '/api/reading-list', { cookie: reader.cookie, body: { bookId: book.id, status: 'to_read' } })).status).toBe(200);
      expect((await send('POST', '/api/reading-list', { cookie: reader.cookie, key: randomUUID(), body: { bookId: book.id, status: 'to_read' } })).status).toBe(200);
      expect(await writesCounted(reader.id)).toBe(counted + 2);
    } finally {
      await book.remove();
    }
  });

  it('is done once when the repeats arrive together: each gets the first answer', async () => {
    const reader = await createReader(server.url());
    const book = await createBook(`idempotent-together-${randomUUID().slice(0, 8)}`);
    try {
      const key = randomUUID();
      const before = await writesCounted(reader.id);
      const answers = await Promise.all(Array.from({ length: 6 }, () => send('POST', '/api/reading-list', { cookie: reader.cookie, key, body: { bookId: book.id, status: 'reading' } })));
      for (const answer of answers) {
        expect(answer.status, answer.text).toBe(201);
        expect(answer.text).toBe(answers[0]!.text);
      }
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(5);
      expect(await writesCounted(reader.id)).toBe(before + 1);
    } finally {
      await book.remove();
    }
  });

  it('is refused (400, localized) when the same key comes with another body or path, and nothing is written', async () => {
    const reader = await createReader(server.url());
    const book = await createBook(`idempotent-reuse-${randomUUID().slice(0, 8)}`);
    try {
      const key = randomUUID();
      expect((await send('POST', '/api/reading-list', { cookie: reader.cookie, key, body: { bookId: book.id, status: 'to_read' } })).status).toBe(201);
      const counted = await writesCounted(reader.id);
      const otherBody = await send('POST', '/api/reading-list', { cookie: reader.cookie, key, body: { bookId: book.id, status: 'read' }, lang: 'de' });
      expect(otherBody.status).toBe(400);
      expect(ErrorEnvelopeSchema.parse(JSON.parse(otherBody.text)).error).toEqual({ code: 'VALIDATION', message: de['api.error.idempotencyKeyReused'] });
      const otherPath = await send('PATCH', `/api/reading-list/${book.id}`, { cookie: reader.cookie, key, body: { status: 'to_read' }, lang: 'it' });
      expect(otherPath.status).toBe(400);
      expect(ErrorEnvelopeSchema.parse(JSON.parse(otherPath.text)).error.message).toBe(it_['api.error.idempotencyKeyReused']);
      expect(await writesCounted(reader.id)).toBe(counted);
    } finally {
      await book.remove();
    }
  });

  it('is the reader’s own: another reader’s request under the same key runs and gets its own answer', async () => {
    const [one, other] = [await createReader(server.url()), await createReader(server.url())];
    const book = await createBook(`idempotent-scope-${randomUUID().slice(0, 8)}`);
    try {
      const key = randomUUID();
      const first = await send('POST', '/api/reading-list', { cookie: one.cookie, key, body: { bookId: book.id, status: 'to_read' } });
      const second = await send('POST', '/api/reading-list', { cookie: other.cookie, key, body: { bookId: book.id, status: 'to_read' } });
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(second.headers.get('idempotent-replayed')).toBeNull();
      expect(await writesCounted(other.id)).toBe(1);
    } finally {
      await book.remove();
    }
  });

  it('keeps no refusal: a retry after a 404 runs again (and a 401 signed out is never a kept answer)', async () => {
    const reader = await createReader(server.url());
    const key = randomUUID();
    const missing = await send('POST', '/api/reading-list', { cookie: reader.cookie, key, body: { bookId: 2147483646, status: 'to_read' } });
    expect(missing.status).toBe(404);
    const book = await createBook(`idempotent-refused-${randomUUID().slice(0, 8)}`);
    try {
      // The same key and body again: run afresh (still a 404, not a replay).
      const retried = await send('POST', '/api/reading-list', { cookie: reader.cookie, key, body: { bookId: 2147483646, status: 'to_read' } });
      expect(retried.status).toBe(404);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      const { rows } = await (await getDb()).execute(sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE scope = ${`user:${reader.id}`}`);
      expect(rows[0]).toEqual({ n: 0 });
    } finally {
      await book.remove();
    }
  });

  it('never replays a sign-in: its answer sets the session cookie', async () => {
    const reader = await createReader(server.url());
    const key = randomUUID();
    const login = () => send('POST', '/api/auth/login', { key, body: { email: reader.email, password: READER_PASSWORD }, ip: '192.0.2.201' });
    const [first, second] = [await login(), await login()];
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    const session = (answer: Sent) => answer.headers.getSetCookie().find((c) => c.startsWith('phantastika_session='));
    expect(session(first)).toBeDefined();
    expect(session(second)).toBeDefined();
    expect(session(second)).not.toBe(session(first));
  });

  it('is refused (400) for a key that is no key, before anything runs', async () => {
    const reader = await createReader(server.url());
    for (const key of ['', 'a b', 'k'.repeat(256)]) {
      const answer = await send('POST', '/api/reading-list', { cookie: reader.cookie, key, body: { bookId: 1, status: 'to_read' } });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text).error.code).toBe('VALIDATION');
    }
    expect(await writesCounted(reader.id)).toBe(0);
  });

  it('counts nothing on a read: GET ignores the header', async () => {
    const answer = await send('GET', '/api/books/search?q=dune', { key: 'not looked at' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('idempotent-replayed')).toBeNull();
  });

  it('works for a signed-out write, keyed by the client address', async () => {
    const key = randomUUID();
    const event = { eventType: 'page_view', route: '/en/books' };
    const first = await send('POST', '/api/analytics/event', { key, body: event, ip: '192.0.2.210' });
    expect(first.status, first.text).toBe(204);
    const again = await send('POST', '/api/analytics/event', { key, body: event, ip: '192.0.2.210' });
    expect(again.status).toBe(204);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const elsewhere = await send('POST', '/api/analytics/event', { key, body: event, ip: '192.0.2.211' });
    expect(elsewhere.status).toBe(204);
    expect(elsewhere.headers.get('idempotent-replayed')).toBeNull();
  });
});
