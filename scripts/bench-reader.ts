/**
 * `npm run bench:reader`: the reader API's speed goals (issue 12 point 11). Not a test: it prints
 * figures beside their goals and always finishes.
 *
 * Data: its own database, `phantastika_bench_reader` (BENCH_DATABASE) on the configured server
 * (DATABASE_URL, else the embedded PostgreSQL in .data/pg), never the default one: migrated and
 * seeded with the real catalogue, then synthetic readers from a fixed seed (SEED, default 42):
 * 10,000 raters of one book (HOT_BOOK, default dune; a third of them with a review of up to 1,500
 * characters) and one reader with 500 reading-list entries who has rated it too. Idempotent: a second
 * run reuses what is there (the accounts end in @bench.invalid). The database is kept for the next
 * run; drop it by hand when done.
 *
 * Target: `npm start`'s own server (scripts/start.ts) on BENCH_PORT (default 8905) with that database
 * and SKIP_BUILD=1 (the functions only: no static build, which is not what is measured). Sessions
 * are opened directly (signSession, as a sign-in does), so no bcrypt runs during the bench.
 *
 * Measured, after an unmeasured warm-up, with the light keep-alive client of bench-http.ts (it costs the shared cores a third of what node:http did):
 * - `GET /api/books/{HOT_BOOK}/modal-data` as the reader with 500 entries, Accept-Language cycling
 *   en/de/it, at 50 connections (MODAL_REQUESTS, default 3000); and signed out, for comparison;
 * - the rating write at 20 connections (WRITES, default 2000): POST {rating} and PUT {rating, review}
 *   in turn on HOT_BOOK (the counter row of one book is the contended spot), spread over 200 (or WRITES/20) of
 *   the raters so that none reaches the per-user write limit.
 * Beside each, the CPU time a request cost in the server and in the database backends (from /proc:
 * the figure to compare between changes, as it barely moves when other work shares the cores). Beside them, the floor of the machine: a cached answer without any database work at 50 connections,
 * and the load average (the bench shares its cores with the server and with whatever else runs).
 * Goals (issue 12): modal-data p99 < 50 ms at 50 concurrent; rating write p99 < 50 ms at 20 concurrent.
 *
 *   npm run bench:reader
 *   MODAL_REQUESTS=1000 WRITES=600 npm run bench:reader      # shorter
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_PORT=8905 npm run bench:reader
 */
import './local-runtime.ts';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { closeSharedConnection, connect, getDb } from '../db/client.ts';
import { stopOwnedEmbeddedServers } from '../db/embedded.ts';
import { hashPassword } from '../netlify/functions/_shared/passwords.ts';
import { SESSION_COOKIE, signSession } from '../netlify/functions/_shared/session.ts';
import { benchAgent, benchDatabaseUrl, getOk, measureWithCpu, requestOk, startNpmStart, type LoadRow, type StartedServer } from './bench-support.ts';
import { prng } from './synthetic-catalogue.ts';

const PORT = Number(process.env.BENCH_PORT ?? 8905);
const DATABASE = process.env.BENCH_DATABASE ?? 'phantastika_bench_reader';
const SEED = Number(process.env.SEED ?? 42);
const HOT_BOOK = process.env.HOT_BOOK ?? 'dune';
const MODAL_REQUESTS = Number(process.env.MODAL_REQUESTS ?? 3000);
const WRITES = Number(process.env.WRITES ?? 2000);
const RATERS = 10_000;
const LIST_ENTRIES = 500;
/** Raters who write: enough that each stays far below the per-user write limit (60 a minute) however many WRITES. */
const WRITERS = Math.min(RATERS, Math.max(200, Math.ceil(WRITES / 20)));
const GOALS = { modalP99Ms: 50, modalConcurrency: 50, writeP99Ms: 50, writeConcurrency: 20 };

if (DATABASE === (process.env.EMBEDDED_DATABASE ?? 'phantastika') || !/^phantastika_bench_/.test(DATABASE)) {
  throw new Error(`BENCH_DATABASE must be a database of its own named phantastika_bench_*, not ${DATABASE}.`);
}

/** The bench database on the configured server: created when missing, migrated, real catalogue seeded. */
const raterEmail = (n: number) => `bench-rater-${n}@bench.invalid`;
const LIST_READER = 'bench-list-reader@bench.invalid';
const WORDS = ['spice', 'desert', 'worm', 'water', 'prophet', 'empire', 'sand', 'melange', 'house', 'duke', 'fremen', 'storm'];

