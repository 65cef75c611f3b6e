import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClientError, createApiClient, retryAfterMs } from './api-client.ts';

/** A real local HTTP server whose answers each test scripts, recording what it received. */
type Reply = { status: number; body?: unknown; raw?: string; headers?: Record<string, string> };
let replies: Reply[] = [];
let received: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let server: http.Server;
let baseUrl = '';

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
    const reply = replies.shift() ?? { status: 500, body: { success: false, error: { message: 'no reply scripted', code: 'INTERNAL' } } };
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  replies = [];
  received = [];
});

function client() {
  const waits: number[] = [];
  const api = createApiClient({ baseUrl, language: () => 'de', sleep: async (ms) => void waits.push(ms) });
  return { api, waits };
}

describe('api client', () => {
  it('sends JSON with Accept-Language and unwraps the envelope', async () => {
    replies.push({ status: 200, body: { success: true, data: { id: 7 } } });
    const { api } = client();
    await expect(api.post('/api/reading-list', { bookId: 7, status: 'to_read' }, { schema: z.object({ id: z.number() }) })).resolves.toEqual({ id: 7 });
    expect(received[0]).toMatchObject({ method: 'POST', url: '/api/reading-list', body: '{"bookId":7,"status":"to_read"}' });
    expect(received[0]!.headers).toMatchObject({ 'accept-language': 'de', 'content-type': 'application/json' });
  });

  it('returns nothing for 204 and a body without envelope as it is', async () => {
    replies.push({ status: 204 }, { status: 200, body: [1, 2] });
    const { api } = client();
    await expect(api.delete('/api/editions/1')).resolves.toBeUndefined();
    await expect(api.get('/plain')).resolves.toEqual([1, 2]);
  });

  it('retries 429 and 5xx twice: Retry-After seconds when given, else 300 ms doubling', async () => {
    replies.push({ status: 429, headers: { 'retry-after': '2' } }, { status: 503 }, { status: 200, body: { success: true, data: 'ok' } });
    const { api, waits } = client();
    await expect(api.get('/api/books')).resolves.toBe('ok');
    expect(waits).toEqual([2000, 600]);
    expect(received).toHaveLength(3);
  });

  it('gives up after two retries with the last error', async () => {
    replies.push({ status: 500 }, { status: 502 }, { status: 500, body: { success: false, error: { message: 'Serverfehler', code: 'INTERNAL' } } });
    const { api, waits } = client();
    await expect(api.get('/api/books')).rejects.toMatchObject({ status: 500, code: 'INTERNAL', message: 'Serverfehler' });
    expect(waits).toEqual([300, 600]);
  });

  it('sends a write with an Idempotency-Key and retries it on 5xx twice (300 ms, 600 ms) under the same key', async () => {
    replies.push({ status: 500 }, { status: 502 }, { status: 201, body: { success: true, data: 1 } });
    const { api, waits } = client();
    await expect(api.post('/api/books/1/ratings', { rating: 5 })).resolves.toBe(1);
    expect(waits).toEqual([300, 600]);
    expect(received).toHaveLength(3);
    const keys = received.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(1);
    expect(received.map((r) => r.body)).toEqual(Array(3).fill('{"rating":5}'));
  });

  it('makes a new key for each write, for PATCH, PUT and DELETE too, and none for reads', async () => {
    replies.push({ status: 200, body: { success: true, data: 1 } }, { status: 200, body: { success: true, data: 1 } }, { status: 204 }, { status: 200, body: { success: true, data: 1 } }, { status: 200, body: { success: true, data: 1 } });
    const { api } = client();
    await api.patch('/api/reading-list/1', { status: 'read' });
    await api.request('PUT', '/api/books/1/ratings', { body: { rating: 4 } });
    await api.delete('/api/reading-list/1');
    await api.post('/api/reading-list', { bookId: 1 });
    await api.get('/api/books');
    const keys = received.map((r) => r.headers['idempotency-key']);
    expect(keys.slice(0, 4).every((k) => typeof k === 'string')).toBe(true);
    expect(new Set(keys.slice(0, 4)).size).toBe(4);
    expect(keys[4]).toBeUndefined();
  });

  it('retries a write after a network failure with the same key, and still retries 429', async () => {
    let calls = 0;
    const sent: (string | null)[] = [];
    const waits: number[] = [];
    const api = createApiClient({
      baseUrl,
      language: () => 'en',
      sleep: async (ms) => void waits.push(ms),
      fetch: async (input, init) => {
        sent.push(new Headers(init?.headers).get('idempotency-key'));
        if (++calls === 1) throw new TypeError('fetch failed');
        return fetch(input, init);
      },
    });
    replies.push({ status: 429 }, { status: 200, body: { success: true, data: 'saved' } });
    await expect(api.patch('/api/profile', { bio: 'x' })).resolves.toBe('saved');
    expect(waits).toEqual([300, 600]);
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(1);
  });

  it('gives up on a write after two retries with the last error', async () => {
    replies.push({ status: 503 }, { status: 503 }, { status: 503, body: { success: false, error: { message: 'Kurz nicht erreichbar', code: 'UNAVAILABLE' } } });
    const { api, waits } = client();
    await expect(api.post('/api/books/1/ratings', { rating: 5 })).rejects.toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    expect(waits).toEqual([300, 600]);
  });

  it('never retries other errors and takes the message by precedence', async () => {
    replies.push(
      { status: 400, body: { success: false, error: { message: 'Bitte überprüfen Sie Ihre Eingaben.', code: 'VALIDATION', details: [{ path: 'rating', message: 'Die Bewertung muss zwischen 1 und 5 Sternen liegen.', key: 'validation.rating.range' }] } } },
      { status: 404, body: { message: 'plain message' } },
      { status: 403, raw: 'not json' },
    );
    const { api, waits } = client();
    await expect(api.get('/a')).rejects.toMatchObject({ status: 400, code: 'VALIDATION', message: 'Bitte überprüfen Sie Ihre Eingaben.', details: [{ path: 'rating', message: 'Die Bewertung muss zwischen 1 und 5 Sternen liegen.', key: 'validation.rating.range' }] });
    await expect(api.get('/b')).rejects.toMatchObject({ status: 404, message: 'plain message' });
    await expect(api.get('/c')).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
    expect(waits).toEqual([]);
  });

  it('reports a network failure as 500 Network Error after retrying reads', async () => {
    const waits: number[] = [];
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:9', language: () => 'en', sleep: async (ms) => void waits.push(ms) });
    await expect(api.get('/api/books')).rejects.toMatchObject({ status: 500, message: 'Network Error' });
    expect(waits).toEqual([300, 600]);
  });

  it('treats 401 from /api/auth/user as signed out, without retry', async () => {
    replies.push({ status: 401, body: { success: false, error: { message: 'x', code: 'UNAUTHENTICATED' } } });
    const { api } = client();
    await expect(api.currentUser()).resolves.toBeNull();
    expect(received).toHaveLength(1);
    replies.push({ status: 200, body: { success: true, data: { id: 'u1', role: 'POWER_USER' } } });
    await expect(api.currentUser()).resolves.toEqual({ id: 'u1', role: 'POWER_USER' });
  });

  it('does not wait out a Retry-After longer than 10 s: the caller gets the 429 at once', async () => {
    replies.push({ status: 429, headers: { 'retry-after': '900' }, body: { success: false, error: { message: 'Zu viele Versuche.', code: 'RATE_LIMITED' } } });
    const { api, waits } = client();
    await expect(api.post('/api/auth/login', {})).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(waits).toEqual([]);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});
