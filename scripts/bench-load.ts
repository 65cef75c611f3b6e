/**
 * `npm run bench:load [-- --fault]`: the site under a realistic load (issue 10, point 8). Not a test:
 * it prints figures beside their goals and always finishes.
 *
 * Target: by default the bench starts `npm start` on BENCH_PORT (default 8898; the first start on a
 * new port builds the site, about two minutes) and stops it at the end. BENCH_URL measures a server
 * that is already running instead; the bench then uses the database this process is configured for
 * (DATABASE_URL, else the embedded server in .data/pg), which must be the server's.
 *
 * Load, for DURATION seconds (default 60) after a 3 s unmeasured warm-up:
 * - READERS (default 200) read connections, each sending its next request as soon as the previous one
 *   was answered, over a mix of what visitors do: the five typeahead endpoints (`/api/<kind>/search?q=`
 *   as the navbar asks them: typed prefixes of catalogue titles and names, typos, German and Italian
 *   queries; `lang` and Accept-Language en/de/it), the list endpoints (`/api/books`, `/api/authors`,
 *   `/api/series` with their filters, sorts and pages), `/api/books/<slug>/editions`, and static pages
 *   (`/en/`, `/de/books/dune`, `/it/authors`, book, author and series pages);
 * - WRITERS (default 20) signed-in users, each PATCHing its own `/api/profile` in a loop with a unique
 *   bio per write and remembering the last write the server acknowledged (2xx). The writer accounts
 *   are created directly in the database (verified, fresh e-mails `bench-load-<run>-<n>@bench.invalid`
 *   per run), signed in through `POST /api/auth/login`, and deleted at the end.
 * A client that gets an error (a non-2xx/3xx answer or a network error) waits 100 ms before its next
 * request, as a person would, so a dead server is not hammered in a busy loop. Requests time out
 * after 30 s. The generator is a light keep-alive HTTP client (bench-http.ts; one socket per reader and per writer):
 * on 2 cores it competes with the server for CPU, so it does as little as it can (answer bodies are
 * read only for errors).
 *
 * Printed as JSON lines: per group (`reads`, `writes`) and per read kind, the successful requests
 * (2xx/3xx), errors, p50/p95/p99 (ms, of the successful requests) and requests per second; without
 * --fault the CPU time the server process and PostgreSQL (postmaster and backends) spent in the
 * measured window, in all and per request (on a machine shared with other work, a fairer comparison
 * of code paths than latency: e.g. `SEARCH_INDEX=off` answers the searches from SQL alone); the first
 * request of each kind of failure; errors by phase (before the fault, during the outage, in the 2 s
 * of recovery the goal allows, after; without --fault all are "before"); then the write check (in
 * the database every writer's bio must be its last acknowledged one: writes of one writer are
 * sequential, so an older value is a lost write; a newer one is a write the server applied but
 * whose answer was an error); then the goals beside the results: reads p99 under 250 ms at 200
 * connections (with --fault: of the reads before the fault), 0 errors outside the outage (before +
 * after), 0 lost writes, recovery under 2 s.
 *
 * `--fault`: in the middle of the run the bench stops the embedded PostgreSQL (.data/pg, found
 * through its postmaster.pid: a fast shutdown, as `pg_ctl stop -m fast` does) for FAULT_SECONDS
 * (default 10), then starts it again with the command line it recorded in postmaster.opts (as the
 * `postgres` OS user that owns the data folder when the bench runs as root). It prints what was
 * answered during the outage (status codes per kind; whether errors were the JSON envelope with code
 * UNAVAILABLE and a Retry-After), errors before, during and after it, and the recovery time: from the
 * database accepting connections again until the first successful database-backed read (editions,
 * and the lists with LIST_INDEX=off; they may answer from their caches during the outage too, as the
 * searches and lists answer from the in-memory copy of the catalogue) and until the last error; the first successful write is printed beside it. If `npm start` exits, it says so ("server died").
 * The restarted PostgreSQL logs to the temporary folder (bench-load-postgres-<run>.log). It is stopped
 * at the end when `npm start` had started the original one; one that was already running before the
 * bench (another `npm start`, or BENCH_URL's server) is left running. Run --fault only when nothing
 * else uses .data/pg: its clients lose their connections too.
 *
 * Examples:
 *   npm run bench:load
 *   DURATION=15 READERS=200 WRITERS=20 npm run bench:load
 *   DURATION=30 npm run bench:load -- --fault
 *   BENCH_URL=http://localhost:8888 npm run bench:load
 */
import './local-runtime.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, closeSync, existsSync, openSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inArray, like, sql } from 'drizzle-orm';
import { connect, type Connection } from '../db/client.ts';
import { embeddedDataDir, resolveLocalDatabaseUrl, stopOwnedEmbeddedServers } from '../db/embedded.ts';
import { createUser } from '../db/queries/accounts.ts';
import { rateLimits, users } from '../db/schema/index.ts';
import { hashPassword } from '../netlify/functions/_shared/passwords.ts';
import { prng } from './synthetic-catalogue.ts';
import { getOk, percentile, startNpmStart, type LoadRow, type StartedServer } from './bench-support.ts';
import { closeLightClients, LightClient, type LightAnswer } from './bench-http.ts';

