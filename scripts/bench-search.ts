/**
 * `npm run bench:search`: latency of the typeahead endpoints over HTTP for a fixed mix of queries at
 * 1 and 50 concurrent connections, beside the same queries run directly on the database (a pool of
 * 10, as in a function). Prints p50, p95, p99, requests per second and errors, and the HTTP/SQL ratio.
 *
 * Target: by default the bench starts `npm start` on BENCH_PORT (default 8899): the local runtime
 * with every function loaded once and kept warm, as a deployed function instance is (issue 9).
 * BENCH_URL measures a server that is already running instead; BENCH_URL=none measures SQL only.
 * HTTP is measured twice: as served (the endpoints' in-process cache on) and on a second start with
 * ANSWER_CACHE=off (no request header can bypass the cache, issue 10; with BENCH_URL only as served).
 * Bounded: HTTP_REQUESTS per HTTP run (default 3000, after a short unmeasured warm-up), REQUESTS per
 * SQL run (default 1000).
 */
import './local-runtime.ts';
import { closeSharedConnection, getDb } from '../db/client.ts';
import { searchAuthors, searchAwards, searchBooks, searchGenres, searchSeries } from '../db/queries/search.ts';
import { stopOwnedEmbeddedServers } from '../db/embedded.ts';
import type { Locale } from '../src/domain/enums.ts';
import { benchAgent, getOk, measureLoad, startNpmStart, type LoadRow } from './bench-support.ts';

const REQUESTS = Number(process.env.REQUESTS ?? 1000);
const HTTP_REQUESTS = Number(process.env.HTTP_REQUESTS ?? 3000);
/** BENCH_URL=none measures the SQL only (e.g. to compare query versions without a server). */
const SQL_ONLY = process.env.BENCH_URL === 'none';

const PORT = Number(process.env.BENCH_PORT ?? 8899);

/** The fixed mix: kind, query, language (typed prefixes, full titles, typos, umlauts, other languages). */
const MIX: [kind: 'books' | 'authors' | 'series' | 'genres' | 'awards', q: string, lang: Locale][] = [
  ['books', 'd', 'en'], ['books', 'du', 'en'], ['books', 'dune', 'de'], ['books', 'wustenplanet', 'de'], ['books', 'foundaton', 'en'],
  ['books', 'the left hand', 'en'], ['books', 'citta', 'it'], ['books', 'neuromancer', 'it'], ['books', 'hyperion', 'en'], ['books', 'snow krash', 'en'],
  ['authors', 'le guin', 'en'], ['authors', 'tchaikovksy', 'en'], ['authors', 'k', 'de'], ['series', 'expanse', 'en'], ['series', 'cul', 'en'],
  ['genres', 'fanta', 'it'], ['awards', 'hugo', 'de'], ['books', 'the', 'en'], ['books', 'ender', 'it'], ['authors', 'asimov', 'en'],
];

const db = await getDb();
const direct = { books: searchBooks, authors: (d: typeof db, q: string) => searchAuthors(d, q), series: (d: typeof db, q: string) => searchSeries(d, q), genres: searchGenres, awards: searchAwards };

function httpOnce(base: string, i: number): Promise<void> {
  const [kind, q, lang] = MIX[i % MIX.length]!;
  return getOk(`${base}/api/${kind}/search?q=${encodeURIComponent(q)}`, { 'accept-language': lang });
}

const sqlRows = new Map<number, LoadRow>();
for (const concurrency of [1, 50]) {
  sqlRows.set(
    concurrency,
    await measureLoad('sql', concurrency, REQUESTS, async (i) => {
      const [kind, q, lang] = MIX[i % MIX.length]!;
      await direct[kind](db, q, lang);
    }),
  );
}

/** Both concurrencies against one server, each after an unmeasured warm-up. */
async function measureHttp(base: string, label: string) {
  const probe = await fetch(`${base}/api/books/search?q=dune`).catch(() => null);
  if (!probe?.ok) throw new Error(`No server answers at ${base}.`);
  for (const concurrency of [1, 50]) {
    await Promise.all(Array.from({ length: concurrency }, (_, c) => httpOnce(base, c)));
    const row = await measureLoad(label, concurrency, HTTP_REQUESTS, (i) => httpOnce(base, i));
    const sql = sqlRows.get(concurrency)!;
    console.log(`ratio ${label}/sql at ${concurrency}: p50 ${(row.p50 / sql.p50).toFixed(1)}x, p99 ${(row.p99 / sql.p99).toFixed(1)}x`);
  }
}

if (process.env.BENCH_URL && !SQL_ONLY) {
  console.log(`HTTP target: ${process.env.BENCH_URL} (as served only)`);
  await measureHttp(process.env.BENCH_URL, 'http');
} else if (!SQL_ONLY) {
  for (const [label, env] of [['http', {}], ['http no-cache', { ANSWER_CACHE: 'off' }]] as const) {
    const server = await startNpmStart(PORT, env);
    console.log(`HTTP target: npm start at ${server.url} (${label}, up in ${server.seconds} s)`);
    try {
      await measureHttp(server.url, label);
    } finally {
      await server.stop();
    }
  }
}
await closeSharedConnection();
await stopOwnedEmbeddedServers();
benchAgent.destroy();
