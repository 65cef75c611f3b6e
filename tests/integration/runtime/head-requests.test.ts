/**
 * HEAD on every GET route (issue 27 point 7): the GET's status and content type, no body, and the
 * Content-Length the GET's body has where the answer knows it. Every GET endpoint of the fuzz table
 * (tests/support/fuzz-cases.ts) is asked with a valid request, as the fuzz user (or admin) where it
 * needs one; a route without GET still answers HEAD with 405 and an Allow header.
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedConnection, getDb } from '../../../db/client.ts';
import { startLocalServer, type LocalServer } from '../../../scripts/local-server.ts';
import { clientIp, fuzzUserSession, loadEndpoints, redirectsOnlySite, validCase, type Endpoint, type Session } from '../../support/fuzz-cases.ts';

let server: LocalServer;
let site: string;
let user: Session;
let admin: Session;
let endpoints: Endpoint[];

beforeAll(async () => {
  site = redirectsOnlySite();
  server = await startLocalServer({ siteDir: site, trustTestClientIp: true });
  user = await fuzzUserSession(server.url, async (email) => void (await (await getDb()).execute(sql`UPDATE users SET email_verified_at = now() WHERE email = ${email}`)), 'head');
  admin = await fuzzUserSession(
    server.url,
    async (email) => void (await (await getDb()).execute(sql`UPDATE users SET email_verified_at = now(), role = 'SUPER_USER' WHERE email = ${email}`)),
    'head-admin',
  );
  endpoints = await loadEndpoints();
});

afterAll(async () => {
  await server?.close();
  await closeSharedConnection();
  rmSync(site, { recursive: true, force: true });
});

let requestNumber = 40_000;

async function ask(method: 'GET' | 'HEAD', endpoint: Endpoint) {
  const c = validCase(endpoint);
  const headers: Record<string, string> = { ...c.headers, 'accept-language': 'de', 'x-test-client-ip': clientIp(requestNumber++) };
  if (c.auth) headers.cookie = (c.admin ? admin : user).cookie();
  const response = await fetch(`${server.url}${c.url}`, { method, headers, redirect: 'manual' });
  const body = Buffer.from(await response.arrayBuffer());
  return { url: c.url, status: response.status, type: response.headers.get('content-type'), length: response.headers.get('content-length'), body };
}

describe('HEAD', () => {
  it('answers every GET route as GET does, without a body', async () => {
    const gets = endpoints.filter((e) => e.method === 'GET');
    expect(gets.length).toBeGreaterThan(40);
    const mismatches: string[] = [];
    for (const endpoint of gets) {
      const get = await ask('GET', endpoint);
      const head = await ask('HEAD', endpoint);
      const where = `${endpoint.key} (${get.url})`;
      if (head.status !== get.status) mismatches.push(`${where}: HEAD ${head.status}, GET ${get.status}`);
      if (head.type !== get.type) mismatches.push(`${where}: HEAD content-type ${head.type}, GET ${get.type}`);
      if (head.body.length !== 0) mismatches.push(`${where}: HEAD has a body of ${head.body.length} bytes`);
      if (head.length !== null && Number(head.length) !== get.body.length) mismatches.push(`${where}: HEAD content-length ${head.length}, GET body ${get.body.length} bytes`);
    }
    expect(mismatches).toEqual([]);
  });

  it('gives the Content-Length of a JSON answer', async () => {
    const search = endpoints.find((e) => e.fn === 'books-search')!;
    const get = await ask('GET', search);
    const head = await ask('HEAD', search);
    expect(get.status).toBe(200);
    expect(head.length).toBe(String(get.body.length));
  });

  it('is named in Allow beside GET, and refused with 405 where there is no GET', async () => {
    const onlyPost = await fetch(`${server.url}/api/auth/login`, { method: 'HEAD' });
    expect(onlyPost.status).toBe(405);
    expect(onlyPost.headers.get('allow')).toBe('POST');
    const wrong = await fetch(`${server.url}/api/books/search?q=dune`, { method: 'PUT' });
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
  });
});