const DURATION_MS = Number(process.env.DURATION ?? 60) * 1000;
const READERS = Number(process.env.READERS ?? 200);
const WRITERS = Number(process.env.WRITERS ?? 20);
const FAULT = process.argv.includes('--fault');
const FAULT_MS = Number(process.env.FAULT_SECONDS ?? 10) * 1000;
const WARMUP_MS = 3000;
const REQUEST_TIMEOUT_MS = 30_000;
const BACKOFF_MS = 100;
/** Goals of issue 10. */
const GOALS = { readsP99Ms: 250, errorsOutsideOutage: 0, lostWrites: 0, recoveryMs: 2000 };

const RUN_ID = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const EMAIL_PREFIX = 'bench-load-';
const EMAIL_DOMAIN = '@bench.invalid';
const PASSWORD = `Bench-Load-${RUN_ID}-Passw0rd!`;

if (FAULT && DURATION_MS < FAULT_MS + 4000) throw new Error(`--fault needs DURATION of at least FAULT_SECONDS + 4 s (the outage sits in the middle of the run).`);

// ---------------------------------------------------------------------------------------------------
// HTTP: the light keep-alive client (bench-http.ts: node:http's client took more of the shared cores'
// CPU per request than the cached answers it measured), one per group; every reader and writer has
// its own socket (a client opens one per request in flight).
let readAgent: LightClient | undefined;
let writeAgent: LightClient | undefined;

interface Answer {
  /** 0 for a network error or a timeout. */
  status: number;
  /** The network error's code (ECONNREFUSED, ECONNRESET, timeout) when status is 0. */
  network?: string;
  /** The envelope's error code of a failed answer, when its body was one. */
  code?: string;
  retryAfter: boolean;
  headers: LightAnswer['headers'];
  body?: string;
}

const isOk = (a: Answer) => a.status >= 200 && a.status < 400;
const statusKey = (a: Answer) => (a.status ? String(a.status) : (a.network ?? 'network'));

/** One request; never rejects. The body is read only for failures (and when `readBody`). */
async function send(agent: LightClient, method: string, url: string, headers: Record<string, string>, body?: string, readBody = false): Promise<Answer> {
  const { pathname, search } = new URL(url);
  try {
    const light = await agent.request({ method, path: pathname + search, headers, body, readBody, timeoutMs: REQUEST_TIMEOUT_MS });
    const answer: Answer = { status: light.status, retryAfter: light.headers['retry-after'] !== undefined, headers: light.headers, body: light.body };
    if (light.body !== undefined) {
      try {
        const parsed = JSON.parse(light.body) as { success?: boolean; error?: { code?: unknown } };
        if (parsed.success === false && typeof parsed.error?.code === 'string') answer.code = parsed.error.code;
      } catch {
        // not JSON: no envelope
      }
    }
    return answer;
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    return { status: 0, network: e.code ?? e.message, retryAfter: false, headers: {} };
  }
}

// ---------------------------------------------------------------------------------------------------
// Recording.
interface Kind {
  name: string;
  group: 'reads' | 'writes';
  /**
   * Answered from the database (lists and editions may come from their answer cache); the searches
   * answer from the instance's in-memory index, which needs the database only to load.
   */
  db: boolean;
  times: number[];
  errors: number;
}
interface Event {
  kind: Kind;
  start: number;
  end: number;
  ok: boolean;
  /** 0 for a network error. */
  status: number;
  /** The status, or the network error's code. */
  key: string;
  code?: string;
  retryAfter: boolean;
}

const kinds = new Map<string, Kind>();
function kind(name: string, group: Kind['group'], db: boolean): Kind {
  let k = kinds.get(name);
  if (!k) kinds.set(name, (k = { name, group, db, times: [], errors: 0 }));
  return k;
}
const events: Event[] = [];
/** The first request of each kind and failure, to show what failed. */
const errorSamples = new Map<string, string>();
let measureStart = Infinity;
let lastEnd = 0;

function record(k: Kind, start: number, answer: Answer, what: string): void {
  const end = performance.now();
  if (start < measureStart) return; // warm-up
  lastEnd = Math.max(lastEnd, end);
  const ok = isOk(answer);
  if (ok) k.times.push(end - start);
  else {
    k.errors++;
    const sample = `${k.name} ${statusKey(answer)}${answer.code ? ` ${answer.code}` : ''}`;
    if (!errorSamples.has(sample)) errorSamples.set(sample, what);
  }
  events.push({ kind: k, start, end, ok, status: answer.status, key: statusKey(answer), code: answer.code, retryAfter: answer.retryAfter });
}

function row(label: string, concurrency: number, times: number[], errors: number, seconds: number): LoadRow {
  const sorted = [...times].sort((a, b) => a - b);
  const r: LoadRow = {
    label,
    concurrency,
    requests: sorted.length,
    errors,
    p50: +percentile(sorted, 50).toFixed(1),
    p95: +percentile(sorted, 95).toFixed(1),
    p99: +percentile(sorted, 99).toFixed(1),
    rps: Math.round(sorted.length / seconds),
  };
  console.log(JSON.stringify(r));
  return r;
}

