/**
 * The local runtime (issue 9) over real HTTP: Netlify's redirect engine on the site's own
 * `_redirects`, Netlify's static lookup, our functions routed by `config.path` with a v2 context,
 * the API's JSON 404/405 and translated details, one invocation per request, and a Blobs round trip.
 */
import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../locales/de.json' with { type: 'json' };
import en from '../../../locales/en.json' with { type: 'json' };
import it_ from '../../../locales/it.json' with { type: 'json' };
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { contentCoding, startLocalServer, type LocalServer } from '../../../scripts/local-server.ts';
import { ErrorEnvelopeSchema } from '../../../src/domain/envelope.ts';
import { makeFixtureSite } from '../../support/fixture-site.ts';

let site: LocalServer;
let fixtures: LocalServer;
let siteDir: string;

beforeAll(async () => {
  siteDir = makeFixtureSite('one');
  site = await startLocalServer({ siteDir, trustTestClientIp: true, blobsDir: path.join(siteDir, '..', `blobs-${process.pid}`) });
  fixtures = await startLocalServer({ functionsDir: path.join(process.cwd(), 'tests/fixtures/runtime/functions') });
});

afterAll(async () => {
  await site?.close();
  await fixtures?.close();
  rmSync(siteDir, { recursive: true, force: true });
});

const get = (server: LocalServer, url: string, headers: Record<string, string> = {}) => fetch(`${server.url}${url}`, { redirect: 'manual', headers });

describe('redirect rules (public/_redirects through @netlify/redirects)', () => {
  it('sends aliases on with their status', async () => {
    const response = await get(site, '/home');
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get('location')!).pathname).toBe('/');
  });

  it.each([
    ['de', undefined, '/de/books'],
    ['it-IT,it;q=0.9', undefined, '/it/books'],
    ['fr', undefined, '/en/books'],
    ['de', 'it', '/it/books'],
    [undefined, 'de', '/de/books'],
  ])('sends /books to the visitor language (Accept-Language %s, nf_lang %s)', async (language, cookie, target) => {
    const headers: Record<string, string> = {};
    if (language) headers['accept-language'] = language;
    if (cookie) headers.cookie = `nf_lang=${cookie}`;
    const response = await get(site, '/books', headers);
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location')!).pathname).toBe(target);
  });

  it.each([
    ['/admin', 'de-DE,de;q=0.9', undefined, '/de/admin'],
    ['/admin/users', 'it', undefined, '/it/admin/users'],
    ['/admin/awards', 'fr', undefined, '/en/admin/awards'],
    ['/admin/affiliate', 'de', 'it', '/it/admin/affiliate'],
  ])('sends the admin route %s to the visitor language (Accept-Language %s, nf_lang %s), not to the start page', async (url, language, cookie, target) => {
    const headers: Record<string, string> = { 'accept-language': language };
    if (cookie) headers.cookie = `nf_lang=${cookie}`;
    const response = await get(site, url, headers);
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location')!).pathname).toBe(target);
  });

  it('carries splats and the query string', async () => {
    const response = await get(site, '/books/dune?edition=2', { 'accept-language': 'de' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.pathname + location.search).toBe('/de/books/dune?edition=2');
  });

  it('answers a repeated request from the kept rule as the engine did, per URL, language and cookie (issue 10)', async () => {
    const location = async (url: string, headers: Record<string, string>) => {
      const response = await get(site, url, headers);
      const target = new URL(response.headers.get('location')!);
      return `${response.status} ${target.pathname}${target.search}`;
    };
    for (let round = 0; round < 2; round++) {
      expect(await location('/books/dune?edition=2', { 'accept-language': 'de' })).toBe('302 /de/books/dune?edition=2');
      expect(await location('/books/dune', { 'accept-language': 'de' })).toBe('302 /de/books/dune');
      expect(await location('/books/dune', { 'accept-language': 'it' })).toBe('302 /it/books/dune');
      expect(await location('/books/dune', { 'accept-language': 'de', cookie: 'nf_lang=en' })).toBe('302 /en/books/dune');
    }
  });

  it('forces a rule over an existing file (`!`)', async () => {
    const response = await get(site, '/', { 'accept-language': 'it' });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location')!).pathname).toBe('/it/');
  });

  it('lets an existing file win over an unforced rule', async () => {
    const response = await get(site, '/en/books/dune');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('one en/books/dune/index.html');
  });

  it('answers a rule with status 404 with that status and the rule target as body', async () => {
    for (const locale of ['en', 'de', 'it']) {
      const response = await get(site, `/${locale}/no-such-page`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain(`one not found ${locale}`);
    }
  });

  it('redirects unknown unprefixed paths to the start page of the visitor language', async () => {
    const response = await get(site, '/no-such-page', { 'accept-language': 'de-DE' });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location')!).pathname).toBe('/de/');
  });
});

