/**
 * `npm run bench:search`: latency of the typeahead against the production-like server (`npm start`
 * must be running; BENCH_URL, default http://localhost:8888) for a fixed mix of queries at 1 and 50
 * concurrent connections, beside the same queries run directly on the database. Prints p50, p95, p99
 * and requests per second, and the HTTP/SQL ratio. Bounded: REQUESTS per run (default 1000).
 */
import { closeSharedConnection, getDb } from '../db/client.ts';
import { searchAuthors, searchAwards, searchBooks, searchGenres, searchSeries } from '../db/queries/search.ts';
import { stopOwnedEmbeddedServers } from '../db/embedded.ts';
import type { Locale } from '../src/domain/enums.ts';

const BASE = process.env.BENCH_URL ?? 'http://localhost:8888';
const REQUESTS = Number(process.env.REQUESTS ?? 1000);

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

async function run(label: string, concurrency: number, once: (i: number) => Promise<void>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < REQUESTS) {
        const i = next++;
        const t0 = performance.now();
        await once(i);
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const row = { label, concurrency, requests: times.length, p50: +percentile(times, 50).toFixed(1), p95: +percentile(times, 95).toFixed(1), p99: +percentile(times, 99).toFixed(1), rps: Math.round(times.length / seconds) };
  console.log(JSON.stringify(row));
  return row;
}

const db = await getDb();
const direct = { books: searchBooks, authors: (d: typeof db, q: string) => searchAuthors(d, q), series: (d: typeof db, q: string) => searchSeries(d, q), genres: searchGenres, awards: searchAwards };

const probe = await fetch(`${BASE}/api/books/search?q=dune`).catch(() => null);
if (!probe?.ok) throw new Error(`No server answers at ${BASE}: start it with \`npm start\` first.`);

for (const concurrency of [1, 50]) {
  const http = await run('http', concurrency, async (i) => {
    const [kind, q, lang] = MIX[i % MIX.length]!;
    const res = await fetch(`${BASE}/api/${kind}/search?q=${encodeURIComponent(q)}`, { headers: { 'accept-language': lang } });
    if (!res.ok) throw new Error(`HTTP ${res.status} for ${kind} ${q}`);
    await res.arrayBuffer();
  });
  const sqlRow = await run('sql', Math.min(concurrency, 10), async (i) => {
    const [kind, q, lang] = MIX[i % MIX.length]!;
    await direct[kind](db, q, lang);
  });
  console.log(`ratio http/sql at ${concurrency}: p50 ${(http.p50 / sqlRow.p50).toFixed(1)}x, p99 ${(http.p99 / sqlRow.p99).toFixed(1)}x`);
}
await closeSharedConnection();
await stopOwnedEmbeddedServers();
