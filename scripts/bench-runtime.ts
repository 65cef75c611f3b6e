/**
 * `npm run bench:runtime`: what a newcomer feels of `npm start` (issue 9). Starts `npm start` on
 * BENCH_PORT (default 8897), times it until /en/ answers, then measures `GET /api/books/search` over a
 * fixed mix of queries: sequentially (p50/p99) and at 50 concurrent connections, each as served (the
 * endpoint's per-instance cache on) and with `cache-control: no-cache` (every request reaches the
 * database). Prints one JSON line per run; stops the server at the end.
 *
 * BENCH_URL measures a server that is already running instead (no start time then).
 * SEQUENTIAL (default 300) and CONCURRENT (default 2000) set the number of measured requests.
 * Self-contained on purpose (no imports from the repository): the same file measures an older
 * checkout's `npm start` for a before/after comparison on one machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';

const SEQUENTIAL = Number(process.env.SEQUENTIAL ?? 300);
const CONCURRENT = Number(process.env.CONCURRENT ?? 2000);
const PORT = Number(process.env.BENCH_PORT ?? 8897);

/** Typed prefixes, full titles, typos, umlauts and other languages, as readers type them. */
const MIX: [q: string, lang: string][] = [
  ['d', 'en'], ['du', 'en'], ['dune', 'de'], ['wustenplanet', 'de'], ['foundaton', 'en'], ['the left hand', 'en'],
  ['citta', 'it'], ['neuromancer', 'it'], ['hyperion', 'en'], ['snow krash', 'en'], ['the', 'en'], ['ender', 'it'],
  ['lasswitz', 'de'], ['solaris', 'it'], ['fahrenheit', 'de'], ['la mano sinistra', 'it'],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

let server: ChildProcess | undefined;
let base = process.env.BENCH_URL;
if (!base) {
  base = `http://localhost:${PORT}`;
  const t0 = performance.now();
  server = spawn('npm', ['start'], { env: { ...process.env, PORT: String(PORT) }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  server.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  server.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  try {
    await waitFor(`${base}/en/`, server, 900_000);
  } catch (error) {
    console.error(log.slice(-4000));
    throw error;
  }
  const built = /Building the static site/.test(log);
  console.log(JSON.stringify({ run: 'start', seconds: +((performance.now() - t0) / 1000).toFixed(2), built }));
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function once(i: number, headers: Record<string, string>): Promise<void> {
  const [q, lang] = MIX[i % MIX.length]!;
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/books/search?q=${encodeURIComponent(q)}`, { agent, headers: { 'accept-language': lang, ...headers } }, (res) => {
      res.resume();
      res.once('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode} for ${q}`))));
      res.once('error', reject);
    });
    req.once('error', reject);
  });
}

async function measure(label: string, concurrency: number, requests: number, headers: Record<string, string>) {
  // Warm-up, not measured: connections opened, every query of the mix answered once.
  for (let i = 0; i < MIX.length; i++) await once(i, headers).catch(() => undefined);
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
          await once(i, headers);
          times.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const row = { run: label, concurrency, requests: times.length, errors, p50: +percentile(times, 50).toFixed(1), p99: +percentile(times, 99).toFixed(1), rps: Math.round(times.length / seconds) };
  console.log(JSON.stringify(row));
}

try {
  await measure('books-search', 1, SEQUENTIAL, {});
  await measure('books-search no-cache', 1, SEQUENTIAL, { 'cache-control': 'no-cache' });
  await measure('books-search', 50, CONCURRENT, {});
  await measure('books-search no-cache', 50, CONCURRENT, { 'cache-control': 'no-cache' });
} finally {
  agent.destroy();
  if (server?.pid) {
    // npm passes the signal on to `npm start`, which stops the database it started.
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGINT');
    const late = setTimeout(() => process.kill(-server!.pid!, 'SIGKILL'), 20_000);
    await exited;
    clearTimeout(late);
  }
}
