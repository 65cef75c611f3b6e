/**
 * `npm run bench:build [-- --synthetic N] [--seed S]`: builds the static site and prints pages built,
 * seconds, pages per second and peak memory (issue 3). Without --synthetic it builds the real catalogue
 * from the configured database; with it, a synthetic catalogue of N books (fixed seed) is imported into
 * its own database `phantastika_bench_N` on the same server, never into the default one.
 */
import './local-runtime.ts';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { stopOwnedEmbeddedServers } from '../db/embedded.ts';
import { prepareDatabase } from './db-prepare.ts';
import { syntheticBenchDatabaseUrl } from './bench-support.ts';

const { values } = parseArgs({ options: { synthetic: { type: 'string' }, seed: { type: 'string', default: '42' }, keep: { type: 'boolean', default: false } } });
const size = values.synthetic ? Number(values.synthetic) : null;
if (size !== null && (!Number.isInteger(size) || size < 1)) throw new Error('--synthetic needs a positive whole number of books');

async function databaseUrl(): Promise<string> {
  if (size === null) {
    const prepared = await prepareDatabase();
    await prepared.connection.close();
    return prepared.url;
  }
  return syntheticBenchDatabaseUrl(`phantastika_bench_${size}_${values.seed}`, size, Number(values.seed));
}

/** Resident memory of a process and its descendants, from /proc (Linux). */
function treeRssKb(pid: number): number {
  let total = 0;
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* process ended */
    }
  }
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      /* process ended */
    }
    stack.push(...(children.get(p) ?? []));
  }
  return total;
}

function countPages(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) n += countPages(full);
    else if (entry.endsWith('.html')) n += 1;
  }
  return n;
}

const url = await databaseUrl();
const outDir = size === null ? 'dist-bench' : `dist-bench-${size}`;
const started = performance.now();
let peakKb = 0;
const child = spawn('astro', ['build', '--outDir', outDir], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DATABASE_URL: url, ASTRO_TELEMETRY_DISABLED: '1' } });
const sampler = setInterval(() => (peakKb = Math.max(peakKb, treeRssKb(child.pid!))), 250);
const code: number = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
clearInterval(sampler);
const seconds = (performance.now() - started) / 1000;
if (code !== 0) throw new Error(`astro build exited with ${code}`);
const pages = countPages(outDir);
console.log(
  JSON.stringify({ catalogue: size === null ? 'real' : `synthetic-${size}`, pages, seconds: Number(seconds.toFixed(1)), pagesPerSecond: Number((pages / seconds).toFixed(1)), peakMemoryMb: Math.round(peakKb / 1024) }),
);
if (!values.keep) rmSync(outDir, { recursive: true, force: true });
await stopOwnedEmbeddedServers();
