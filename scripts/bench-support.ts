/**
 * What the benchmarks share: starting `npm start` as their target (the server a newcomer runs, issue
 * 9), and a light keep-alive load generator that reports p50/p95/p99 and requests per second.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';

export interface StartedServer {
  url: string;
  /** Seconds until /en/ answered. */
  seconds: number;
  /** Whether `npm start` had to build the site first. */
  built: boolean;
  stop: () => Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts `npm start` on `port` (with extra environment, e.g. SEARCH_CACHE=off) and resolves once its start page answers. */
export async function startNpmStart(port: number, env: Record<string, string> = {}): Promise<StartedServer> {
  const t0 = performance.now();
  const child = spawn('npm', ['start'], { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  const url = `http://localhost:${port}`;
  try {
    await waitFor(`${url}/en/`, child, 900_000);
  } catch (error) {
    console.error(log.slice(-4000));
    throw error;
  }
  return {
    url,
    seconds: +((performance.now() - t0) / 1000).toFixed(2),
    built: /Building the static site/.test(log),
    async stop() {
      // npm passes the signal on to `npm start`, which stops the database it started.
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGINT');
      const late = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
      await exited;
      clearTimeout(late);
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export interface LoadRow {
  label: string;
  concurrency: number;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

/** Runs `once(i)` for i = 0..requests-1 on `concurrency` parallel lanes; prints and returns the row. */
export async function measureLoad(label: string, concurrency: number, requests: number, once: (i: number) => Promise<void>): Promise<LoadRow> {
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
  const row = { label, concurrency, requests: times.length, errors, p50: +percentile(times, 50).toFixed(1), p95: +percentile(times, 95).toFixed(1), p99: +percentile(times, 99).toFixed(1), rps: Math.round(times.length / seconds) };
  console.log(JSON.stringify(row));
  return row;
}

/** A keep-alive agent (node:http: lighter than fetch, which on 2 cores would take CPU from the server). */
export const benchAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One GET that resolves on 200 and rejects otherwise. */
export function getOk(url: string, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: benchAgent, headers }, (res) => {
      res.resume();
      res.once('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode} for ${url}`))));
      res.once('error', reject);
    });
    req.once('error', reject);
  });
}
