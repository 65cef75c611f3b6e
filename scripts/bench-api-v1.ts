/**
 * `npm run bench:v1`: the public read API's speed goal (issue 16 point 5): `GET /api/v1/books?limit=100`
 * p99 < 50 ms at 50 concurrent connections. Not a test: it prints figures beside the goal and always
 * finishes.
 *
 * Data: its own database, `phantastika_bench_v1` (BENCH_DATABASE) on the configured server
 * (DATABASE_URL, else the embedded PostgreSQL in .data/pg), migrated and seeded with the real
 * catalogue (3,224 books); kept for the next run. Target: `npm start`'s own server (scripts/start.ts)
 * on BENCH_PORT (default 8912) with SKIP_BUILD=1 (functions only) and the per-client limit raised
 * (API_V1_REQUESTS_PER_MINUTE: the bench is one client sending thousands of requests a minute).
 *
 * Measured with the light keep-alive client of bench-http.ts, after an unmeasured warm-up:
 * - the goal: `/api/v1/books?limit=100` (about 93 KB), at 50 connections (REQUESTS, default 3000);
 * - the same with If-None-Match of its ETag (304, no body) at 50 connections;
 * - a mix of first pages (5 sorts x 3 languages, limit 100) at 50 connections;
 * - a cold walk of every page of 100 books in one language on one connection, right after a catalogue
 *   write (each page computed: the three statements, serialization), for what a cache miss costs.
 * Beside each, the CPU per request in the server and the database (from /proc: comparable between
 * runs even on a busy machine), and the load average.
 *
 *   npm run bench:v1
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_PORT=8912 npm run bench:v1
 */
import './local-runtime.ts';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { closeSharedConnection, connect } from '../db/client.ts';
import { stopOwnedEmbeddedServers } from '../db/embedded.ts';
import { lightClient } from './bench-http.ts';
import { benchAgent, benchDatabaseUrl, cpuMs, getOk, measureWithCpu, requestOk, startNpmStart, type LoadRow, type StartedServer } from './bench-support.ts';

const PORT = Number(process.env.BENCH_PORT ?? 8912);
const DATABASE = process.env.BENCH_DATABASE ?? 'phantastika_bench_v1';
const REQUESTS = Number(process.env.REQUESTS ?? 3000);
const GOAL = { p99Ms: 50, concurrency: 50 };
const SORTS = ['newest', 'oldest', 'title_asc', 'title_desc', 'rating'];
const LANGS = ['en', 'de', 'it'];

if (!/^phantastika_bench_/.test(DATABASE)) throw new Error(`BENCH_DATABASE must be a database of its own named phantastika_bench_*, not ${DATABASE}.`);

const measure = (server: StartedServer, label: string, concurrency: number, requests: number, once: (i: number) => Promise<void>) =>
  measureWithCpu(server, DATABASE, label, concurrency, requests, once, 3);

/** One GET with its body read; resolves with the status, the ETag and the body. */
async function fetchText(url: string, headers: Record<string, string> = {}): Promise<{ status: number; etag?: string; body: string }> {
  const { origin, pathname, search } = new URL(url);
  const answer = await lightClient(origin).request({ method: 'GET', path: pathname + search, headers, readBody: true });
  return { status: answer.status, etag: answer.headers.etag as string | undefined, body: answer.body ?? '' };
}

const url = await benchDatabaseUrl(DATABASE);
let server: StartedServer | undefined;
try {
  server = await startNpmStart(PORT, { DATABASE_URL: url, SKIP_BUILD: '1', API_V1_REQUESTS_PER_MINUTE: '1000000000' }, { readyPath: '/api/v1/openapi.json' });
  console.log(JSON.stringify({ label: 'start', seconds: server.seconds, url: server.url }));
  const hot = `${server.url}/api/v1/books?limit=100`;
  const first = await fetchText(hot, { 'accept-language': 'en' });
  if (first.status !== 200 || !first.etag) throw new Error(`GET /api/v1/books?limit=100 answered ${first.status}`);
  console.log(JSON.stringify({ label: 'answer', bytes: Buffer.byteLength(first.body), items: (JSON.parse(first.body) as { data: { items: unknown[] } }).data.items.length }));

  const hotOnce = () => getOk(hot, { 'accept-language': 'en' });
  for (let i = 0; i < 200; i++) await hotOnce();
  const goal = await measure(server, 'GET /api/v1/books?limit=100', GOAL.concurrency, REQUESTS, hotOnce);

  const etag = first.etag;
  const conditionalOnce = () => requestOk('GET', hot, { 'accept-language': 'en', 'if-none-match': etag }, undefined, 304);
  await measure(server, 'same with If-None-Match (304)', GOAL.concurrency, REQUESTS, conditionalOnce);

  const mixOnce = (i: number) => getOk(`${server!.url}/api/v1/books?limit=100&sort=${SORTS[i % SORTS.length]}&lang=${LANGS[Math.floor(i / SORTS.length) % LANGS.length]}`, {});
  for (let i = 0; i < SORTS.length * LANGS.length; i++) await mixOnce(i);
  await measure(server, 'first pages: 5 sorts x 3 languages, limit 100', GOAL.concurrency, REQUESTS, mixOnce);

  // A catalogue write moves the version: every cached answer is stale, the next ones are computed.
  const writer = connect(url, { max: 1, statementMs: 0 });
  await writer.db.execute(sql`UPDATE catalogue_version SET catalogue = catalogue + 1 WHERE id = 1`);
  await writer.close();
  await new Promise((r) => setTimeout(r, 1_100)); // CATALOGUE_CHECK_MS: the server notices within a second
  const pages: string[] = [];
  let next: string | null = '/api/v1/books?limit=100&lang=de';
  while (next) {
    pages.push(next);
    const answer = await fetchText(`${server.url}${next}`);
    next = (JSON.parse(answer.body) as { data: { next: string | null } }).data.next;
  }
  // The walk above filled the cache; write again and time the same pages cold, one at a time.
  const again = connect(url, { max: 1, statementMs: 0 });
  await again.db.execute(sql`UPDATE catalogue_version SET catalogue = catalogue + 1 WHERE id = 1`);
  await again.close();
  await new Promise((r) => setTimeout(r, 1_100));
  await measure(server, `cold: every page of 100 books (${pages.length} pages, computed after a write)`, 1, pages.length, (i) => getOk(`${server!.url}${pages[i]}`, {}));

  console.log(JSON.stringify({ label: 'machine', cpus: os.availableParallelism(), loadAverage1m: +os.loadavg()[0]!.toFixed(2) }));
  console.log(JSON.stringify({ goal: `GET /api/v1/books?limit=100 p99 < ${GOAL.p99Ms} ms at ${GOAL.concurrency} concurrent`, p50: goal.p50, p95: goal.p95, p99: goal.p99, rps: goal.rps, errors: goal.errors, met: goal.p99 < GOAL.p99Ms && goal.errors === 0 }));
} finally {
  await server?.stop();
  benchAgent.destroy();
  await closeSharedConnection();
  await stopOwnedEmbeddedServers();
}