/** The synthetic readers (fixed seed); only what is missing is written. */
async function seedReaders(url: string): Promise<void> {
  const connection = connect(url, { max: 2, statementMs: 0 });
  const db = connection.db;
  try {
    const t0 = performance.now();
    const [book] = (await db.execute(sql`SELECT id FROM books WHERE slug = ${HOT_BOOK}`)).rows as { id: number }[];
    if (!book) throw new Error(`No book ${HOT_BOOK} in ${DATABASE}`);
    const existing = (await db.execute(sql`SELECT count(*)::int AS n FROM ratings WHERE book_id = ${book.id}`)).rows[0] as { n: number };
    if (existing.n < RATERS) {
      const hash = await hashPassword('Bench-Reader-Password-2026!');
      const random = prng(SEED);
      const rows = Array.from({ length: RATERS }, (_, i) => {
        const words = random() < 1 / 3 ? Array.from({ length: 5 + Math.floor(random() * 200) }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ') : null;
        return { email: raterEmail(i + 1), rating: 1 + Math.floor(random() * 5), review: words?.slice(0, 1500) ?? null, minutes: Math.floor(random() * 525_600) };
      });
      await db.execute(sql`
        INSERT INTO users (email, password_hash, first_name, last_name, email_verified_at)
        SELECT r.email, ${hash}, 'Rater', split_part(r.email, '@', 1), now()
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(email text)
        ON CONFLICT DO NOTHING`);
      await db.execute(sql`
        INSERT INTO ratings (user_id, book_id, rating, review, created_at, updated_at)
        SELECT u.id, ${book.id}, r.rating, r.review, now() - make_interval(mins => r.minutes), now() - make_interval(mins => r.minutes)
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(email text, rating int, review text, minutes int)
        JOIN users u ON lower(u.email) = r.email
        ON CONFLICT (user_id, book_id) DO NOTHING`);
      await db.execute(sql`
        INSERT INTO users (email, password_hash, first_name, last_name, email_verified_at)
        VALUES (${LIST_READER}, ${hash}, 'Lista', 'Lettrice', now()) ON CONFLICT DO NOTHING`);
    }
    const listRandom = prng(SEED + 1);
    const statuses = ['to_read', 'reading', 'read'];
    // The hot book first, then 499 others in a fixed order: the reader's list holds the measured book.
    await db.execute(sql`
      INSERT INTO reading_list (user_id, book_id, status, created_at)
      SELECT u.id, b.id, (${JSON.stringify(Array.from({ length: LIST_ENTRIES }, () => statuses[Math.floor(listRandom() * 3)]))}::jsonb ->> (b.n - 1)::int)::reading_status,
             now() - make_interval(mins => b.n::int)
      FROM users u,
           (SELECT id, row_number() OVER (ORDER BY (slug = ${HOT_BOOK}) DESC, id) AS n FROM books) b
      WHERE lower(u.email) = ${LIST_READER} AND b.n <= ${LIST_ENTRIES}
      ON CONFLICT (user_id, book_id) DO NOTHING`);
    await db.execute(sql`
      INSERT INTO ratings (user_id, book_id, rating, review)
      SELECT u.id, ${book.id}, 4, 'Read it twice.' FROM users u WHERE lower(u.email) = ${LIST_READER}
      ON CONFLICT (user_id, book_id) DO NOTHING`);
    // DESIGN.md §2: analyze after a bulk seed, so the planner knows the hot book's 10,000 rows.
    await db.execute(sql`VACUUM ANALYZE ratings`);
    await db.execute(sql`VACUUM ANALYZE reading_list`);
    await db.execute(sql`VACUUM ANALYZE users`);
    const counts = (await db.execute(sql`
      SELECT (SELECT count(*)::int FROM ratings WHERE book_id = ${book.id}) AS ratings,
             (SELECT count(*)::int FROM ratings WHERE book_id = ${book.id} AND review IS NOT NULL) AS reviews,
             (SELECT count(*)::int FROM reading_list l JOIN users u ON u.id = l.user_id WHERE lower(u.email) = ${LIST_READER}) AS "listEntries"`)).rows[0];
    console.log(JSON.stringify({ label: 'data', database: DATABASE, book: HOT_BOOK, ...counts, seconds: +((performance.now() - t0) / 1000).toFixed(1) }));
  } finally {
    await connection.close();
  }
}

/** Session cookies, opened as a sign-in opens them (signSession writes the session row). */
async function sessionCookie(email: string): Promise<string> {
  const [user] = (await (await getDb()).execute(sql`SELECT id, token_version AS "tokenVersion" FROM users WHERE lower(email) = ${email}`)).rows as { id: string; tokenVersion: number }[];
  if (!user) throw new Error(`No user ${email}`);
  return `${SESSION_COOKIE}=${await signSession(user)}`;
}

const LANGS = ['en', 'de', 'it'];

const measure = (server: StartedServer, label: string, concurrency: number, requests: number, once: (i: number) => Promise<void>) =>
  measureWithCpu(server, DATABASE, label, concurrency, requests, once);

function report(label: string, row: LoadRow, goalMs: number, goalConcurrency: number) {
  console.log(JSON.stringify({ goal: `${label} p99 < ${goalMs} ms at ${goalConcurrency} concurrent`, p50: row.p50, p99: row.p99, errors: row.errors, met: row.p99 < goalMs && row.errors === 0 }));
}

const url = await benchDatabaseUrl(DATABASE);
await seedReaders(url);
// This process opens the sessions in the bench database, the server reads them there.
process.env.DATABASE_URL = url;
let server: StartedServer | undefined;
try {
  const reader = await sessionCookie(LIST_READER);
  const writers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => sessionCookie(raterEmail(i + 1))));
  server = await startNpmStart(PORT, { DATABASE_URL: url, SKIP_BUILD: '1' }, { readyPath: '/api/affiliate/services' });
  console.log(JSON.stringify({ label: 'start', seconds: server.seconds, url: server.url }));
  const modal = `${server.url}/api/books/${HOT_BOOK}/modal-data`;

  const modalOnce = (cookie: string | null) => (i: number) => getOk(modal, { 'accept-language': LANGS[i % 3]!, ...(cookie ? { cookie } : {}) });
  // The floor of this machine: an answer from the per-instance cache, no database, same server and client.
  const floorOnce = () => getOk(`${server!.url}/api/affiliate/services`, {});
  for (let i = 0; i < 50; i++) await floorOnce();
  await measure(server, 'floor: cached answer without database (affiliate services)', GOALS.modalConcurrency, Math.ceil(MODAL_REQUESTS / 3), floorOnce);

  for (let i = 0; i < 150; i++) await modalOnce(reader)(i);
  const signedIn = await measure(server, 'modal-data signed in (500 list entries, book with 10,000 ratings)', GOALS.modalConcurrency, MODAL_REQUESTS, modalOnce(reader));
  await measure(server, 'modal-data signed out', GOALS.modalConcurrency, Math.ceil(MODAL_REQUESTS / 3), modalOnce(null));

  const random = prng(SEED + 2);
  const writeOnce = (i: number) => {
    const cookie = writers[i % WRITERS]!;
    const rating = 1 + Math.floor(random() * 5);
    return i % 2 === 0
      ? requestOk('POST', `${server!.url}/api/books/${HOT_BOOK}/ratings`, { cookie }, { rating })
      : requestOk('PUT', `${server!.url}/api/books/${HOT_BOOK}/ratings`, { cookie }, { rating, review: `Bench review ${i}: ${WORDS[i % WORDS.length]}` });
  };
  // Warm-up on the writers' own budgets: at most a few writes each, far below the per-minute limit.
  for (let i = 0; i < 40; i++) await writeOnce(i);
  const writes = await measure(server, 'rating write (POST/PUT ratings of one book)', GOALS.writeConcurrency, WRITES, writeOnce);

  // Other processes on the machine take CPU from server and client alike: the load says how much.
  console.log(JSON.stringify({ label: 'machine', cpus: os.availableParallelism(), loadAverage1m: +os.loadavg()[0]!.toFixed(2) }));
  report('modal-data (signed in)', signedIn, GOALS.modalP99Ms, GOALS.modalConcurrency);
  report('rating write', writes, GOALS.writeP99Ms, GOALS.writeConcurrency);
} finally {
  await server?.stop();
  benchAgent.destroy();
  await closeSharedConnection();
  await stopOwnedEmbeddedServers();
}
