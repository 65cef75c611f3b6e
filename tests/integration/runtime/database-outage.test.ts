/**
 * A database outage (issue 10, point 1) on a real PostgreSQL of its own, stopped and started inside
 * the test: the server process survives, requests that need the database answer a 503 envelope
 * (UNAVAILABLE, Retry-After) within the configured connect timeout, cached reads and what the
 * in-memory copy of the catalogue answers (typeahead, list pages) keep answering, and
 * service resumes by itself within 2 s of the database's return.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { closeSharedConnection, getDb, isDatabaseUnavailable } from '../../../db/client.ts';
import { ensureDatabaseExists, ensureEmbeddedServer, freePort, type EmbeddedServer } from '../../../db/embedded.ts';
import { prepareDatabase } from '../../../scripts/db-prepare.ts';
import { startLocalServer, type LocalServer } from '../../../scripts/local-server.ts';
import { ErrorEnvelopeSchema } from '../../../src/domain/envelope.ts';

const CONNECT_TIMEOUT_MS = 1_000;
const root = mkdtempSync(path.join(os.tmpdir(), 'outage-'));
// The server runs as the postgres OS user when the tests run as root: it must be able to enter.
chmodSync(root, 0o755);
const saved = { url: process.env.DATABASE_URL, port: process.env.EMBEDDED_PG_PORT, timeout: process.env.DB_CONNECT_TIMEOUT_MS };
let database: EmbeddedServer;
let server: LocalServer;

beforeAll(async () => {
  process.env.EMBEDDED_PG_PORT = String(await freePort());
  process.env.DB_CONNECT_TIMEOUT_MS = String(CONNECT_TIMEOUT_MS);
  database = await ensureEmbeddedServer({ root });
  await ensureDatabaseExists(database.serverUrl, 'outage');
  const prepared = await prepareDatabase({ url: `${database.serverUrl}/outage`, seed: false });
  await prepared.connection.close();
  await closeSharedConnection();
  process.env.DATABASE_URL = `${database.serverUrl}/outage`;
  server = await startLocalServer();
}, 120_000);

afterAll(async () => {
  await server?.close();
  await closeSharedConnection();
  await database?.stop();
  process.env.DATABASE_URL = saved.url;
  process.env.EMBEDDED_PG_PORT = saved.port;
  if (saved.timeout === undefined) delete process.env.DB_CONNECT_TIMEOUT_MS;
  else process.env.DB_CONNECT_TIMEOUT_MS = saved.timeout;
  rmSync(root, { recursive: true, force: true });
});

const search = (q: string) => fetch(`${server.url}/api/books/search?q=${encodeURIComponent(q)}`, { headers: { 'accept-language': 'de' } });

describe('database outage', () => {
  it('answers 503 UNAVAILABLE while the database is down, keeps cached reads, and recovers within 2 s', async () => {
    expect((await search('before')).status).toBe(200);

    // A request in the middle of a transaction holds a checked-out connection when the database goes:
    // its error must reach that request, not end the process.
    const db = await getDb();
    const inTransaction = db.transaction(async (tx) => tx.execute(sql`SELECT pg_sleep(5)`)).then(
      () => 'finished',
      (error: unknown) => (isDatabaseUnavailable(error) ? 'unavailable' : String(error)),
    );
    await new Promise((r) => setTimeout(r, 200));
    await database.stop();
    expect(await inTransaction).toBe('unavailable');

    // Reads that need the database: a short, honest 503 within the connect timeout, in the envelope.
    for (const url of ['/api/books/dune/editions', '/api/books/1/editions']) {
      const t0 = performance.now();
      const response = await fetch(`${server.url}${url}`, { headers: { 'accept-language': 'de' } });
      const elapsed = performance.now() - t0;
      expect(response.status, url).toBe(503);
      expect(response.headers.get('retry-after'), url).toBe('2');
      const { error } = ErrorEnvelopeSchema.parse(await response.json());
      expect(error, url).toMatchObject({ code: 'UNAVAILABLE', retryAfter: 2 });
      expect(error.message).toMatch(/erreichbar/);
      expect(elapsed, url).toBeLessThan(CONNECT_TIMEOUT_MS + 1_500);
    }
    // A cached answer does not need the database, nor do the typeahead and the public list pages: the
    // instance answers them from its in-memory copy of the catalogue (ADR 0021), also for a query it
    // was never asked.
    expect((await search('before')).status).toBe(200);
    expect((await search('during')).status).toBe(200);
    for (const url of ['/api/books?limit=5', '/api/books?sort=oldest&offset=24', '/api/authors?sort=rating', '/api/series?kind=novel_series']) {
      expect((await fetch(`${server.url}${url}`)).status, url).toBe(200);
    }
    // Requests that need no database are not affected.
    expect((await fetch(`${server.url}/api/auth/user`)).status).toBe(401);

    database = await ensureEmbeddedServer({ root });
    const back = performance.now();
    let recovered = Number.POSITIVE_INFINITY;
    // Editions of a book nobody asked for yet: not cached, so the database answers (404: no such book).
    const list = (offset: number) => fetch(`${server.url}/api/books/${1_000 + offset}/editions`);
    for (let attempt = 0; attempt < 100; attempt++) {
      if ((await list(attempt + 1)).status === 404) {
        recovered = performance.now() - back;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(recovered).toBeLessThan(2_000);
    // And it stays up: every request after recovery succeeds.
    const later = await Promise.all(Array.from({ length: 20 }, (_, i) => list(200 + i)));
    expect(later.map((r) => r.status)).toEqual(Array(20).fill(404));
  }, 60_000);
});
