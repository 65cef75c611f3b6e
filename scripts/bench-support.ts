/**
 * What the benchmarks share: starting `npm start` as their target (the server a newcomer runs, issue
 * 9), and a light keep-alive load generator that reports p50/p95/p99 and requests per second.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { lightClient } from './bench-http.ts';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';

import { connect } from '../db/client.ts';
import { ensureDatabaseExists, resolveLocalDatabaseUrl } from '../db/embedded.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { importSeedCatalogue } from '../db/seed/import.ts';
import { loadSeedCatalogue } from '../db/seed/seed-data.ts';
import { prepareDatabase } from './db-prepare.ts';
import { generateSyntheticCatalogue } from './synthetic-catalogue.ts';

export interface StartedServer {
  url: string;
  /** Seconds until /en/ answered. */
  seconds: number;
  /** Whether `npm start` had to build the site first. */
  built: boolean;
  /** Everything the server printed so far (to tell why it stopped). */
  log: () => string;
  /** Resolves with the exit code when the server exits (also on its own, e.g. a crash). */
  exited: Promise<number | null>;
  /** The server's process id. */
  pid: number;
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

/**
 * Starts what `npm start` runs (scripts/start.ts, with this Node) on `port`, with extra environment
 * (e.g. ANSWER_CACHE=off), and resolves once its start page (or `readyPath`) answers. Started directly rather than
 * through npm: npm does not pass SIGINT on when its output is a pipe, and the server must stop the
 * database it started cleanly.
 */
export async function startNpmStart(port: number, env: Record<string, string> = {}, { readyPath = '/en/' } = {}): Promise<StartedServer> {
  const t0 = performance.now();
  // BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools);
  // BENCH_NODE_FLAGS: more Node flags for the server, e.g. '--trace-gc' (its output is in log()).
  const profile = [...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []), ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])];
  const child = spawn(process.execPath, [...profile, 'scripts/start.ts'], { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://localhost:${port}`;
  try {
    await waitFor(`${url}${readyPath}`, child, 900_000);
  } catch (error) {
    console.error(log.slice(-4000));
    throw error;
  }
  return {
    url,
    seconds: +((performance.now() - t0) / 1000).toFixed(2),
    built: /Building the static site/.test(log),
    log: () => log,
    exited,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      const late = setTimeout(() => child.kill('SIGKILL'), 20_000);
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

/**
 * A measured phase (measureLoad) and the CPU it cost per request in the server and in `database`'s
 * backends (noise-proof, unlike latency), printed with `digits` decimals.
 */
export async function measureWithCpu(server: StartedServer, database: string, label: string, concurrency: number, requests: number, once: (i: number) => Promise<void>, digits = 2): Promise<LoadRow> {
  const before = cpuMs(server.pid, database);
  const row = await measureLoad(label, concurrency, requests, once);
  const after = cpuMs(server.pid, database);
  if (before && after) {
    const perRequest = (ms: number) => +(ms / row.requests).toFixed(digits);
    console.log(JSON.stringify({ label: `${label}: CPU per request (ms)`, server: perRequest(after.server - before.server), database: perRequest(after.database - before.database) }));
  }
  return row;
}

/** A keep-alive agent (node:http), for requests the light client does not make (none of the measured ones). */
export const benchAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One request that resolves on `expected` (200 unless said) and rejects otherwise; a body is sent as
 * JSON. Through the light keep-alive client (bench-http.ts): node:http's client cost the shared cores
 * more CPU per request than the answers being measured.
 */
export async function requestOk(method: string, url: string, headers: Record<string, string>, body?: unknown, expected = 200): Promise<void> {
  const { origin, pathname, search } = new URL(url);
  const answer = await lightClient(origin).request({
    method,
    path: pathname + search,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (answer.status !== expected) throw new Error(`HTTP ${answer.status} for ${method} ${url}`);
}

/** One GET that resolves on 200 and rejects otherwise. */
export function getOk(url: string, headers: Record<string, string>): Promise<void> {
  return requestOk('GET', url, headers);
}

/**
 * CPU time (ms, user + system) used so far by the server process and by the PostgreSQL backends
 * serving `database`, read from /proc (Linux; null elsewhere). Unlike latency, it barely moves when
 * other work shares the cores: the CPU a request costs is the figure to compare between changes.
 * Backends that ended since the last reading are not counted.
 */
export function cpuMs(serverPid: number, database: string): { server: number; database: number } | null {
  const ticks = (pid: string) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in clock ticks of 10 ms (USER_HZ 100)
  };
  try {
    let db = 0;
    for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
      try {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (cmd.startsWith('postgres: ') && cmd.includes(` ${database} `)) db += ticks(pid);
      } catch {
        // the process ended meanwhile
      }
    }
    return { server: ticks(String(serverPid)), database: db };
  } catch {
    return null;
  }
}

/**
 * A benchmark's own database `name` (phantastika_bench_*, never the default one) on the configured
 * server (DATABASE_URL, else the embedded PostgreSQL): created when missing, migrated and seeded with
 * the real catalogue; its URL.
 */
export async function benchDatabaseUrl(name: string): Promise<string> {
  const url = await ownBenchDatabase(name);
  const prepared = await prepareDatabase({ url });
  await prepared.connection.close();
  return url;
}

/** A benchmark's own database `name` on the configured server, created when missing; its URL. */
async function ownBenchDatabase(name: string): Promise<string> {
  if (!/^phantastika_bench_/.test(name)) throw new Error(`A benchmark's database must be one of its own named phantastika_bench_*, not ${name}.`);
  const server = new URL(await resolveLocalDatabaseUrl());
  server.pathname = '/postgres';
  const base = server.href.replace(/\/postgres$/, '');
  await ensureDatabaseExists(base, name);
  return `${base}/${name}`;
}

/**
 * A benchmark's own database `name` holding a synthetic catalogue of `books` books (fixed `seed`;
 * scripts/synthetic-catalogue.ts), migrated, and imported unless it holds them already (the import
 * is idempotent); its URL. Prints the import's time when it ran.
 */
export async function syntheticBenchDatabaseUrl(name: string, books: number, seed: number): Promise<string> {
  const url = await ownBenchDatabase(name);
  const connection = connect(url, { max: 4 });
  try {
    await migrateDatabase(connection);
    const started = Date.now();
    const report = await importSeedCatalogue(connection.db, generateSyntheticCatalogue(books, seed, loadSeedCatalogue()));
    console.log(JSON.stringify({ label: 'synthetic catalogue', database: name, books, seed, importMs: Date.now() - started, new: (report.inserted.books ?? 0) > 0 }));
  } finally {
    await connection.close();
  }
  return url;
}
