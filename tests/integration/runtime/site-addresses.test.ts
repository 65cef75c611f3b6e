/**
 * Addresses the site writes come from its configured address, never from the request (issue 26
 * point 2): mail links under a hostile Host or a `//host` path, the start page's redirect of a
 * `//host` path, the import worker's call, and the origin check, locally and as production sees them.
 */
import { rmSync } from 'node:fs';
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedConnection } from '../../../db/client.ts';
import { requestUrl, startLocalServer, type LocalServer } from '../../../scripts/local-server.ts';
import { siteOrigin } from '../../../netlify/functions/_shared/site.ts';
import { LOCAL_RUNTIME_VARIABLE } from '../../../src/domain/runtime/environment.ts';
import { makeFixtureSite } from '../../support/fixture-site.ts';
import { awaitMails } from '../../support/outbox.ts';
import { createReader } from '../../support/readers.ts';

let server: LocalServer;
let siteDir: string;
const saved = { SITE_URL: process.env.SITE_URL, URL: process.env.URL, SITE_NAME: process.env.SITE_NAME };

beforeAll(async () => {
  siteDir = makeFixtureSite('addresses');
  server = await startLocalServer({ siteDir, trustTestClientIp: true });
});
afterAll(async () => {
  await server.close();
  await closeSharedConnection();
  rmSync(siteDir, { recursive: true, force: true });
});
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  process.env[LOCAL_RUNTIME_VARIABLE] = 'local';
});

/** A request as an attacker writes it: any Host header, any request target, sent verbatim. */
function raw(method: string, target: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, method, path: target, headers, setHost: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const forgot = (email: string, target = '/api/auth/forgot-password', host = 'evil.example', ip = `198.51.100.${Math.floor(Math.random() * 250)}`) =>
  raw('POST', target, { host, 'content-type': 'application/json', 'x-test-client-ip': ip, 'accept-language': 'en' }, JSON.stringify({ email }));

const links = (mail: string) => [...mail.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);

describe('mail links', () => {
  it('use SITE_URL whatever Host the request names', async () => {
    process.env.SITE_URL = 'https://phantastika.example';
    const reader = await createReader(server.url);
    expect((await forgot(reader.email)).status).toBe(202);
    const [mail] = (await awaitMails(reader.email, 1)).slice(-1);
    const reset = links(mail!).filter((link) => link.includes('reset-password'));
    expect(reset.length).toBeGreaterThan(0);
    for (const link of reset) expect(new URL(link).origin).toBe('https://phantastika.example');
    expect(mail).not.toContain('evil.example');
  });

  it("use the local server's own address locally, never a foreign Host", async () => {
    delete process.env.SITE_URL;
    const reader = await createReader(server.url);
    expect((await forgot(reader.email)).status).toBe(202);
    const [mail] = (await awaitMails(reader.email, 1)).slice(-1);
    const reset = links(mail!).filter((link) => link.includes('reset-password'));
    for (const link of reset) expect(new URL(link).origin).toBe(`http://localhost:${server.port}`);
    expect(mail).not.toContain('evil.example');
  });

  it('are never built from a //host request target: it reaches no function, mails nothing and stays on the site', async () => {
    process.env.SITE_URL = 'https://phantastika.example';
    const reader = await createReader(server.url);
    const answer = await forgot(reader.email, '//evil.example/api/auth/forgot-password', `127.0.0.1:${server.port}`);
    expect(answer.status).toBeGreaterThanOrEqual(300);
    if (answer.headers.location) expect(new URL(answer.headers.location, server.url).host).toBe(`127.0.0.1:${server.port}`);
    await new Promise((r) => setTimeout(r, 300));
    for (const mail of await awaitMails(reader.email, 0)) expect(mail).not.toContain('evil.example');
  });
});

describe('redirects', () => {
  it('never send a //host path to that host', async () => {
    for (const target of ['//evil.example/', '//evil.example', '//evil.example/en/', '/\\evil.example/']) {
      const answer = await raw('GET', target, { host: `localhost:${server.port}` });
      const location = answer.headers.location;
      if (location) expect(new URL(location, `http://localhost:${server.port}`).host, target).toBe(`localhost:${server.port}`);
      expect(answer.status, target).not.toBe(500);
    }
  });

  it('take the path of an absolute-form request target, never its host', () => {
    expect(requestUrl('http://evil.example/en/', `localhost:8888`, 8888).href).toBe('http://localhost:8888/');
    expect(requestUrl('//evil.example/', 'evil.example', 8888).href).toBe('http://localhost:8888//evil.example/');
    expect(requestUrl('/en/books?q=1', '127.0.0.1:8888', 8888).href).toBe('http://127.0.0.1:8888/en/books?q=1');
    expect(requestUrl('/en/', '127.0.0.1:9999', 8888).host).toBe('localhost:8888');
  });
});

describe('the origin check', () => {
  const post = (origin: string, host = `127.0.0.1:${server.port}`) =>
    raw('POST', '/api/auth/forgot-password', { host, origin, 'content-type': 'application/json', 'x-test-client-ip': '198.51.100.77' }, JSON.stringify({ email: 'nobody@example.org' }));

  it('compares Origin with SITE_URL, not with the Host the request names', async () => {
    process.env.SITE_URL = 'https://phantastika.example';
    expect((await post('https://phantastika.example')).status).toBe(202);
    expect((await post('http://evil.example', 'evil.example')).status).toBe(403);
    expect((await post(`http://127.0.0.1:${server.port}`)).status).toBe(403);
  });

  it("in production, takes Netlify's URL and this site's own deploys, and refuses without an address", async () => {
    delete process.env[LOCAL_RUNTIME_VARIABLE];
    delete process.env.SITE_URL;
    process.env.URL = 'https://phantastika.netlify.app';
    process.env.SITE_NAME = 'phantastika';
    const req = new Request(`http://evil.example/api/auth/forgot-password`);
    expect(siteOrigin(req)).toBe('https://phantastika.netlify.app');
    expect((await post('https://phantastika.netlify.app', 'evil.example')).status).toBe(202);
    expect((await post('https://deploy-preview-3--phantastika.netlify.app')).status).toBe(202);
    expect((await post('https://deploy-preview-3--evil.netlify.app')).status).toBe(403);
    delete process.env.URL;
    expect(() => siteOrigin(req)).toThrow(/SITE_URL/);
    const refused = await post('https://phantastika.netlify.app');
    expect(refused.status).toBe(500);
    expect(JSON.parse(refused.body).error).toMatchObject({ code: 'MISCONFIGURED', message: expect.stringContaining('SITE_URL') });
  });
});