/** Small deterministic PRNG (mulberry32): the same mix on every run. */
const rng = prng;
const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/**
 * The process listening on a local TCP port (Linux: /proc/net/tcp{,6}, then the process holding that
 * socket), or null. Used to find `npm start`'s Node process behind npm.
 */
function listenerPid(port: number): number | null {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[1]?.endsWith(hex) && f[3] === '0A') inodes.add(f[9]!); // 0A: LISTEN
    }
  }
  if (!inodes.size) return null;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (socket && inodes.has(socket[1]!)) return Number(pid);
      }
    } catch {
      // gone, or not ours to read
    }
  }
  return null;
}

/** CPU time (user + system, ms) a process has used so far (Linux /proc; 0 when unreadable). */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return 0;
  }
}

/** A process and its children (PostgreSQL: the postmaster and its backends). */
function withChildren(pid: number): number[] {
  const out = [pid];
  for (const d of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(d));
    } catch {
      // gone
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// The embedded PostgreSQL, for --fault.
interface Postmaster {
  pid: number;
  port: number;
  dataDir: string;
  binary: string;
  args: string[];
}

function isAlive(pid: number): boolean {
  if (existsSync('/proc/self')) {
    // A zombie (exited, not yet reaped by its parent) counts as gone: it serves nothing any more.
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running postmaster of a data folder (postmaster.pid) and how it was started (postmaster.opts). */
function findPostmaster(dataDir: string): Postmaster | null {
  try {
    const [pidLine, , , portLine] = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(pidLine);
    if (!Number.isInteger(pid) || !isAlive(pid)) return null;
    // A stale pid file may name a process that reused the number.
    if (existsSync('/proc/self') && !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) return null;
    // postmaster.opts: the binary, then every argument in double quotes.
    const opts = readFileSync(path.join(dataDir, 'postmaster.opts'), 'utf8').trim();
    const binary = opts.slice(0, opts.indexOf(' "')).trim();
    const args = [...opts.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
    return { pid, port: Number(portLine), dataDir, binary, args };
  } catch {
    return null;
  }
}

/** Fast shutdown (SIGINT, what `pg_ctl stop -m fast` sends): sessions are ended with 57P01. */
async function stopPostmaster(pm: Postmaster, timeoutMs = 60_000): Promise<boolean> {
  try {
    process.kill(pm.pid, 'SIGINT');
  } catch {
    return !isAlive(pm.pid);
  }
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    if (!isAlive(pm.pid)) return true;
    await sleep(20);
  }
  return false;
}

/**
 * Starts PostgreSQL again with its recorded command line, in its own process group (so that stopping
 * `npm start` does not take it along), logging to a file in the temporary folder. Resolves once
 * postmaster.pid names the new process and says "ready" (what `pg_ctl start -w` waits for).
 */
function startPostmaster(pm: Postmaster): { child: ChildProcess; log: string; ready: Promise<void>; exited: Promise<void> } {
  const isRoot = process.getuid?.() === 0;
  const owner = statSync(pm.dataDir);
  // PostgreSQL refuses to run as root: as root, run it as the data folder's owner (the postgres user).
  const ids = isRoot ? { uid: owner.uid, gid: owner.gid } : {};
  const log = path.join(tmpdir(), `bench-load-postgres-${RUN_ID}.log`);
  const logFd = openSync(log, 'a');
  if (isRoot) chownSync(log, owner.uid, owner.gid);
  const child = spawn(pm.binary, pm.args, { ...ids, detached: true, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) => child.once('exit', (code) => ((exitCode = code), resolve())));
  const ready = (async () => {
    const until = performance.now() + 60_000;
    while (performance.now() < until) {
      if (exitCode !== null) throw new Error(`it exited with ${exitCode} (log: ${log})`);
      try {
        const lines = readFileSync(path.join(pm.dataDir, 'postmaster.pid'), 'utf8').split('\n');
        if (Number(lines[0]) === child.pid && lines[7]?.trim() === 'ready') return;
      } catch {
        // not written yet
      }
      await sleep(10);
    }
    throw new Error(`not ready within 60 s (log: ${log})`);
  })();
  child.once('error', () => undefined);
  return { child, log, ready, exited };
}

// ---------------------------------------------------------------------------------------------------
// The database: writer accounts, a sample of the catalogue for the mix, the write check.
async function openDatabase(timeoutMs = 30_000): Promise<Connection> {
  const url = await resolveLocalDatabaseUrl();
  const until = performance.now() + timeoutMs;
  for (;;) {
    const connection = connect(url, { max: 2 });
    try {
      await connection.db.execute(sql`SELECT 1`);
      return connection;
    } catch (error) {
      await connection.close().catch(() => undefined);
      if (performance.now() > until) throw error;
      await sleep(250);
    }
  }
}

const writerEmail = (i: number) => `${EMAIL_PREFIX}${RUN_ID}-${i}${EMAIL_DOMAIN}`;
const writerEmails = Array.from({ length: WRITERS }, (_, i) => writerEmail(i));

/** Removes bench accounts (this run's, and any left by an interrupted run) and their login counters. */
async function deleteBenchUsers(connection: Connection): Promise<number> {
  const pattern = `${EMAIL_PREFIX}%${EMAIL_DOMAIN}`;
  const deleted = await connection.db.delete(users).where(like(users.email, pattern)).returning({ id: users.id });
  // Their counters: `login:account:<e-mail>`, `login:pair:<e-mail>|<address>` and the like.
  await connection.db.delete(rateLimits).where(like(rateLimits.key, `%:${pattern}%`));
  return deleted.length;
}

interface Catalogue {
  books: { slug: string; title: string }[];
  authors: { slug: string; name: string }[];
  series: { slug: string; name: string }[];
}

async function prepareDatabase(): Promise<Catalogue> {
  const connection = await openDatabase();
  try {
    const leftovers = await deleteBenchUsers(connection);
    if (leftovers) console.log(`Removed ${leftovers} bench account(s) left by an earlier run.`);
    const passwordHash = await hashPassword(PASSWORD);
    usersCreated = true;
    for (const [i, email] of writerEmails.entries()) {
      const created = await createUser(connection.db, { email, passwordHash, firstName: 'Bench', lastName: `Writer ${i}`, language: 'en', verified: true });
      if (!created) throw new Error(`Could not create the bench user ${email}.`);
    }
    // Sign-in is rate limited per account and per address (netlify/functions/_shared/rate-limit.ts: it
    // was 5 per account and 30 per address per 15 minutes, successes included; since issue 10.4 failures
    // slow down per account-and-address, with a cap per address). All writers sign in from this
    // machine, so repeated runs (or failed sign-ins of tests or people on the same database) could
    // leave this address at its cap and every sign-in here would get 429. The writers' own counters
    // went with deleteBenchUsers; reset the loopback addresses' counters, the addresses the local
    // server sees (127.0.0.1 or ::1).
    await connection.db.delete(rateLimits).where(inArray(rateLimits.key, ['login:ip:127.0.0.1', 'login:ip:::1']));
    // A fixed sample of the catalogue (ordered by a hash: the same on every run, spread over the alphabet).
    const books = await connection.db.execute(sql`SELECT slug, original_title AS title FROM books ORDER BY md5(slug) LIMIT 300`);
    const authors = await connection.db.execute(sql`SELECT slug, name FROM authors ORDER BY md5(slug) LIMIT 150`);
    const series = await connection.db.execute(sql`SELECT slug, name FROM series ORDER BY md5(slug) LIMIT 100`);
    const catalogue = { books: books.rows, authors: authors.rows, series: series.rows } as unknown as Catalogue;
    if (!catalogue.books.length || !catalogue.authors.length) throw new Error('The catalogue is empty: the bench needs the seeded catalogue.');
    return catalogue;
  } finally {
    await connection.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// The read mix.
interface Read {
  kind: Kind;
  path: string;
  headers: Record<string, string>;
}

const LANGS = ['en', 'en', 'en', 'en', 'en', 'de', 'de', 'de', 'it', 'it'] as const;
const ACCEPT: Record<string, string> = { en: 'en-US,en;q=0.9', de: 'de-DE,de;q=0.9,en;q=0.8', it: 'it-IT,it;q=0.9,en;q=0.8' };
/** Typos, umlauts, other languages and short prefixes (as in bench:search). */
const FIXED_QUERIES = [
  'd', 'du', 'dune', 'wustenplanet', 'wüstenplanet', 'foundaton', 'the left hand', 'citta', 'neuromancer', 'hyperion', 'snow krash',
  'le guin', 'tchaikovksy', 'k', 'expanse', 'cul', 'fanta', 'hugo', 'the', 'ender', 'asimov', 'lasswitz', 'solaris', 'fahrenheit',
  'la mano sinistra', 'fantascienza', 'nebula', 'horror', 'science', 'locus',
];
const SEARCH_KINDS = ['books', 'authors', 'series', 'genres', 'awards'] as const;
const BOOK_SORTS = ['newest', 'oldest', 'title_asc', 'title_desc', 'rating'] as const;
const PEOPLE_SORTS = ['name_asc', 'name_desc', 'rating', 'books'] as const;
const GENRES = ['science-fiction', 'fantasy', 'horror', 'crossover'] as const;
const SERIES_KINDS = ['novel_series', 'publisher_series', 'author_edition'] as const;
const SERIES_SIZES = ['1-3', '4-10', '10+'] as const;
/** The lists answer from the server's in-memory copy of the catalogue unless LIST_INDEX=off (the server inherits this environment). */
const LISTS_FROM_SQL = process.env.LIST_INDEX === 'off';

function readMix(catalogue: Catalogue): (r: () => number) => Read {
  const terms = [...catalogue.books.map((b) => b.title), ...catalogue.authors.map((a) => a.name), ...catalogue.series.map((s) => s.name)].map((t) => t.toLowerCase());
  const page = (r: () => number, max: number) => 24 * Math.floor(r() * r() * max); // early pages more often
  return (r) => {
    const lang = pick(r, LANGS);
    const headers = { 'accept-language': ACCEPT[lang]! };
    const x = r();
    if (x < 0.45) {
      // Typeahead: the navbar asks all five endpoints for each (debounced) keystroke.
      const endpoint = pick(r, SEARCH_KINDS);
      let q: string;
      if (r() < 0.35) q = pick(r, FIXED_QUERIES);
      else {
        const term = pick(r, terms);
        q = term.slice(0, 1 + Math.floor(r() * Math.min(term.length, 14)));
      }
      return { kind: kind(`search:${endpoint}`, 'reads', false), path: `/api/${endpoint}/search?q=${encodeURIComponent(q)}&lang=${lang}`, headers };
    }
    if (x < 0.6) {
      const y = r();
      const lp = r() < 0.5 ? `&lang=${lang}` : '';
      if (y < 0.5) {
        const genre = r() < 0.5 ? `&genre=${pick(r, GENRES)}` : '';
        const rating = r() < 0.2 ? `&minRating=${1 + Math.floor(r() * 4)}` : '';
        return { kind: kind('list:books', 'reads', LISTS_FROM_SQL), path: `/api/books?sort=${pick(r, BOOK_SORTS)}&offset=${page(r, 40)}${genre}${rating}${lp}`, headers };
      }
      if (y < 0.75) return { kind: kind('list:authors', 'reads', LISTS_FROM_SQL), path: `/api/authors?sort=${pick(r, PEOPLE_SORTS)}&offset=${page(r, 20)}${lp}`, headers };
      const kindParam = r() < 0.5 ? `&kind=${pick(r, SERIES_KINDS)}` : '';
      const size = r() < 0.3 ? `&size=${encodeURIComponent(pick(r, SERIES_SIZES))}` : '';
      return { kind: kind('list:series', 'reads', LISTS_FROM_SQL), path: `/api/series?sort=${pick(r, PEOPLE_SORTS)}&offset=${page(r, 5)}${kindParam}${size}${lp}`, headers };
    }
    if (x < 0.7) return { kind: kind('editions', 'reads', true), path: `/api/books/${r() < 0.1 ? 'dune' : pick(r, catalogue.books).slug}/editions`, headers };
    const y = r();
    let p: string;
    if (y < 0.15) p = `/${lang}/`;
    else if (y < 0.2) p = '/de/books/dune';
    else if (y < 0.5) p = `/${lang}/books/${pick(r, catalogue.books).slug}`;
    else if (y < 0.65) p = `/${lang}/authors/${pick(r, catalogue.authors).slug}`;
    else if (y < 0.75) p = `/${lang}/series/${pick(r, catalogue.series).slug}`;
    else if (y < 0.8) p = `/${lang}/authors`;
    else if (y < 0.85) p = `/${lang}/books`;
    else if (y < 0.9) p = `/${lang}/genres/${pick(r, GENRES)}`;
    else if (y < 0.95) p = `/${lang}/awards/${pick(r, ['hugo', 'nebula', 'locus', 'clarke'])}`;
    else p = `/${lang}/series`;
    return { kind: kind('page', 'reads', false), path: p, headers };
  };
}

// ---------------------------------------------------------------------------------------------------
// Run.
const dataDir = embeddedDataDir();
/** Whether the embedded server was already running before the bench (then it is someone else's). */
const postgresRanBefore = findPostmaster(dataDir) !== null;

let server: StartedServer | undefined;
/** The Node process of the `npm start` the bench started (scripts/start.ts), when found. */
let startPid: number | null = null;
let base = process.env.BENCH_URL;
let restarted: ReturnType<typeof startPostmaster> | undefined;
let interrupted = false;
/** Set while this run's writer accounts exist (deleted by the write check, or at the end if the run failed). */
let usersCreated = false;
process.on('SIGINT', () => {
  if (interrupted) process.exit(130);
  console.error('Interrupted: ending the run and cleaning up (Ctrl-C again to leave at once) ...');
  interrupted = true;
});

if (FAULT) {
  if (process.env.DATABASE_URL) throw new Error('--fault stops the embedded PostgreSQL; DATABASE_URL points elsewhere.');
  const isRoot = process.getuid?.() === 0;
  if (existsSync(dataDir) && !isRoot && statSync(dataDir).uid !== process.getuid?.()) {
    throw new Error(`--fault must restart PostgreSQL as the owner of ${dataDir}: run the bench as that user or as root.`);
  }
}

try {
  if (!base) {
    const port = Number(process.env.BENCH_PORT ?? 8898);
    server = await startNpmStart(port);
    base = server.url;
    const pid = listenerPid(port);
    startPid = pid !== null && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('scripts/start.ts') ? pid : null;
    console.log(JSON.stringify({ label: 'start', seconds: server.seconds, built: server.built }));
  }
  await getOk(`${base}/api/books/search?q=dune`, {}).catch((error: Error) => {
    throw new Error(`No server answers at ${base} (${error.message})${server ? '' : ': start it first (e.g. `npm start`)'}.`);
  });
  readAgent = new LightClient(base);
  writeAgent = new LightClient(base);

  const postmaster = FAULT ? findPostmaster(dataDir) : null;
  if (FAULT && !postmaster) throw new Error(`--fault: no embedded PostgreSQL runs in ${dataDir}.`);
  if (FAULT && !existsSync(postmaster!.binary)) throw new Error(`--fault: ${postmaster!.binary} (from postmaster.opts) does not exist.`);

  const catalogue = await prepareDatabase();
  const nextRead = readMix(catalogue);

  // Sign the writers in, as a browser does.
  const cookies: string[] = [];
  for (const email of writerEmails) {
    const answer = await send(writeAgent!, 'POST', `${base}/api/auth/login`, { 'content-type': 'application/json' }, JSON.stringify({ email, password: PASSWORD }), true);
    const cookie = [answer.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('phantastika_session='))?.split(';')[0];
    if (answer.status !== 200 || !cookie) throw new Error(`Sign-in of ${email} failed: HTTP ${statusKey(answer)} ${answer.body ?? ''}`);
    cookies.push(cookie);
  }

  const writes = kind('writes', 'writes', true);
  const attempts = new Array<number>(WRITERS).fill(0);
  const lastAcked = new Array<number>(WRITERS).fill(0);
  let acknowledged = 0;
  const bioPrefix = (i: number) => `bench-load ${RUN_ID} writer ${i} write `;
  const bioOf = (i: number, n: number) => `${bioPrefix(i)}${n}`;

  const t0 = performance.now();
  measureStart = t0 + WARMUP_MS;
  const runEnd = measureStart + DURATION_MS;
  const running = () => !interrupted && performance.now() < runEnd;

  const readers = Array.from({ length: READERS }, async (_, i) => {
    const r = rng(1000 + i);
    while (running()) {
      const read = nextRead(r);
      const start = performance.now();
      const answer = await send(readAgent!, 'GET', base + read.path, read.headers);
      record(read.kind, start, answer, read.path);
      if (!isOk(answer)) await sleep(BACKOFF_MS);
    }
  });
  const writers = Array.from({ length: WRITERS }, async (_, i) => {
    const headers = { cookie: cookies[i]!, 'content-type': 'application/json', 'accept-language': ACCEPT[LANGS[i % LANGS.length]!]! };
    while (running()) {
      const n = ++attempts[i]!;
      const start = performance.now();
      const answer = await send(writeAgent!, 'PATCH', `${base}/api/profile`, headers, JSON.stringify({ bio: bioOf(i, n) }));
      record(writes, start, answer, 'PATCH /api/profile');
      if (answer.status >= 200 && answer.status < 300) {
        lastAcked[i] = n;
        acknowledged++;
      } else await sleep(BACKOFF_MS);
    }
  });

  // The fault: stopped in the middle of the measured run, started again FAULT_MS later.
  const fault = { stop: NaN, down: NaN, start: NaN, back: NaN, failed: '' };
  const faultDone = (async () => {
    if (!FAULT || !postmaster) return;
    await sleep(measureStart + (DURATION_MS - FAULT_MS) / 2 - performance.now());
    if (!running()) return;
    fault.stop = performance.now();
    if (!(await stopPostmaster(postmaster))) {
      fault.failed = `PostgreSQL (pid ${postmaster.pid}) did not stop within 60 s`;
      return;
    }
    fault.down = performance.now();
    await sleep(fault.stop + FAULT_MS - performance.now());
    fault.start = performance.now();
    restarted = startPostmaster(postmaster);
    await restarted.ready.then(
      () => (fault.back = performance.now()),
      (error: Error) => (fault.failed = `PostgreSQL did not start again: ${error.message}`),
    );
  })();

  // CPU of the server and of PostgreSQL over the measured window (without --fault: the restart
  // would lose the stopped backends' counts). Per request it compares code paths fairly on a shared
  // machine, where others' load moves latency but hardly the CPU a request costs.
  const cpu = { server: NaN, postgres: NaN };
  const cpuSample = () => {
    const pm = findPostmaster(dataDir);
    return { server: startPid !== null ? cpuMs(startPid) : NaN, postgres: pm ? withChildren(pm.pid).reduce((s, pid) => s + cpuMs(pid), 0) : NaN };
  };
  const cpuDone = (async () => {
    if (FAULT) return;
    await sleep(measureStart - performance.now());
    const first = cpuSample();
    await sleep(runEnd - performance.now());
    const last = cpuSample();
    // A backend that ended in between took its count along (the pool keeps its connections).
    cpu.server = last.server - first.server;
    cpu.postgres = last.postgres - first.postgres;
  })();

  await Promise.all([...readers, ...writers, faultDone, cpuDone]);
  // In-flight requests finish after the end and count; an interrupted run counts until it stopped.
  const seconds = (Math.max(lastEnd, Math.min(runEnd, performance.now())) - measureStart) / 1000;
  const at = (t: number) => +((t - measureStart) / 1000).toFixed(2);

  // Per group and per read kind.
  const readKinds = [...kinds.values()].filter((k) => k.group === 'reads').sort((a, b) => a.name.localeCompare(b.name));
  const reads = row('reads', READERS, readKinds.flatMap((k) => k.times), readKinds.reduce((s, k) => s + k.errors, 0), seconds);
  row('writes', WRITERS, writes.times, writes.errors, seconds);
  for (const k of readKinds) row(`reads ${k.name}`, READERS, k.times, k.errors, seconds);
  if (!Number.isNaN(cpu.server) || !Number.isNaN(cpu.postgres)) {
    const requests = reads.requests + reads.errors + writes.times.length + writes.errors;
    console.log(
      JSON.stringify({
        label: 'cpu',
        serverMs: Math.round(cpu.server),
        postgresMs: Math.round(cpu.postgres),
        requests,
        perRequestMs: +((cpu.server + (cpu.postgres || 0)) / requests).toFixed(3),
        serverPerRequestMs: +(cpu.server / requests).toFixed(3),
        postgresPerRequestMs: +(cpu.postgres / requests).toFixed(3),
      }),
    );
  }

  // Errors by phase: before the fault, during the outage (stop until PostgreSQL is back), the 2 s of
  // recovery the goal allows, and after. Without --fault every error is "before".
  const stopAt = Number.isNaN(fault.stop) ? Infinity : fault.stop;
  // Never back (the restart failed): the outage lasts until the end.
  const backAt = Number.isNaN(fault.back) ? Infinity : fault.back;
  const phaseOf = (e: Event) => (e.end < stopAt ? 'before' : e.end < backAt ? 'outage' : e.end < backAt + GOALS.recoveryMs ? 'recovery' : 'after');
  const errorsByPhase: Record<string, Record<string, number>> = {};
  for (const e of events) {
    if (e.ok) continue;
    const phase = (errorsByPhase[phaseOf(e)] ??= {});
    phase[e.key] = (phase[e.key] ?? 0) + 1;
  }
  const countIn = (phase: string) => Object.values(errorsByPhase[phase] ?? {}).reduce((s, n) => s + n, 0);
  const errorsOutsideOutage = countIn('before') + countIn('after');
  if (errorSamples.size) console.log(JSON.stringify({ label: 'error samples', ...Object.fromEntries(errorSamples) }));
  console.log(JSON.stringify({ label: 'errors by phase', ...Object.fromEntries(['before', 'outage', 'recovery', 'after'].map((p) => [p, errorsByPhase[p] ?? {}])) }));

  // The fault: what was answered while PostgreSQL was away, and how long service took to come back.
  let recoveryMs: number | null = null;
  let serverAlive = true;
  if (startPid !== null) serverAlive = isAlive(startPid);
  else if (server || FAULT) {
    // Refused connections mean nothing listens any more: the server has exited.
    const probe = await send(new LightClient(base!), 'GET', `${base}/en/`, {});
    serverAlive = probe.network !== 'ECONNREFUSED';
  }
  if (FAULT) {
    if (fault.failed) console.log(JSON.stringify({ label: 'fault', error: fault.failed }));
    const refused = events.find((e) => e.key === 'ECONNREFUSED');
    console.log(
      JSON.stringify({
        label: 'fault',
        stoppedAt: at(fault.stop),
        downAfterMs: Math.round(fault.down - fault.stop),
        startedAt: at(fault.start),
        backAt: at(fault.back),
        outageSeconds: +((fault.back - fault.stop) / 1000).toFixed(2),
        server: serverAlive ? 'alive' : `server died (${startPid !== null ? 'npm start exited' : 'nothing listens any more'}${refused ? `; connections refused from ${at(refused.end)} s` : ''})`,
      }),
    );
    const outage = events.filter((e) => e.end >= stopAt && e.end < backAt);
    const byKind: Record<string, Record<string, number>> = {};
    for (const e of outage) {
      const k = (byKind[e.kind.name] ??= {});
      k[e.key] = (k[e.key] ?? 0) + 1;
    }
    const failed = outage.filter((e) => !e.ok);
    const codes: Record<string, number> = {};
    for (const e of failed) codes[e.code ?? 'no envelope'] = (codes[e.code ?? 'no envelope'] ?? 0) + 1;
    const answeredFailures = failed.filter((e) => e.status !== 0);
    console.log(
      JSON.stringify({
        label: 'outage answers',
        byKind,
        failed: failed.length,
        ok: outage.length - failed.length,
        envelopeCodes: codes,
        unavailableWithRetryAfter: answeredFailures.filter((e) => e.code === 'UNAVAILABLE' && e.retryAfter).length,
        withRetryAfter: answeredFailures.filter((e) => e.retryAfter).length,
        networkErrors: failed.length - answeredFailures.length,
      }),
    );
    const after = events.filter((e) => e.end >= backAt);
    const firstDbRead = after.find((e) => e.ok && e.kind.db && e.kind.group === 'reads' && e.start >= stopAt);
    const firstWrite = after.find((e) => e.ok && e.kind.group === 'writes' && e.start >= stopAt);
    const lastError = after.filter((e) => !e.ok).at(-1);
    const errorFreeMs = lastError ? lastError.end - backAt : 0;
    const stillFailing = lastError !== undefined && lastError.end > Math.max(lastEnd, runEnd) - 1000;
    recoveryMs = firstDbRead && !stillFailing ? Math.max(firstDbRead.end - backAt, errorFreeMs) : null;
    console.log(
      JSON.stringify({
        label: 'recovery',
        firstDbReadOkMs: firstDbRead ? Math.round(firstDbRead.end - backAt) : null,
        firstWriteOkMs: firstWrite ? Math.round(firstWrite.end - backAt) : null,
        errorFreeMs: stillFailing ? null : Math.round(errorFreeMs),
        note: stillFailing ? 'still failing at the end of the run' : firstDbRead ? undefined : 'no database-backed read succeeded after the restart',
      }),
    );
  }

  // The write check: every writer's stored bio is its last acknowledged one.
  const connection = await openDatabase();
  let lost = 0;
  try {
    const stored = await connection.db.select({ email: users.email, bio: users.bio }).from(users).where(inArray(users.email, writerEmails));
    const bioByEmail = new Map(stored.map((s) => [s.email, s.bio]));
    let appliedUnacknowledged = 0;
    const lostDetails: string[] = [];
    writerEmails.forEach((email, i) => {
      if (lastAcked[i] === 0) return;
      const bio = bioByEmail.get(email) ?? null;
      const n = bio?.startsWith(bioPrefix(i)) ? Number(bio.slice(bioPrefix(i).length)) : NaN;
      if (n === lastAcked[i]) return;
      // A later write that the server applied but whose answer was an error (or never came) is not lost.
      if (n > lastAcked[i]! && n <= attempts[i]!) appliedUnacknowledged++;
      else {
        lost++;
        lostDetails.push(`writer ${i}: acknowledged write ${lastAcked[i]}, stored ${bio === null ? 'nothing' : JSON.stringify(bio)}`);
      }
    });
    console.log(JSON.stringify({ label: 'writes check', writers: WRITERS, attempted: attempts.reduce((s, n) => s + n, 0), acknowledged, lost, appliedUnacknowledged, ...(lostDetails.length ? { lostDetails } : {}) }));
    await deleteBenchUsers(connection);
    usersCreated = false;
  } finally {
    await connection.close();
  }

  const goal = (value: number | null, limit: number, strict: boolean) => ({ value, goal: strict ? `< ${limit}` : `= ${limit}`, met: value !== null && (strict ? value < limit : value === limit) });
  // Without a fault the p99 is the whole run's; with one it is the reads' before the database stopped.
  const steadyReads = FAULT ? events.filter((e) => e.kind.group === 'reads' && e.ok && e.end < stopAt).map((e) => e.end - e.start).sort((a, b) => a - b) : null;
  const readsP99 = steadyReads ? +percentile(steadyReads, 99).toFixed(1) : reads.p99;
  console.log(
    JSON.stringify({
      label: 'goals',
      [`readsP99Ms${FAULT ? ' (before the fault)' : ''} at ${READERS} connections`]: goal(readsP99, GOALS.readsP99Ms, true),
      errorsOutsideOutage: goal(errorsOutsideOutage, GOALS.errorsOutsideOutage, false),
      lostWrites: goal(lost, GOALS.lostWrites, false),
      ...(FAULT ? { recoveryMs: goal(recoveryMs === null ? null : Math.round(recoveryMs), GOALS.recoveryMs, true), server: serverAlive ? 'alive' : 'server died' } : {}),
    }),
  );

  if (server && !serverAlive) {
    // `npm start` has exited: StartedServer.stop() would wait for an exit that already happened.
    server = undefined;
  }
} finally {
  readAgent?.close();
  writeAgent?.close();
  closeLightClients();
  if (usersCreated) {
    await openDatabase(10_000)
      .then(async (connection) => {
        await deleteBenchUsers(connection);
        await connection.close();
      })
      .catch((error: Error) => console.error(`Could not delete the bench accounts (the next run will): ${error.message}`));
  }
  if (server) {
    // SIGINT to scripts/start.ts itself (bench-support starts it directly): it stops its database and exits.
    await server.stop();
  }
  if (restarted && !postgresRanBefore) {
    // The PostgreSQL the bench started again replaced the one `npm start` owned: stop it as npm start would have.
    restarted.child.kill('SIGINT');
    await Promise.race([restarted.exited, sleep(60_000, undefined, { ref: false })]);
  } else if (restarted) {
    console.log(`The embedded PostgreSQL was restarted by the bench (pid ${restarted.child.pid}, log ${restarted.log}) and is left running for the server that owned it.`);
    restarted.child.unref();
  }
  await stopOwnedEmbeddedServers();
}
