/**
 * `npm run bench:import`: how long a reader waits for a 5,000-row Goodreads import (issue 16 point 5;
 * goal: under 30 s on this machine). Not a test: it prints the figures beside the goal and finishes.
 *
 * Data: its own database, `phantastika_bench_import` (BENCH_DATABASE) on the configured server
 * (DATABASE_URL, else the embedded PostgreSQL), migrated and seeded with the real catalogue. The
 * seed catalogue has no ISBNs, so the bench gives a third of its editions a synthetic ISBN-13 (in
 * this database only; fixed seed, kept for the next run). The file is generated from the catalogue
 * with a fixed seed (SEED, default 16): ROWS (default 5,000) rows in Goodreads' export layout, mixing
 * rows with an ISBN, ISBN-less rows by title and author (with Goodreads' "(Series #n)"), translated
 * titles, odd spellings (a letter dropped or doubled, a subtitle, no article, lower case), books
 * by another credited author (uncertain) and books that are not in the catalogue; statuses, stars,
 * reviews and custom shelves as a real library has them.
 *
 * Target: `npm start`'s own server (scripts/start.ts, SKIP_BUILD=1: the functions only) on BENCH_PORT
 * (default 8911) with that database, over HTTP as the import tab does it: upload (multipart) and poll
 * until the review step; the review step: every page of every group read, the first candidate chosen
 * for each uncertain row; confirm and poll until done. A fresh reader each run (the import adds).
 *
 *   npm run bench:import
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_PORT=8911 npm run bench:import
 */
import './local-runtime.ts';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { closeSharedConnection, getDb } from '../db/client.ts';
import { createUser } from '../db/queries/accounts.ts';
import { stopOwnedEmbeddedServers } from '../db/embedded.ts';
import { SESSION_COOKIE, signSession } from '../netlify/functions/_shared/session.ts';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { GOODREADS_COLUMNS, goodreadsCsv, type ReadingHistoryRow } from '../src/domain/open-data/goodreads-csv.ts';
import type { ReadingStatus } from '../src/domain/enums.ts';
import { ImportJobSchema, ImportRowsPageSchema, type ImportJob } from '../src/domain/schemas/import.ts';
import { benchDatabaseUrl, startNpmStart, type StartedServer } from './bench-support.ts';
import { prng } from './synthetic-catalogue.ts';

const PORT = Number(process.env.BENCH_PORT ?? 8911);
const DATABASE = process.env.BENCH_DATABASE ?? 'phantastika_bench_import';
const SEED = Number(process.env.SEED ?? 16);
const ROWS = Number(process.env.ROWS ?? 5_000);
const GOAL_SECONDS = 30;

