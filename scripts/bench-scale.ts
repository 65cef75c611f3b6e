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
 * - `_redirects` rules (hand-written only since ADR 0033; goal under 1,000 whatever N);
 * - the site as `npm start` serves it (ADR 0037; PROBES=site, on by default): the build's time and
 *   output (goal under 5 minutes whatever N), on-demand book, author and series pages uncached
 *   (p50/p99 and CPU per request; goal p99 under 100 ms) and then from the edge cache, beside a static
 *   file (goal: cached p99 within 1.5x of the static one's), save to page live (goal under 2 s), and
 *   the page function's cold start in a fresh process (goal: first answer under 1 s).
 * Printed as JSON lines.
 */
import './local-runtime.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { stopOwnedEmbeddedServers } from '../db/embedded.ts';
import { connect } from '../db/client.ts';
import { createUser } from '../db/queries/accounts.ts';
import { hashPassword } from '../netlify/functions/_shared/passwords.ts';
import { getOk, measureWithCpu, startNpmStart, syntheticBenchDatabaseUrl } from './bench-support.ts';
import { pageFunctionDirOf } from './site-build.ts';

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
  } else if (kind === 'page-function') {
    // A fresh instance of the on-demand page function (ADR 0037): module load, first page, heap.
    const mod = (await import(pathToFileURL(path.join(process.env.BENCH_PAGE_FUNCTION!, 'ssr', 'ssr.mjs')).href)) as { default: (req: Request, ctx: { ip: string }) => Promise<Response> };
    const modulesMs = performance.now() - started;
    const answer = await mod.default(new Request(`http://localhost/en/books/${process.env.BENCH_PAGE_SLUG}`), { ip: '127.0.0.1' });
    await answer.text();
    const firstAnswerMs = performance.now() - started;
    gc();
    line('page function cold start', { books, status: answer.status, modulesMs: Math.round(modulesMs), firstAnswerMs: Math.round(firstAnswerMs), heapMb: Math.round((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20), rssMb: Math.round(process.memoryUsage().rss / 2 ** 20), goal: { firstAnswerMs: '< 1000' } });
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

/** Bytes and files under a folder. */
function folderSize(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
    files += 1;
  }
  return { bytes, files };
}

/** The site as `npm start` serves it on the scale database (ADR 0037): build, pages, edits. */
async function measureSite(url: string): Promise<void> {
  const port = Number(process.env.BENCH_PORT ?? 8951);
  const builds = path.resolve('.data', 'bench-scale-builds', String(books));
  rmSync(builds, { recursive: true, force: true }); // a fresh build, to time it
  const database = new URL(url).pathname.slice(1);
  const server = await startNpmStart(port, { DATABASE_URL: url, EMBEDDED_DATABASE: '', BUILDS_DIR: builds, SITE_URL: `http://localhost:${port}`, LOCAL_REBUILD: 'off', SEED_IMPORT: 'off' });
  try {
    const site = realpathSync(path.join(builds, 'current'));
    const built = [...server.log().matchAll(/Server built in ([\d.]+)s/g)].pop();
    const output = folderSize(site);
    const fn = folderSize(path.join(pageFunctionDirOf(site)!, 'ssr'));
    const html = readdirSync(site, { recursive: true }).filter((f) => String(f).endsWith('.html')).length;
    line('build', { books, prebuildTop: process.env.PREBUILD_TOP ?? 'default', startToServingSeconds: server.seconds, astroBuildSeconds: built ? Number(built[1]) : null, htmlPages: html, files: output.files, outputMb: Math.round(output.bytes / 2 ** 20), pageFunctionMb: Math.round(fn.bytes / 2 ** 20), goal: { startToServingSeconds: '< 300' } });

    const connection = connect(url, { max: 2 });
    const pick = async (table: string, n: number) =>
      ((await connection.db.execute(sql`SELECT slug FROM ${sql.identifier(table)} ORDER BY md5(id::text) LIMIT ${n}`)).rows as { slug: string }[]).map((r) => r.slug);
    const pages = [...(await pick('books', 400)).map((s) => `books/${s}`), ...(await pick('authors', 150)).map((s) => `authors/${s}`), ...(await pick('series', 50)).map((s) => `series/${s}`)];
    const address = (i: number) => `${server.url}/${(['en', 'de', 'it'] as const)[i % 3]}/${pages[i % pages.length]}`;
    const uncached = pages.filter((p) => !existsSync(path.join(site, 'en', p, 'index.html'))).length;
    line('on-demand sample', { pages: pages.length, notPrebuilt: uncached });
    const half = Math.floor(pages.length / 2);
    await measureWithCpu(server, database, 'on-demand pages, uncached, one visitor at a time', 1, half, (i) => getOk(address(i), {}));
    await measureWithCpu(server, database, 'on-demand pages, uncached, 4 at once', 4, pages.length - half, (i) => getOk(address(half + i), {}));
    await measureWithCpu(server, database, 'the same pages from the edge cache', 4, pages.length, (i) => getOk(address(i), {}));
    await measureWithCpu(server, database, 'a static file (/en/), for comparison', 4, pages.length, () => getOk(`${server.url}/en/`, {}));

    // Save to page live: a super user renames a book; the clock runs from the save's request to the
    // first answer of the page that shows the new title.
    const email = `bench-scale-${Date.now()}@example.org`;
    const password = 'Bench-Scale-Passwort-2026!';
    await createUser(connection.db, { email, passwordHash: await hashPassword(password), firstName: 'Bench', lastName: null, language: 'en', role: 'SUPER_USER', verified: true });
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
    // Two kinds of edit: a synopsis, and a title (which re-ranks every title of the language for the
    // lists' title order: migration 0010's trigger, O(N) per locale).
    for (const [kind, change] of [
      ['synopsis', (text: string) => ({ description: { en: text } })],
      ['title', (text: string) => ({ title: text })],
    ] as const) {
      const times: number[] = [];
      for (const slug of await pick('books', 5)) {
        const record = (await (await fetch(`${server.url}/api/books/${slug}`, { headers: { cookie } })).json()) as { data: { id: number; version: number } };
        await fetch(`${server.url}/en/books/${slug}`); // the page is at the edge before the edit
        const text = `Changed for bench ${Date.now()}`;
        const t0 = performance.now();
        await (await fetch(`${server.url}/api/books/${record.data.id}`, { method: 'PATCH', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ ...change(text), slug, version: record.data.version }) })).text();
        const saved = performance.now() - t0;
        while (performance.now() - t0 < 30_000) {
          const page = await fetch(`${server.url}/en/books/${slug}`);
          if ((await page.text()).includes(text)) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        times.push(performance.now() - t0);
        line(`save to page live, ${kind}`, { saveMs: Math.round(saved), liveMs: Math.round(performance.now() - t0) });
      }
      times.sort((a, b) => a - b);
      line(`save to page live, ${kind}: summary`, { edits: times.length, medianMs: Math.round(times[2]!), maxMs: Math.round(times[4]!), goal: '< 2000' });
    }
    await connection.db.execute(sql`DELETE FROM users WHERE email = ${email}`);
    await connection.close();

    const run = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--books', String(books), '--seed', String(values.seed), '--probe', 'page-function'], {
      env: { ...process.env, DATABASE_URL: url, EMBEDDED_DATABASE: '', BENCH_PAGE_FUNCTION: pageFunctionDirOf(site)!, BENCH_PAGE_SLUG: pages[0]!.replace(/^books\//, ''), SITE_URL: server.url },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (run.status !== 0) line('probe failed', { kind: 'page-function', status: run.status });
  } finally {
    await server.stop();
  }
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
  const probes = (process.env.PROBES ?? 'instance,sql,lookup,site').split(',');
  if (probes.includes('site')) await measureSite(url);
  for (const kind of probes.filter((p) => p !== 'site')) {
    const run = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--books', String(books), '--seed', String(values.seed), '--probe', kind], {
      env: { ...process.env, DATABASE_URL: url, EMBEDDED_DATABASE: '' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (run.status !== 0) line('probe failed', { kind, status: run.status });
  }
  await stopOwnedEmbeddedServers();
}
