/**
 * No 500 from input (issue 10, points 5 and 6): the cases a probe found, each a clear 4xx envelope
 * or an honest empty answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../../scripts/local-server.ts';
import { ErrorEnvelopeSchema } from '../../../src/domain/envelope.ts';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ trustTestClientIp: true });
});
afterAll(async () => server?.close());

const send = (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) =>
  fetch(`${server.url}${path}`, { method, body: init.body, headers: { 'accept-language': 'en', ...init.headers } });

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const { error } = ErrorEnvelopeSchema.parse(await response.json());
  expect(error.code).toBe(code);
  return error;
}

describe('hostile input', () => {
  it.each(['phantastika_session=%E0%A4%A', 'phantastika_session=%', 'phantastika_session=a%zzb; other=1'])('treats the malformed session cookie %j as signed out', async (cookie) => {
    await expectError(await send('GET', '/api/auth/user', { headers: { cookie } }), 401, 'UNAUTHENTICATED');
    await expectError(await send('GET', '/api/profile', { headers: { cookie } }), 401, 'UNAUTHENTICATED');
  });

  it('refuses a JSON endpoint body that is not declared as JSON (415)', async () => {
    const body = JSON.stringify({ email: 'someone@example.org', password: 'whatever' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
      const error = await expectError(await send('POST', '/api/auth/login', { body, headers: type ? { 'content-type': type } : {} }), 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(error.message).toMatch(/JSON/);
    }
    // The charset parameter is fine.
    expect((await send('POST', '/api/auth/login', { body, headers: { 'content-type': 'application/json; charset=utf-8', 'x-test-client-ip': '198.51.100.77' } })).status).toBe(401);
  });

  it('refuses control characters in query strings and bodies with their field and key', async () => {
    const genre = await expectError(await send('GET', '/api/books?genre=Fan%00tasy'), 400, 'VALIDATION');
    expect(genre.details).toEqual([{ path: 'genre', key: 'validation.controlCharacters', message: expect.stringMatching(/control characters/) }]);
    const search = await expectError(await send('GET', '/api/books/search?q=du%00ne'), 400, 'VALIDATION');
    expect(search.details?.[0]).toMatchObject({ path: 'q', key: 'validation.controlCharacters' });
    const register = await expectError(
      await send('POST', '/api/auth/register', {
        body: JSON.stringify({ email: `nul-${Date.now()}@example.org`, password: 'Valid-Password-123!', firstName: 'Ur\u0000sula', lastName: 'Le\u001bGuin' }),
        headers: { 'content-type': 'application/json', 'x-test-client-ip': '198.51.100.78' },
      }),
      400,
      'VALIDATION',
    );
    expect(register.details?.map((d) => [d.path, d.key])).toEqual([
      ['firstName', 'validation.controlCharacters'],
      ['lastName', 'validation.controlCharacters'],
    ]);
  });

  it('answers a search without letters or digits at once with no results', async () => {
    for (const q of ['____', "--';", '🚀🚀🚀🚀', '%%%%%%%%']) {
      const t0 = performance.now();
      const response = await send('GET', `/api/books/search?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      expect((await response.json()).data, q).toEqual([]);
      expect(performance.now() - t0, q).toBeLessThan(100);
    }
  });
});
