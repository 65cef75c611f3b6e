/**
 * `npm run bench:search`: latency of the typeahead endpoints over HTTP for a fixed mix of queries at
 * 1 and 50 concurrent connections, beside the same queries run directly on the database (a pool of
 * 10, as in a function). Prints p50, p95, p99, requests per second and errors, and the HTTP/SQL ratio.
 *
 * Target: by default the bench starts `npm start` on BENCH_PORT (default 8899): the local runtime
 * with every function loaded once and kept warm, as a deployed function instance is (issue 9).
 * BENCH_URL measures a server that is already running instead; BENCH_URL=none measures SQL only.
 * HTTP is measured twice: as served (the endpoints' in-process cache on) and with
 * `cache-control: no-cache`, which bypasses that cache. Bounded: HTTP_REQUESTS per HTTP run (default
 * 3000, after a short unmeasured warm-up), REQUESTS per SQL run (default 1000).
 */
import { closeSharedConnection, getDb } from '../db/client.ts';
import { searchAuthors, searchAwards, searchBooks, searchGenres, searchSeries } from '../db/queries/search.ts';
import { stopOwnedEmbeddedServers } from '../db/embedded.ts';
import type { Locale } from '../src/domain/enums.ts';
import { benchAgent, getOk, measureLoad, startNpmStart } from './bench-support.ts';

const REQUESTS = Number(process.env.REQUESTS ?? 1000);
const HTTP_REQUESTS = Number(process.env.HTTP_REQUESTS ?? 3000);
/** BENCH_URL=none measures the SQL only (e.g. to compare query versions without a server). */
const SQL_ONLY = process.env.BENCH_URL === 'none';

const started = process.env.BENCH_URL ? null : await startNpmStart(Number(process.env.BENCH_PORT ?? 8899));
const BASE = process.env.BENCH_URL ?? started!.url;
console.log(`HTTP target: ${started ? `npm start (${BASE}, up in ${started.seconds} s)` : BASE}`);

/** The fixed mix: kind, query, language (typed prefixes, full titles, typos, umlauts, other languages). */
const MIX: [kind: 'books' | 'authors' | 'series' | 'genres' | 'awards', q: string, lang: Locale][] = [
  ['books', 'd', 'en'], ['books', 'du', 'en'], ['books', 'dune', 'de'], ['books', 'wustenplanet', 'de'], ['books', 'foundaton', 'en'],
  ['books', 'the left hand', 'en'], ['books', 'citta', 'it'], ['books', 'neuromancer', 'it'], ['books', 'hyperion', 'en'], ['books', 'snow krash', 'en'],
  ['authors', 'le guin', 'en'], ['authors', 'tchaikovksy', 'en'], ['authors', 'k', 'de'], ['series', 'expanse', 'en'], ['series', 'cul', 'en'],
  ['genres', 'fanta', 'it'], ['awards', 'hugo', 'de'], ['books', 'the', 'en'], ['books', 'ender', 'it'], ['authors', 'asimov', 'en'],
];

const db = await getDb();
const direct = { books: searchBooks, authors: (d: typeof db, q: string) => searchAuthors(d, q), series: (d: typeof db, q: string) => searchSeries(d, q), genres: searchGenres, awards: searchAwards };

if (!SQL_ONLY) {
  const probe = await fetch(`${BASE}/api/books/search?q=dune`).catch(() => null);
  if (!probe?.ok) throw new Error(`No server answers at ${BASE}${started ? '' : ': start it first (e.g. `npm start`)'}.`);
}

function httpOnce(i: number, headers: Record<string, string>): Promise<void> {
  const [kind, q, lang] = MIX[i % MIX.length]!;
  return getOk(`${BASE}/api/${kind}/search?q=${encodeURIComponent(q)}`, { 'accept-language': lang, ...headers });
}

for (const concurrency of [1, 50]) {
  const sqlRow = await measureLoad('sql', concurrency, REQUESTS, async (i) => {
    const [kind, q, lang] = MIX[i % MIX.length]!;
    await direct[kind](db, q, lang);
  });
  if (SQL_ONLY) continue;
  // Warm-up, not measured: connections opened, code paths compiled (a warm instance's steady state).
  await Promise.all(Array.from({ length: concurrency }, (_, c) => httpOnce(c, {})));
  const cached = await measureLoad('http', concurrency, HTTP_REQUESTS, (i) => httpOnce(i, {}));
  const uncached = await measureLoad('http no-cache', concurrency, HTTP_REQUESTS, (i) => httpOnce(i, { 'cache-control': 'no-cache' }));
  for (const http of [cached, uncached]) {
    console.log(`ratio ${http.label}/sql at ${concurrency}: p50 ${(http.p50 / sqlRow.p50).toFixed(1)}x, p99 ${(http.p99 / sqlRow.p99).toFixed(1)}x`);
  }
}
await closeSharedConnection();
await stopOwnedEmbeddedServers();
benchAgent.destroy();
await started?.stop();
