/**
 * `npm run bench:rebuild`: how long an editor waits for a change to reach the static pages (issue 13
 * point 7: from pressing save to the changed page being served by `npm start`, for one edit and for
 * ten edits in a row; goal under 60 s). Not a test: it prints figures beside the goal and finishes.
 *
 * Data: its own database, `phantastika_bench_rebuild` (BENCH_DATABASE) on the configured server
 * (DATABASE_URL, else the embedded PostgreSQL in .data/pg), migrated and seeded with the real
 * catalogue; the edits change book descriptions (English) and are kept (the next run overwrites
 * them). Target: `npm start`'s own server on BENCH_PORT (default 8906) with that database; its first
 * start builds the site once (not measured). The editor is the seeded super user, whose session is
 * opened directly (signSession, as a sign-in does).
 *
 * Measured, with the wall clock:
 * - one edit: PATCH /api/books/{id} {description}, then the book's English page polled every 250 ms
 *   until it shows the new text;
 * - ten edits in a row: ten PATCHes of ten books sent one after another, then every page polled until
 *   all show their text (the rebuild queue coalesces what arrives while a build runs);
 * beside them what dominates: the builds the server ran meanwhile and their durations (from the
 * rebuild status), what each did (its incremental plan, pagefind's time, pages rendered: from the
 * server's log), and the load average (other work on the machine slows the build).
 *
 * The rebuilds are incremental (ADR 0020): the first start's full build keeps its catalogue state, and
 * each edit's build renders the pages the change touches (the book's three pages, its author and
 * series pages) with the ~130 pages rendered on every build, hard-links the rest and is swapped in;
 * the pagefind index of the whole site follows in a second swap (not part of the figure: the page is
 * served before it). A save waits REBUILD_SETTLE_MS (1.5 s) for more before its build starts, so the
 * ten edits (sent in about a second) share one build.
 *
 *   npm run bench:rebuild
 */
import './local-runtime.ts';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { closeSharedConnection, getDb } from '../db/client.ts';
import { stopOwnedEmbeddedServers } from '../db/embedded.ts';
import { SESSION_COOKIE, signSession } from '../netlify/functions/_shared/session.ts';
import { benchDatabaseUrl, startNpmStart, type StartedServer } from './bench-support.ts';

const PORT = Number(process.env.BENCH_PORT ?? 8906);
const DATABASE = process.env.BENCH_DATABASE ?? 'phantastika_bench_rebuild';
const GOAL_SECONDS = 60;
const POLL_MS = 250;
const GIVE_UP_MS = 15 * 60_000;

if (!/^phantastika_bench_/.test(DATABASE)) throw new Error(`BENCH_DATABASE must be a database of its own named phantastika_bench_*, not ${DATABASE}.`);

interface RebuildStatus {
  state: string;
  queued: boolean;
  startedAt: string | null;
  finishedAt: string | null;
}

const seconds = (ms: number) => +(ms / 1000).toFixed(1);