describe('static files (@netlify/static)', () => {
  it('finds index.html with and without a trailing slash', async () => {
    for (const url of ['/de/books', '/de/books/', '/de/books/index.html']) {
      const response = await get(site, url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(await response.text(), url).toContain('one de/books/index.html');
    }
  });

  it("never serves a build's own dotfiles (.build-fingerprint, .catalogue-state.json), also percent-encoded", async () => {
    writeFileSync(path.join(siteDir, '.catalogue-state.json'), '{}');
    for (const url of ['/.catalogue-state.json', '/%2Ecatalogue-state.json', '/en/../.catalogue-state.json']) {
      const response = await get(site, url);
      expect(response.status, url).not.toBe(200);
      expect(await response.text(), url).not.toBe('{}');
    }
  });

  it('serves assets with their content type', async () => {
    const response = await get(site, '/favicon.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('matches a path with broken percent-encoding or encoded line breaks as literal text, never a 500', async () => {
    expect((await get(site, '/%E0%A4%A', { 'accept-language': 'de' })).headers.get('location')).toMatch(/\/de\/$/);
    for (const url of ['/en/%ZZ', '/en/%0A', '/en/a%0D%0ASet-Cookie:x']) {
      const response = await get(site, url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get('set-cookie'), url).toBeNull();
      expect(await response.text(), url).toContain('one not found en');
    }
    for (const url of ['/api/x/%zz', '/api/x/%ED%A0%80', '/api/x/%0A']) {
      const response = await get(site, url);
      expect(response.status, url).toBe(404);
      expect(ErrorEnvelopeSchema.parse(await response.json()).error.code, url).toBe('NOT_FOUND');
    }
  });

  it('sends text files compressed as the request accepts, as Netlify\'s CDN does (issue 11)', async () => {
    /** The raw answer: fetch would decompress it. */
    const raw = (url: string, acceptEncoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${site.url}${url}`, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const plain = await raw('/en/long', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toContain('one long');
    for (let round = 0; round < 2; round++) {
      const br = await raw('/en/long', 'gzip, deflate, br, zstd');
      expect(br.headers['content-encoding']).toBe('br');
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(br.body.length).toBeLessThan(plain.body.length / 4);
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      const gzip = await raw('/en/long', 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    }
    // Without Accept-Encoding, and for tiny files, the bytes as they are.
    expect((await raw('/en/long')).headers['content-encoding']).toBeUndefined();
    expect((await raw('/favicon.svg', 'br')).headers['content-encoding']).toBeUndefined();
    expect(contentCoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(contentCoding('*')).toBe('br');
    expect(contentCoding('identity, *;q=0')).toBeUndefined();
  });

  it('answers HEAD without a body', async () => {
    const response = await fetch(`${site.url}/en/`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe('functions', () => {
  it('routes by config.path with params, with or without a trailing slash', async () => {
    for (const url of ['/api/echo/42', '/api/echo/42/']) {
      const body = await (await get(fixtures, url)).json();
      expect(body.params, url).toEqual({ id: '42' });
    }
    const deep = await (await get(fixtures, '/api/echo/7/deep/a/b')).json();
    expect(deep.params.id).toBe('7');
  });

  it('passes a v2 context: the socket address, a request id, cookies in and out, waitUntil', async () => {
    const response = await get(fixtures, '/api/echo/1', { cookie: 'session=abc; other=1', 'x-forwarded-for': '203.0.113.9', 'x-test-client-ip': '198.51.100.1' });
    const body = await response.json();
    // The fixture server does not trust x-test-client-ip, and nothing trusts x-forwarded-for.
    expect(body.ip).toBe('127.0.0.1');
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-nf-request-id')).toBe(body.requestId);
    expect(body.cookie).toBe('abc');
    expect(response.headers.getSetCookie()).toEqual(['seen=yes; HttpOnly; SameSite=Lax; Path=/']);
    await new Promise((r) => setTimeout(r, 100));
    expect((globalThis as { echoLater?: number }).echoLater).toBe(body.calls);
  });

  it('passes the request body through', async () => {
    const response = await fetch(`${fixtures.url}/api/echo/9`, { method: 'POST', body: 'ä'.repeat(100_000) });
    expect((await response.json()).body).toBe('ä'.repeat(100_000));
  });

  it('answers a function without config.path only at /.netlify/functions/<name>', async () => {
    expect(await (await get(fixtures, '/.netlify/functions/nameless')).text()).toBe('nameless here');
    expect((await get(fixtures, '/.netlify/functions/echo')).status).toBe(404);
  });

  it('runs a function exactly once per request, whatever its status', async () => {
    const before = (globalThis as { echoCalls?: number }).echoCalls ?? 0;
    await fetch(`${fixtures.url}/api/echo/5`, { method: 'POST', body: '{}' });
    await get(fixtures, '/api/echo/5');
    expect((globalThis as { echoCalls?: number }).echoCalls).toBe(before + 2);
  });

  it('counts a failed login once against the rate limit (5 free failures per account and address)', async () => {
    const email = `once-${Date.now()}@example.org`;
    const address = `192.0.2.${Date.now() % 200}`;
    const login = () =>
      fetch(`${site.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-test-client-ip': address },
        body: JSON.stringify({ email, password: 'Wrong-password-123!' }),
      });
    for (let attempt = 1; attempt <= 5; attempt++) expect((await login()).status, `attempt ${attempt}`).toBe(401);
    expect((await login()).status).toBe(429);
  });
});

describe('API envelope of the platform answers', () => {
  it.each([
    ['GET', '/api/no-such-endpoint'],
    ['POST', '/api/no/such/endpoint'],
    ['GET', '/api/'],
  ])('%s %s answers a JSON 404', async (method, url) => {
    const response = await fetch(`${site.url}${url}`, { method, redirect: 'manual', headers: { 'accept-language': 'de' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const { error } = ErrorEnvelopeSchema.parse(await response.json());
    expect(error).toEqual({ code: 'NOT_FOUND', message: de['api.error.routeNotFound'] });
  });

  it('answers a wrong method with 405 METHOD_NOT_ALLOWED and Allow', async () => {
    const response = await fetch(`${site.url}/api/books/search?q=dune`, { method: 'DELETE', headers: { 'accept-language': 'it' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    const { error } = ErrorEnvelopeSchema.parse(await response.json());
    expect(error).toEqual({ code: 'METHOD_NOT_ALLOWED', message: it_['api.error.methodNotAllowed'] });
  });

  it('answers a well-formed id that matches nothing with 404', async () => {
    for (const id of ['99999999', '2147483647', '9999999999', 'no-such-book']) {
      const response = await get(site, `/api/books/${id}/editions`);
      expect(response.status, id).toBe(404);
      expect(ErrorEnvelopeSchema.parse(await response.json()).error.code).toBe('NOT_FOUND');
    }
  });

  it.each([
    ['en', en],
    ['de', de],
    ['it', it_],
  ] as const)('translates every detail into the request language (%s) and keeps its key', async (locale, messages) => {
    const response = await get(site, '/api/books/search?q=dune&limit=0', { 'accept-language': locale });
    expect(response.status).toBe(400);
    const { error } = ErrorEnvelopeSchema.parse(await response.json());
    expect(error.details).toEqual([{ path: 'limit', key: 'validation.limit', message: messages['validation.limit'] }]);
  });

  it('names the failing branch of a union instead of a generic key', async () => {
    const response = await get(site, '/api/books/Not%20A%20Slug/editions', { 'accept-language': 'de' });
    expect(response.status).toBe(400);
    const { error } = ErrorEnvelopeSchema.parse(await response.json());
    expect(error.details).toEqual([{ path: 'id', key: 'validation.bookRef', message: de['validation.bookRef'] }]);
  });
});

describe('security headers and origin (issue 10)', () => {
  it('gives pages the headers of the build\'s _headers file', async () => {
    for (const url of ['/en/', '/de/books/dune', '/favicon.svg', '/en/no-such-page']) {
      const response = await get(site, url);
      expect(response.headers.get('content-security-policy'), url).toMatch(/^default-src 'self'; script-src 'self' 'wasm-unsafe-eval'.*frame-ancestors 'none'$/);
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), url).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy'), url).toMatch(/camera=\(\)/);
      expect(response.headers.get('strict-transport-security'), url).toMatch(/max-age=/);
    }
  });

  it('gives every API answer the same headers and a CSP for data', async () => {
    for (const [method, url] of [['GET', '/api/books/search?q=dune'], ['GET', '/api/no-such'], ['DELETE', '/api/books/search'], ['GET', '/api/auth/user']]) {
      const response = await fetch(`${site.url}${url}`, { method });
      expect(response.headers.get('content-security-policy'), url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), url).toBe('DENY');
    }
  });

  it('compares Origin with the site (scheme and host) and never trusts forwarded headers', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${site.url}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-test-client-ip': '203.0.113.50', ...headers }, body: JSON.stringify({ email: 'origin@example.org' }) });
    const own = new URL(site.url);
    expect((await post({ origin: own.origin })).status).toBe(202);
    expect((await post({ origin: `https://${own.host}` })).status).toBe(403);
    expect((await post({ origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' })).status).toBe(403);
    expect((await post({ origin: 'null' })).status).toBe(403);
  });
});

describe('Netlify Blobs', () => {
  it('round-trips a blob through the local Blobs server', async () => {
    const store = getStore('runtime-test');
    await store.set('greeting', 'Grüße aus Phantastika', { metadata: { locale: 'de' } });
    expect(await store.get('greeting')).toBe('Grüße aus Phantastika');
    expect((await store.getWithMetadata('greeting'))?.metadata).toEqual({ locale: 'de' });
    await store.delete('greeting');
    expect(await store.get('greeting')).toBeNull();
  });

  it('listens on 127.0.0.1 only and refuses requests without the token', async () => {
    const url = new URL(site.blobs!.url);
    expect(url.hostname).toBe('127.0.0.1');
    const status = await new Promise<number>((resolve, reject) =>
      http.get(`${site.blobs!.url}/api/v1/blobs/phantastika-local/site:runtime-test/greeting`, (res) => resolve(res.statusCode ?? 0)).once('error', reject),
    );
    expect(status).toBe(403);
  });
});
