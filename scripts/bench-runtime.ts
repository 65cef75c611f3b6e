/**
 * `npm run bench:runtime`: what a newcomer feels of `npm start` (issue 9). Starts `npm start` on
 * BENCH_PORT (default 8897), times it until /en/ answers, then measures `GET /api/books/search` over a
 * fixed mix of queries, sequentially and at 50 concurrent connections: as served (the endpoint's
 * per-instance cache on), then on a second start with ANSWER_CACHE=off (every request reaches the
 * database; no request header can bypass the cache, issue 10). Prints one JSON line per run.
 *
 * BENCH_URL measures a server that is already running instead (as served only, no start time).
 * SEQUENTIAL (default 300) and CONCURRENT (default 2000) set the number of measured requests.
 */
import './local-runtime.ts';
import { benchAgent, getOk, measureLoad, startNpmStart, type StartedServer } from './bench-support.ts';

const SEQUENTIAL = Number(process.env.SEQUENTIAL ?? 300);
const CONCURRENT = Number(process.env.CONCURRENT ?? 2000);

/** Typed prefixes, full titles, typos, umlauts and other languages, as readers type them. */
const MIX: [q: string, lang: string][] = [
  ['d', 'en'], ['du', 'en'], ['dune', 'de'], ['wustenplanet', 'de'], ['foundaton', 'en'], ['the left hand', 'en'],
  ['citta', 'it'], ['neuromancer', 'it'], ['hyperion', 'en'], ['snow krash', 'en'], ['the', 'en'], ['ender', 'it'],
  ['lasswitz', 'de'], ['solaris', 'it'], ['fahrenheit', 'de'], ['la mano sinistra', 'it'],
];

const port = Number(process.env.BENCH_PORT ?? 8897);
const once = (base: string) => (i: number) => {
  const [q, lang] = MIX[i % MIX.length]!;
  return getOk(`${base}/api/books/search?q=${encodeURIComponent(q)}`, { 'accept-language': lang });
};

/** Sequential and concurrent runs against one server. */
async function measureServer(base: string, label: string) {
  for (const [concurrency, requests] of [[1, SEQUENTIAL], [50, CONCURRENT]] as const) {
    // Warm-up, not measured: connections opened, every query of the mix answered once.
    for (let i = 0; i < MIX.length; i++) await once(base)(i).catch(() => undefined);
    await measureLoad(label, concurrency, requests, once(base));
  }
}

try {
  if (process.env.BENCH_URL) {
    await measureServer(process.env.BENCH_URL, 'books-search');
  } else {
    for (const [label, env] of [['books-search', {}], ['books-search no-cache', { ANSWER_CACHE: 'off' }]] as const) {
      const server: StartedServer = await startNpmStart(port, env);
      console.log(JSON.stringify({ label: `start (${label})`, seconds: server.seconds, built: server.built }));
      try {
        await measureServer(server.url, label);
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  benchAgent.destroy();
}