/** A valid ISBN-13 from twelve digits (the EAN-13 check digit). */
function isbn13(body: string): string {
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Synthetic ISBNs for every third edition without one (bench database only; the same ones every run). */
async function giveEditionsIsbns(): Promise<void> {
  const db = await getDb();
  const { rows } = await db.execute(sql`SELECT id FROM editions WHERE isbn IS NULL AND id % 3 = 0 ORDER BY id`);
  const values = (rows as { id: number }[]).map((r) => ({ id: r.id, isbn: isbn13(`97899${String(r.id).padStart(7, '0')}`) }));
  if (values.length === 0) return;
  await db.execute(sql`UPDATE editions e SET isbn = v.isbn FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(id int, isbn text) WHERE e.id = v.id`);
}

interface CatalogueBook {
  id: number;
  title: string;
  authors: { name: string; sortName: string }[];
  editions: { title: string; isbn: string | null; languageCode: string }[];
  series: { name: string; position: number | null } | null;
  year: number | null;
}

async function readCatalogue(): Promise<CatalogueBook[]> {
  const { rows } = await (await getDb()).execute(sql`
    SELECT b.id, b.original_title AS title, b.publication_year AS year,
      coalesce((SELECT json_agg(json_build_object('name', a.name, 'sortName', a.sort_name) ORDER BY ba.position) FROM book_authors ba JOIN authors a ON a.id = ba.author_id WHERE ba.book_id = b.id), '[]') AS authors,
      coalesce((SELECT json_agg(json_build_object('title', e.title, 'isbn', e.isbn, 'languageCode', e.language_code) ORDER BY e.id) FROM editions e WHERE e.book_id = b.id), '[]') AS editions,
      (SELECT json_build_object('name', s.name, 'position', bs.position) FROM book_series bs JOIN series s ON s.id = bs.series_id WHERE bs.book_id = b.id LIMIT 1) AS series
    FROM books b ORDER BY b.id`);
  return (rows as unknown as CatalogueBook[]).filter((b) => b.authors.length > 0);
}

const STATUSES: ReadingStatus[] = ['read', 'read', 'read', 'to_read', 'to_read', 'reading'];
const SHELVES = ['favourites', 'space-opera', 'book-club', 'owned', 'dnf', 're-read'];
const INVENTED = ['Cartographer', 'Lantern', 'Orchard', 'Tidewater', 'Glass', 'Ember', 'Meridian', 'Salt', 'Clockwork', 'Harbour'];
const NAMES = ['Ada Quill', 'Bruno Feld', 'Carla Mistral', 'Dario Venn', 'Edda Storm', 'Filip Marr'];

/** An odd spelling of a title, as readers' exports have them. */
function oddly(title: string, random: () => number): string {
  const kind = Math.floor(random() * 5);
  if (kind === 0 && title.length > 6) {
    const at = 2 + Math.floor(random() * (title.length - 4));
    return title.slice(0, at) + title.slice(at + 1); // a letter dropped
  }
  if (kind === 1 && title.length > 6) {
    const at = 2 + Math.floor(random() * (title.length - 4));
    return title.slice(0, at) + title[at] + title.slice(at); // a letter doubled
  }
  if (kind === 2) return `${title}: A Novel`;
  if (kind === 3) return title.replace(/^(The|A|An) /, '');
  return title.toLowerCase();
}

/**
 * The generated library: rows in Goodreads' layout (written by the export's own writer), and the book
 * each row was made from (null: another author's or no catalogue book), by line. Books are taken in a
 * shuffled order, so a book repeats only once the catalogue is used up (a real library lists each once).
 */
function generateFile(books: CatalogueBook[], rows: number): { csv: string; mix: Record<string, number>; expected: Map<number, number | null> } {
  const random = prng(SEED);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const mix: Record<string, number> = { isbn: 0, title: 0, series: 0, translated: 0, odd: 0, otherAuthor: 0, notInCatalogue: 0 };
  const order = books.map((b) => ({ b, k: random() })).sort((x, y) => x.k - y.k).map((x) => x.b);
  const expected = new Map<number, number | null>();
  const history: ReadingHistoryRow[] = [];
  for (let i = 0; i < rows; i++) {
    const roll = random();
    const book = order[i % order.length]!;
    let title = book.title;
    let author = book.authors[0]!;
    let isbn: string | null = null;
    let from: number | null = book.id;
    const isbnEdition = book.editions.find((e) => e.isbn);
    const translation = book.editions.find((e) => e.languageCode !== 'en' && e.title !== book.title);
    if (roll < 0.3 && isbnEdition) {
      ({ title, isbn } = { title: isbnEdition.title, isbn: isbnEdition.isbn });
      mix.isbn!++;
    } else if (roll < 0.55) {
      mix.title!++;
    } else if (roll < 0.65) {
      title = book.series ? `${book.title} (${book.series.name}, #${book.series.position ?? 1})` : book.title;
      mix.series!++;
    } else if (roll < 0.72 && translation) {
      title = translation.title;
      mix.translated!++;
    } else if (roll < 0.85) {
      title = oddly(book.title, random);
      mix.odd!++;
    } else if (roll < 0.9) {
      author = { name: pick(NAMES), sortName: 'X, Y' };
      from = null;
      mix.otherAuthor!++;
    } else {
      title = `The ${pick(INVENTED)} of ${pick(INVENTED)} ${i}`;
      author = { name: pick(NAMES), sortName: 'X, Y' };
      from = null;
      mix.notInCatalogue!++;
    }
    expected.set(i + 2, from);
    const status = pick(STATUSES);
    const rating = status === 'read' && random() < 0.8 ? 1 + Math.floor(random() * 5) : null;
    history.push({
      title,
      authors: [author],
      isbn,
      rating,
      averageRating: 3.9,
      publisher: null,
      binding: null,
      pages: null,
      editionYear: book.year,
      originalYear: book.year,
      status,
      readAt: status === 'read' ? new Date(Date.UTC(2020, 0, 1 + (i % 1500))) : null,
      addedAt: new Date(Date.UTC(2019, 0, 1 + (i % 2000))),
      review: rating !== null && random() < 0.2 ? `Bench review ${i}: ${'a thoughtful sentence about the book. '.repeat(1 + Math.floor(random() * 8))}` : null,
      shelfPosition: i + 1,
    });
  }
  // Custom shelves on every seventh row, beside the exclusive one, as Goodreads lists them.
  const records = parse(goodreadsCsv(history), { columns: true }) as Record<string, string>[];
  records.forEach((record, i) => {
    if (i % 7 === 0) record.Bookshelves = [record.Bookshelves, SHELVES[i % SHELVES.length]].filter(Boolean).join(', ');
  });
  return { csv: stringify(records, { header: true, columns: [...GOODREADS_COLUMNS] }), mix, expected };
}

async function readerCookie(): Promise<string> {
  const db = await getDb();
  const user = await createUser(db, {
    email: `bench-import-${Date.now()}@bench.invalid`,
    passwordHash: 'bench-no-password',
    firstName: 'Bench',
    lastName: null,
    language: 'en',
    role: 'NORMAL_USER',
    verified: true,
  });
  if (!user) throw new Error('could not create the bench reader');
  return `${SESSION_COOKIE}=${await signSession({ id: user.id, tokenVersion: user.tokenVersion })}`;
}

async function api(server: StartedServer, cookie: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, 'accept-language': 'en', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as { data: unknown }).data : undefined;
}

