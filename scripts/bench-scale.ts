/**
 * `npm run bench:scale [-- --books N] [--seed S]`: what a function instance and the routing cost as
 * the catalogue grows (issue 28 point 7). Not a test: it prints figures beside their goals and always
 * finishes.
 *
 * A synthetic catalogue of N books (default 100,000; scripts/synthetic-catalogue.ts, fixed seed) is
 * imported once into its own database `phantastika_bench_scale_<N>_<seed>` on the configured server
 * (DATABASE_URL, else the embedded one), never into the default database; later runs reuse it.
 *
 * Measured, each in a fresh Node process so that heap figures are the instance's own (`--expose-gc`):
 * - the in-memory copy a search or list function instance loads on its first request (ADR 0021: the
 *   search index and the lists' orders): cold-start time to the first answer and the heap it keeps,
 *   beside the goals of issue 28 point 5 (under 1 s, under 128 MB);
 * - a typeahead search and a list page answered from that copy: p50/p99 and CPU per request;
 * - the id-route and old-slug lookup of the entity-path function (ADR 0033): p50/p99 per lookup;
 * - `_redirects` rules (hand-written only since ADR 0033; goal under 1,000 whatever N).
 * Printed as JSON lines.
 */
import './local-runtime.ts';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { stopOwnedEmbeddedServers } from '../db/embedded.ts';
import { syntheticBenchDatabaseUrl } from './bench-support.ts';

const { values } = parseArgs({ options: { books: { type: 'string', default: '100000' }, seed: { type: 'string', default: '42' }, probe: { type: 'string' } } });
const books = Number(values.books);
if (!Number.isInteger(books) || books < 1) throw new Error('--books needs a positive whole number');

const line = (label: string, data: Record<string, unknown>) => console.log(JSON.stringify({ label, ...data }));
const percentile = (sorted: number[], p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 100) / 100;

/** The probe: runs inside a fresh process with DATABASE_URL set to the scale database. */
async function probe(kind: string): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc!;
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  if (kind === 'instance') {
    const { catalogueIndex } = await import('../netlify/functions/_shared/catalogue-index.ts');
    const modulesMs = performance.now() - started;
    const loaded = await catalogueIndex();
    const firstAnswerMs = performance.now() - started;
    const first = loaded.index.search('books', 'star', 'en', 8);
    gc();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
    const cpuMs = (process.cpuUsage(cpuBefore).user + process.cpuUsage(cpuBefore).system) / 1000;
    line('instance copy', { books, modulesMs: Math.round(modulesMs), loadMs: Math.round(firstAnswerMs - modulesMs), firstAnswerMs: Math.round(firstAnswerMs), cpuMs: Math.round(cpuMs), heapMb: Math.round(heapMb), rssMb: Math.round(process.memoryUsage().rss / 2 ** 20), hits: first?.length ?? 0, goals: { firstAnswerMs: '< 1000', heapMb: '< 128' } });
    const queries = ['st', 'sta', 'star', 'night', 'dragon gl', 'ember tide', 'machne', 'silver cr', 'ada', 'krause'];
    const times: number[] = [];
    const cpu = process.cpuUsage();
    for (let i = 0; i < 2_000; i++) {
      const t = performance.now();
      loaded.index.search(i % 3 === 0 ? 'authors' : 'books', queries[i % queries.length]!, (['en', 'de', 'it'] as const)[i % 3]!, 8);
      times.push(performance.now() - t);
    }
    const used = process.cpuUsage(cpu);
    times.sort((a, b) => a - b);
    line('typeahead from the copy', { requests: times.length, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), cpuPerRequestMs: Math.round(((used.user + used.system) / 1000 / times.length) * 1000) / 1000 });
  } else if (kind === 'sql') {
    const { getDb } = await import('../db/client.ts');
    const { searchAuthors, searchBooks } = await import('../db/queries/search.ts');
    const { listBooks } = await import('../db/queries/lists.ts');
    const db = await getDb();
    const queries = ['st', 'sta', 'star', 'night', 'dragon gl', 'ember tide', 'machne', 'silver cr', 'ada', 'krause'];
    for (const [label, run] of [
      ['typeahead from SQL', (i: number) => (i % 3 === 0 ? searchAuthors(db, queries[i % queries.length]!, 'en') : searchBooks(db, queries[i % queries.length]!, (['en', 'de', 'it'] as const)[i % 3]!))],
      ['book list page from SQL', (i: number) => listBooks(db, { sort: (['title_asc', 'newest', 'rating'] as const)[i % 3]!, offset: (i % 50) * 24, limit: 24 }, (['en', 'de', 'it'] as const)[i % 3]!)],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < 300; i++) {
        const t = performance.now();
        await run(i);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      line(label, { books, requests: times.length, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), note: 'one connection, in sequence' });
    }
  } else {
    const { getDb } = await import('../db/client.ts');
    const { lookupEntityPath } = await import('../db/queries/entity-paths.ts');
    const db = await getDb();
    const ids = ((await db.execute(sql`SELECT id FROM authors ORDER BY random() LIMIT 500`)).rows as { id: number }[]).map((r) => r.id);
    const times: number[] = [];
    for (const id of [...ids, ...ids]) {
      const t = performance.now();
      await lookupEntityPath(db, 'authors', { id, slug: String(id) });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    line('entity-path lookup', { requests: times.length, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) });
  }
  process.exit(0);
}

/** The scale database: its own, kept for the next run (the import is idempotent and skips what is there). */
const scaleDatabase = () => syntheticBenchDatabaseUrl(`phantastika_bench_scale_${books}_${values.seed}`, books, Number(values.seed));

if (values.probe) {
  await probe(values.probe);
} else {
  const url = await scaleDatabase();
  const rules = readFileSync(fileURLToPath(new URL('../public/_redirects', import.meta.url)), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.trim().startsWith('#')).length;
  line('_redirects', { books, rules, goal: '< 1000' });
  for (const kind of (process.env.PROBES ?? 'instance,sql,lookup').split(',')) {
    const run = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--books', String(books), '--seed', String(values.seed), '--probe', kind], {
      env: { ...process.env, DATABASE_URL: url, EMBEDDED_DATABASE: '' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (run.status !== 0) line('probe failed', { kind, status: run.status });
  }
  await stopOwnedEmbeddedServers();
}