const url = await benchDatabaseUrl(DATABASE);
process.env.DATABASE_URL = url;
let server: StartedServer | undefined;
try {
  const db = await getDb();
  const [admin] = (await db.execute(sql`SELECT id, token_version AS "tokenVersion" FROM users WHERE role = 'SUPER_USER' ORDER BY created_at LIMIT 1`)).rows as { id: string; tokenVersion: number }[];
  if (!admin) throw new Error('No super user in the bench database');
  const cookie = `${SESSION_COOKIE}=${await signSession(admin)}`;
  const books = (await db.execute(sql`SELECT id, slug FROM books ORDER BY id LIMIT 11`)).rows as { id: number; slug: string }[];

  server = await startNpmStart(PORT, { DATABASE_URL: url, SITE_URL: `http://localhost:${PORT}` });
  console.log(JSON.stringify({ label: 'start', seconds: server.seconds, built: server.built, url: server.url }));
  const origin = server.url;
  const builds: { startedAt: string; finishedAt: string | null; state: string }[] = [];
  const watchBuilds = async () => {
    const answer = (await (await fetch(`${origin}/api/admin/rebuild`, { headers: { cookie } })).json()) as { data: RebuildStatus };
    const status = answer.data;
    if (status.startedAt && !builds.some((b) => b.startedAt === status.startedAt)) builds.push({ startedAt: status.startedAt, finishedAt: null, state: status.state });
    const last = builds.find((b) => b.startedAt === status.startedAt);
    // finishedAt is the last finished build's: it belongs to this one only once it is done.
    const finished = status.finishedAt && status.startedAt && Date.parse(status.finishedAt) >= Date.parse(status.startedAt) ? status.finishedAt : null;
    if (last) Object.assign(last, { finishedAt: finished, state: status.state });
  };

  const edit = async (book: { id: number }, text: string) => {
    const response = await fetch(`${origin}/api/books/${book.id}`, {
      method: 'PATCH',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ description: { en: text } }),
    });
    if (!response.ok) throw new Error(`PATCH /api/books/${book.id}: HTTP ${response.status} ${await response.text()}`);
  };
  /** Polls until every page shows its text; resolves with the ms from `since` until the last one did. */
  const untilServed = async (pages: { slug: string; text: string }[], since: number) => {
    const waiting = new Set(pages);
    let last = since;
    while (waiting.size > 0) {
      if (performance.now() - since > GIVE_UP_MS) throw new Error(`Still not served after ${GIVE_UP_MS / 60_000} min: ${[...waiting].map((p) => p.slug).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      await watchBuilds().catch(() => undefined);
      for (const page of [...waiting]) {
        const html = await (await fetch(`${origin}/en/books/${page.slug}`)).text();
        if (html.includes(page.text)) {
          waiting.delete(page);
          last = performance.now();
        }
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await watchBuilds().catch(() => undefined); // the build's end, recorded just after its swap
    return last - since;
  };

  const run = Date.now().toString(36);
  // One edit.
  const [first, ...rest] = books;
  const one = { slug: first!.slug, text: `Bench rebuild one ${run}` };
  let t0 = performance.now();
  await edit(first!, one.text);
  const oneMs = await untilServed([one], t0);
  console.log(JSON.stringify({ label: 'one edit: save to page served', seconds: seconds(oneMs) }));

  // Ten edits in a row.
  const ten = rest.slice(0, 10).map((book, i) => ({ book, slug: book.slug, text: `Bench rebuild ten ${run} ${i}` }));
  const buildsBefore = builds.length;
  t0 = performance.now();
  for (const page of ten) await edit(page.book, page.text);
  const savedMs = performance.now() - t0;
  const tenMs = await untilServed(ten, t0);
  console.log(JSON.stringify({ label: 'ten edits in a row: first save to last page served', seconds: seconds(tenMs), savesTookSeconds: seconds(savedMs), builds: builds.length - buildsBefore }));

  // What the builds did, from their own log lines (the first is the start's full build).
  const steps = server
    .log()
    .split('\n')
    .filter((line) => /\[phantastika:(incremental-build|pagefind)\]|\[search-index\]|page\(s\) built in/.test(line))
    .map((line) => line.replace(/\x1b\[[0-9;]*m/g, '').trim());
  console.log(JSON.stringify({ label: 'build steps', lines: steps }));
  const durations = builds.filter((b) => b.finishedAt).map((b) => seconds(Date.parse(b.finishedAt!) - Date.parse(b.startedAt)));
  console.log(JSON.stringify({ label: 'builds', count: builds.length, seconds: durations, machine: { cpus: os.availableParallelism(), loadAverage1m: +os.loadavg()[0]!.toFixed(2) } }));
  console.log(JSON.stringify({ goal: `save to served page < ${GOAL_SECONDS} s`, oneEdit: seconds(oneMs), tenEdits: seconds(tenMs), met: oneMs < GOAL_SECONDS * 1000 && tenMs < GOAL_SECONDS * 1000 }));
} finally {
  await server?.stop();
  await closeSharedConnection();
  await stopOwnedEmbeddedServers();
}