async function settle(server: StartedServer, cookie: string, id: string): Promise<ImportJob> {
  for (;;) {
    const job = ImportJobSchema.parse(await api(server, cookie, 'GET', `/api/profile/imports/${id}`));
    if (job.status !== 'matching' && job.status !== 'applying') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const url = await benchDatabaseUrl(DATABASE);
process.env.DATABASE_URL = url;
let server: StartedServer | undefined;
try {
  await giveEditionsIsbns();
  const books = await readCatalogue();
  const { csv, mix, expected } = generateFile(books, ROWS);
  console.log(JSON.stringify({ label: 'file', rows: ROWS, bytes: Buffer.byteLength(csv), mix, catalogueBooks: books.length, seed: SEED }));
  const cookie = await readerCookie();
  server = await startNpmStart(PORT, { DATABASE_URL: url, SKIP_BUILD: '1' }, { readyPath: '/api/affiliate/services' });
  console.log(JSON.stringify({ label: 'start', seconds: server.seconds, url: server.url, loadAverage: os.loadavg().map((l) => +l.toFixed(2)) }));

  const t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'goodreads_library_export.csv');
  const uploaded = await fetch(`${server.url}/api/profile/imports`, { method: 'POST', body: form, headers: { cookie, 'accept-language': 'en' } });
  if (uploaded.status !== 202) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const started = ImportJobSchema.parse(((await uploaded.json()) as { data: unknown }).data);
  const tUploaded = performance.now();
  const reviewed = await settle(server, cookie, started.id);
  const tReview = performance.now();
  if (reviewed.status !== 'review') throw new Error(`matching ended ${reviewed.status}: ${JSON.stringify(reviewed.error)}`);

  let choices = 0;
  // How well the matcher did: rows made from a catalogue book matched to it, to another book, left uncertain (right book offered or not), or not found.
  const quality = { matchedRight: 0, matchedWrong: 0, uncertainOffered: 0, uncertainNotOffered: 0, missed: 0, foreignMatched: 0 };
  for (const group of ['matched', 'uncertain', 'unmatched'] as const) {
    for (let page = 1; ; page++) {
      const rows = ImportRowsPageSchema.parse(await api(server, cookie, 'GET', `/api/profile/imports/${started.id}/rows?group=${group}&page=${page}`));
      for (const row of rows.items) {
        const want = expected.get(row.line) ?? null;
        if (group === 'matched') {
          if (want === null) quality.foreignMatched++;
          else if (row.book?.id === want) quality.matchedRight++;
          else quality.matchedWrong++;
        } else if (want !== null) {
          if (group === 'unmatched') quality.missed++;
          else if (row.candidates.some((c) => c.id === want)) quality.uncertainOffered++;
          else quality.uncertainNotOffered++;
        }
      }
      if (group === 'uncertain') {
        for (const row of rows.items) {
          if (choices >= 500) break; // the per-minute limit of review answers (600) is the reader's, not the bench's
          await api(server, cookie, 'PATCH', `/api/profile/imports/${started.id}/rows/${row.line}`, { bookId: row.candidates[0]?.id ?? null });
          choices++;
        }
      }
      if (page * rows.pageSize >= rows.total) break;
    }
  }
  const tChosen = performance.now();
  await api(server, cookie, 'POST', `/api/profile/imports/${started.id}/confirm`, { overwrite: false });
  const done = await settle(server, cookie, started.id);
  const tDone = performance.now();
  if (done.status !== 'done') throw new Error(`import ended ${done.status}: ${JSON.stringify(done.error)}`);

  const s = (ms: number) => +(ms / 1000).toFixed(2);
  console.log(JSON.stringify({ label: 'groups', ...reviewed.groups, invalidRows: reviewed.invalidRows }));
  console.log(JSON.stringify({ label: 'match quality (rows made from a catalogue book; foreignMatched: rows of another author or no catalogue book that were matched)', ...quality }));
  console.log(JSON.stringify({ label: 'counts', ...done.counts, customShelves: done.counts?.customShelves.length }));
  console.log(
    JSON.stringify({
      label: 'phases (s)',
      upload: s(tUploaded - t0),
      matching: s(tReview - tUploaded),
      reviewStep: s(tChosen - tReview),
      uncertainChosen: choices,
      confirmToDone: s(tDone - tChosen),
    }),
  );
  const total = s(tDone - t0);
  console.log(JSON.stringify({ goal: `${ROWS}-row Goodreads import, upload to done, under ${GOAL_SECONDS} s`, seconds: total, met: total < GOAL_SECONDS, loadAverage: os.loadavg().map((l) => +l.toFixed(2)) }));
} finally {
  await server?.stop();
  await closeSharedConnection();
  await stopOwnedEmbeddedServers();
}
