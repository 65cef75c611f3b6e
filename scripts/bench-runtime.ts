/**
 * `npm run bench:runtime`: what a newcomer feels of `npm start` (issue 9). Starts `npm start` on
 * BENCH_PORT (default 8897), times it until /en/ answers, then measures `GET /api/books/search` over a
 * fixed mix of queries: sequentially and at 50 concurrent connections, each as served (the
 * endpoint's per-instance cache on) and with `cache-control: no-cache` (every request reaches the
 * database). Prints one JSON line per run; stops the server at the end.
 *
 * BENCH_URL measures a server that is already running instead (no start time then).
 * SEQUENTIAL (default 300) and CONCURRENT (default 2000) set the number of measured requests.
 */
import { benchAgent, getOk, measureLoad, startNpmStart, type StartedServer } from './bench-support.ts';

const SEQUENTIAL = Number(process.env.SEQUENTIAL ?? 300);
const CONCURRENT = Number(process.env.CONCURRENT ?? 2000);

/** Typed prefixes, full titles, typos, umlauts and other languages, as readers type them. */
const MIX: [q: string, lang: string][] = [
  ['d', 'en'], ['du', 'en'], ['dune', 'de'], ['wustenplanet', 'de'], ['foundaton', 'en'], ['the left hand', 'en'],
  ['citta', 'it'], ['neuromancer', 'it'], ['hyperion', 'en'], ['snow krash', 'en'], ['the', 'en'], ['ender', 'it'],
  ['lasswitz', 'de'], ['solaris', 'it'], ['fahrenheit', 'de'], ['la mano sinistra', 'it'],
];

let server: StartedServer | undefined;
let base = process.env.BENCH_URL;
if (!base) {
  server = await startNpmStart(Number(process.env.BENCH_PORT ?? 8897));
  base = server.url;
  console.log(JSON.stringify({ label: 'start', seconds: server.seconds, built: server.built }));
}

const once = (headers: Record<string, string>) => (i: number) => {
  const [q, lang] = MIX[i % MIX.length]!;
  return getOk(`${base}/api/books/search?q=${encodeURIComponent(q)}`, { 'accept-language': lang, ...headers });
};

try {
  for (const [concurrency, requests] of [[1, SEQUENTIAL], [50, CONCURRENT]] as const) {
    for (const [label, headers] of [['books-search', {}], ['books-search no-cache', { 'cache-control': 'no-cache' }]] as const) {
      // Warm-up, not measured: connections opened, every query of the mix answered once.
      for (let i = 0; i < MIX.length; i++) await once(headers)(i).catch(() => undefined);
      await measureLoad(label, concurrency, requests, once(headers));
    }
  }
} finally {
  benchAgent.destroy();
  await server?.stop();
}
