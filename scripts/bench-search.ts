/**
 * `npm run bench:search`: latency of the typeahead endpoints over HTTP for a fixed mix of queries at
 * 1 and 50 concurrent connections, beside the same queries run directly on the database (a pool of
 * 10, as in a function). Prints p50, p95, p99, requests per second and errors, and the HTTP/SQL ratio.
 *
 * Target: by default the bench starts `scripts/serve-functions.ts`, the deployed function handlers
 * loaded once and kept warm as a production instance is (`netlify dev` starts a fresh worker per
 * request: ~1 s each, a property of the local emulator, not of the code). BENCH_URL measures another
 * server instead, e.g. `npm start` (http://localhost:8888); BENCH_URL=none measures SQL only.
 * HTTP is measured twice: as served (the endpoints' in-process cache on) and with
 * `cache-control: no-cache`, which bypasses that cache. Bounded: HTTP_REQUESTS per HTTP run (default
 * 3000, after a short unmeasured warm-up), REQUESTS per SQL run (default 1000).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { closeSharedConnection, getDb } from '../db/client.ts';
import { searchAuthors, searchAwards, searchBooks, searchGenres, searchSeries } from '../db/queries/search.ts';
import { stopOwnedEmbeddedServers } from '../db/embedded.ts';
import type { Locale } from '../src/domain/enums.ts';

const REQUESTS = Number(process.env.REQUESTS ?? 1000);
const HTTP_REQUESTS = Number(process.env.HTTP_REQUESTS ?? 3000);

/** Starts the warm function server as a child process and resolves with its URL. */
function startWarmFunctions(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--experimental-transform-types', '--no-warnings', 'scripts/serve-functions.ts'], { env: { ...process.env, PORT: process.env.BENCH_PORT ?? '8899' }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /functions ready at (\S+)/.exec(out)?.[1];
      if (url) resolve({ url, child });
    });
    child.once('exit', (code) => reject(new Error(`serve-functions exited with ${code}`)));
  });
}

const warm = process.env.BENCH_URL ? null : await startWarmFunctions();
const BASE = process.env.BENCH_URL ?? warm!.url;
console.log(`HTTP target: ${warm ? `warm function server (${BASE})` : BASE}`);

/** The fixed mix: kind, query, language (typed prefixes, full titles, typos, umlauts, other languages). */
const MIX: [kind: 'books' | 'authors' | 'series' | 'genres' | 'awards', q: string, lang: Locale][] = [
  ['books', 'd', 'en'], ['books', 'du', 'en'], ['books', 'dune', 'de'], ['books', 'wustenplanet', 'de'], ['books', 'foundaton', 'en'],
  ['books', 'the left hand', 'en'], ['books', 'citta', 'it'], ['books', 'neuromancer', 'it'], ['books', 'hyperion', 'en'], ['books', 'snow krash', 'en'],
  ['authors', 'le guin', 'en'], ['authors', 'tchaikovksy', 'en'], ['authors', 'k', 'de'], ['series', 'expanse', 'en'], ['series', 'cul', 'en'],
  ['genres', 'fanta', 'it'], ['awards', 'hugo', 'de'], ['books', 'the', 'en'], ['books', 'ender', 'it'], ['authors', 'asimov', 'en'],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function run(label: string, concurrency: number, requests: number, once: (i: number) => Promise<void>) {
  const times: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const i = next++;
        const t0 = performance.now();
        try {
          await once(i);
          times.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const row = {
    label,
    concurrency,
    requests: times.length,
    errors,
    p50: +percentile(times, 50).toFixed(1),
    p95: +percentile(times, 95).toFixed(1),
    p99: +percentile(times, 99).toFixed(1),
    rps: Math.round(times.length / seconds),
  };
  console.log(JSON.stringify(row));
  return row;
}

const db = await getDb();
const direct = { books: searchBooks, authors: (d: typeof db, q: string) => searchAuthors(d, q), series: (d: typeof db, q: string) => searchSeries(d, q), genres: searchGenres, awards: searchAwards };

/** BENCH_URL=none measures the SQL only (e.g. to compare query versions without a server). */
const SQL_ONLY = process.env.BENCH_URL === 'none';
if (!SQL_ONLY) {
  const probe = await fetch(`${BASE}/api/books/search?q=dune`).catch(() => null);
  if (!probe?.ok) throw new Error(`No server answers at ${BASE}${warm ? '' : ': start it first (e.g. `npm start`)'}.`);
}

/**
 * One request on a keep-alive connection (node:http: a lighter load generator than fetch, which on
 * 2 cores would take much of the CPU the server needs).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function httpOnce(i: number, headers: Record<string, string>): Promise<void> {
  const [kind, q, lang] = MIX[i % MIX.length]!;
  return new Promise((resolve, reject) => {
    const req = http.get(`${BASE}/api/${kind}/search?q=${encodeURIComponent(q)}`, { agent, headers: { 'accept-language': lang, ...headers } }, (res) => {
      res.resume();
      res.once('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode} for ${kind} ${q}`))));
      res.once('error', reject);
    });
    req.once('error', reject);
  });
}

for (const concurrency of [1, 50]) {
  const sqlRow = await run('sql', concurrency, REQUESTS, async (i) => {
    const [kind, q, lang] = MIX[i % MIX.length]!;
    await direct[kind](db, q, lang);
  });
  if (SQL_ONLY) continue;
  // Warm-up, not measured: connections opened, code paths compiled (a warm instance's steady state).
  await Promise.all(Array.from({ length: concurrency }, (_, c) => httpOnce(c, {})));
  const cached = await run('http', concurrency, HTTP_REQUESTS, (i) => httpOnce(i, {}));
  const uncached = await run('http no-cache', concurrency, HTTP_REQUESTS, (i) => httpOnce(i, { 'cache-control': 'no-cache' }));
  for (const http of [cached, uncached]) {
    console.log(`ratio ${http.label}/sql at ${concurrency}: p50 ${(http.p50 / sqlRow.p50).toFixed(1)}x, p99 ${(http.p99 / sqlRow.p99).toFixed(1)}x`);
  }
}
await closeSharedConnection();
await stopOwnedEmbeddedServers();
agent.destroy();
warm?.child.kill('SIGTERM');
