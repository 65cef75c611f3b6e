/**
 * Imports of exports in the sites' real layouts (issue 29 points 2, 3 and 12), over HTTP against the
 * real database and the real catalogue: a StoryGraph export with its "Date Added", "Last Date Read"
 * and "Dates Read" in the shapes the site writes (ranges, single days, several readings, open
 * readings, dashes), and a Goodreads library export in which most read books have no "Date Read"
 * (as Goodreads writes them). Both files are our own, written in the exports' formats
 * (tests/fixtures/import). Then our Goodreads-layout export of the same reader: no invented dates,
 * and every edition fact from one edition.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../db/client.ts';
import { GOODREADS_COLUMNS } from '../../../src/domain/open-data/goodreads-csv.ts';
import { ImportJobSchema, ImportRowsPageSchema, type ImportJob, type ImportRowView } from '../../../src/domain/schemas/import.ts';
import { bookIds, createBooks, createReader, dataOf, errorOf, removeBooks, serveForTests, type Reader, type TestBook } from '../../support/readers.ts';

const server = serveForTests();
const created: TestBook[] = [];
afterAll(async () => {
  if (created.length > 0) await removeBooks(created);
});

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/import/${name}`, import.meta.url));
const STORYGRAPH = fixture('storygraph-export-2025.csv');
const GOODREADS = fixture('goodreads-export-2025.csv');

async function upload(reader: Reader, bytes: Uint8Array): Promise<ImportJob> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'export.csv');
  const res = await fetch(`${server.url()}/api/profile/imports`, { method: 'POST', body: form, headers: { cookie: reader.cookie } });
  return dataOf({ status: res.status, headers: res.headers, json: await res.json() }, ImportJobSchema, 202);
}

async function settle(reader: Reader, jobId: string): Promise<ImportJob> {
  for (let i = 0; i < 400; i++) {
    const job = dataOf(await server.call('GET', `/api/profile/imports/${jobId}`, { cookie: reader.cookie }), ImportJobSchema);
    if (job.status !== 'matching' && job.status !== 'applying') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${jobId} did not settle`);
}

async function rowsOf(reader: Reader, jobId: string, group: 'matched' | 'uncertain' | 'unmatched'): Promise<ImportRowView[]> {
  return dataOf(await server.call('GET', `/api/profile/imports/${jobId}/rows?group=${group}`, { cookie: reader.cookie }), ImportRowsPageSchema).items;
}

/** Uploads, reviews (the first candidate of each uncertain row) and confirms; the job as reviewed. */
async function importFile(reader: Reader, bytes: Uint8Array) {
  const job = await settle(reader, (await upload(reader, bytes)).id);
  expect(job.status).toBe('review');
  const review = { matched: await rowsOf(reader, job.id, 'matched'), uncertain: await rowsOf(reader, job.id, 'uncertain'), unmatched: await rowsOf(reader, job.id, 'unmatched') };
  for (const row of review.uncertain) {
    expect((await server.call('PATCH', `/api/profile/imports/${job.id}/rows/${row.line}`, { cookie: reader.cookie, body: { bookId: row.candidates[0]?.id ?? null } })).status).toBe(204);
  }
  dataOf(await server.call('POST', `/api/profile/imports/${job.id}/confirm`, { cookie: reader.cookie, body: {} }), ImportJobSchema, 202);
  expect((await settle(reader, job.id)).status).toBe('done');
  return review;
}

interface Entry {
  status: string;
  added: string;
  changed: string;
  readOn: string | null;
}

async function entriesOf(reader: Reader): Promise<Record<string, Entry>> {
  const { rows } = await (await getDb()).execute(sql`
    SELECT b.slug, l.status, to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS added, to_char(l.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS changed,
           to_char(l.read_on, 'YYYY-MM-DD') AS "readOn"
    FROM reading_list l JOIN books b ON b.id = l.book_id WHERE l.user_id = ${reader.id}`);
  return Object.fromEntries((rows as unknown as (Entry & { slug: string })[]).map(({ slug, ...entry }) => [slug, entry]));
}

async function exportOf(reader: Reader): Promise<Record<(typeof GOODREADS_COLUMNS)[number], string>[]> {
  const res = await fetch(`${server.url()}/api/profile/export.csv`, { headers: { cookie: reader.cookie } });
  expect(res.status).toBe(200);
  return parse(await res.text(), { columns: true });
}

/** Whether every candidate of a row names its author (by surname, as written in the file). */
const surname = (name: string) => name.trim().split(/\s+/).pop()!.toLowerCase();

describe('a StoryGraph export', () => {
  it('keeps every date of the file: added, finished (ranges, single days, re-reads), never the day of the import (point 2)', async () => {
    const reader = await createReader(server.url());
    const review = await importFile(reader, STORYGRAPH);
    const entries = await entriesOf(reader);

    expect(entries['the-three-body-problem']).toEqual({ status: 'read', added: '2021-12-30', changed: '2022-03-20', readOn: '2022-03-20' });
    expect(entries['the-dark-forest']).toMatchObject({ status: 'read', readOn: '2022-05-02' });
    expect(entries['vagabonds']).toEqual({ status: 'read', added: '2024-11-02', changed: '2025-01-10', readOn: '2025-01-10' }); // "Dates Read" a single day
    expect(entries['the-hole']).toMatchObject({ readOn: '2025-02-14' });
    expect(entries['the-memory-police']).toMatchObject({ readOn: '2023-08-21' }); // read twice: the later reading
    expect(entries['neuromancer']).toMatchObject({ added: '2022-01-08', readOn: '2022-01-30' }); // yyyy-MM-dd with dashes
    expect(entries['hyperion']).toMatchObject({ readOn: '2022-11-02' }); // " - " between the days
    expect(entries['annihilation']).toMatchObject({ readOn: '2024-03-09' }); // one-digit months and days
    expect(entries['uprooted']).toMatchObject({ readOn: '2024-04-30' }); // "Last Date Read" only
    expect(entries['the-player-of-games']).toMatchObject({ readOn: '2024-05-25' }); // "Dates Read" only
    expect(entries['leviathan-wakes']).toMatchObject({ readOn: '2025-03-02' });
    expect(entries['flowers-for-algernon']).toMatchObject({ readOn: '2023-09-12' }); // "-2023/09/12"
    // Read on a day the file does not know: no finished day, and not today either.
    expect(entries['red-mars']).toEqual({ status: 'read', added: '2018-07-01', changed: '2018-07-01', readOn: null });
    // Open readings are no finished readings.
    expect(entries['the-dispossessed']).toEqual({ status: 'reading', added: '2025-01-03', changed: '2025-01-03', readOn: null });
    expect(entries['gideon-the-ninth']).toMatchObject({ status: 'reading', readOn: null });
    expect(entries['deaths-end']).toMatchObject({ status: 'to_read', added: '2022-05-03' });
    const today = new Date().toISOString().slice(0, 10);
    for (const [slug, entry] of Object.entries(entries)) {
      expect(entry.added, slug).not.toBe(today);
      expect(entry.changed, slug).not.toBe(today);
    }

    // Point 3: books of other writers are never offered, however close the title.
    const unmatched = review.unmatched.map((r) => r.title);
    expect(unmatched).toContain("The Cuckoo's Egg: Tracking a Spy Through the Maze of Computer Espionage");
    expect(unmatched).toContain('The Time Machine');
    for (const row of [...review.uncertain, ...review.matched]) {
      const named = (row.book ? [row.book] : row.candidates).flatMap((b) => b.authors.map(surname));
      expect(named, row.title).toContain(surname(row.author));
    }

    // The export says the same days: Date Read where the reader finished, empty where nobody knows.
    const exported = await exportOf(reader);
    const byTitle = (title: string) => exported.find((r) => r.Title === title)!;
    expect(byTitle('The Three-Body Problem')).toMatchObject({ 'Exclusive Shelf': 'read', 'Date Read': '2022/03/20', 'Date Added': '2021/12/30' });
    expect(byTitle('Vagabonds')).toMatchObject({ 'Date Read': '2025/01/10', 'Date Added': '2024/11/02' });
    expect(byTitle('Red Mars')).toMatchObject({ 'Exclusive Shelf': 'read', 'Date Read': '', 'Date Added': '2018/07/01' });
  });
});

describe('a book the reader searches for (point 3)', () => {
  it('may be any catalogue book, for a row the matcher did not find; without the search only a candidate', async () => {
    const reader = await createReader(server.url());
    const job = await settle(reader, (await upload(reader, STORYGRAPH)).id);
    const unmatched = await rowsOf(reader, job.id, 'unmatched');
    const stoll = unmatched.find((r) => r.author === 'Clifford Stoll')!;
    const cherryh = (await bookIds(['cuckoos-egg'])).get('cuckoos-egg')!;
    const choose = (line: number, body: unknown) => server.call('PATCH', `/api/profile/imports/${job.id}/rows/${line}`, { cookie: reader.cookie, body });

    // Not offered, and not searched for: refused.
    errorOf(await choose(stoll.line, { bookId: cherryh }), 409);
    errorOf(await choose(stoll.line, { bookId: cherryh, searched: 'yes' }), 400);
    errorOf(await choose(stoll.line, { bookId: 2_000_000_000, searched: true }), 400);
    // Found by searching: taken, with the book's edition.
    expect((await choose(stoll.line, { bookId: cherryh, searched: true })).status).toBe(204);
    const chosen = (await rowsOf(reader, job.id, 'unmatched')).find((r) => r.line === stoll.line)!;
    expect(chosen).toMatchObject({ resolved: true, via: 'choice', book: { slug: 'cuckoos-egg', authors: ['C. J. Cherryh'] } });
    expect(chosen.book!.edition).not.toBeNull();
    // No longer among the books to download as not in the catalogue.
    const csv = await (await fetch(`${server.url()}/api/profile/imports/${job.id}/unmatched.csv`, { headers: { cookie: reader.cookie } })).text();
    expect(csv).not.toContain('Clifford Stoll');
    expect(csv).toContain('H.G. Wells');

    dataOf(await server.call('POST', `/api/profile/imports/${job.id}/confirm`, { cookie: reader.cookie, body: {} }), ImportJobSchema, 202);
    expect((await settle(reader, job.id)).status).toBe('done');
    expect((await entriesOf(reader))['cuckoos-egg']).toMatchObject({ status: 'read', added: '2023-01-04', readOn: '2023-01-18' });
  });
});

describe('a Goodreads library export', () => {
  it('imports it, and our export invents no "Date Read" (point 12) and offers no other writer\'s book (point 3)', async () => {
    const reader = await createReader(server.url());
    const review = await importFile(reader, GOODREADS);
    const file = parse(GOODREADS, { columns: true }) as Record<string, string>[];

    expect(review.unmatched.map((r) => r.title).sort()).toEqual([
      "The Cuckoo's Egg: Tracking a Spy Through the Maze of Computer Espionage",
      'The Joy of Cooking',
      'The Time Machine',
    ]);
    for (const row of review.uncertain) for (const candidate of row.candidates) expect(candidate.authors.map(surname), row.title).toContain(surname(row.author));
    // "Liu Cixin" (surname first, as Goodreads credits him) is Cixin Liu.
    expect(review.matched.find((r) => r.title.startsWith('The Three-Body Problem'))!.book).toMatchObject({ slug: 'the-three-body-problem' });

    const entries = await entriesOf(reader);
    expect(entries['dune']).toMatchObject({ status: 'read', added: '2016-07-02', readOn: '2016-08-14' });
    expect(entries['children-of-dune']).toMatchObject({ status: 'read', added: '2016-09-01', readOn: null });

    const exported = await exportOf(reader);
    const read = exported.filter((r) => r['Exclusive Shelf'] === 'read');
    const datedInFile = new Set(file.filter((r) => r['Date Read'] !== '' && r['Exclusive Shelf'] === 'read').map((r) => r['Date Read']));
    // Every Date Read we write is one the file had; the undated books stay undated.
    for (const row of read) if (row['Date Read'] !== '') expect(datedInFile, row.Title).toContain(row['Date Read']);
    expect(read.filter((r) => r['Date Read'] !== '').length).toBeLessThanOrEqual(datedInFile.size);
    expect(read.filter((r) => r['Date Read'] === '').length).toBeGreaterThan(20);
    for (const row of read) expect(row['Date Read'], row.Title).not.toBe(row['Date Added']);
  });
});

describe('our Goodreads-layout export', () => {
  it('takes title, publisher, year, ISBN and pages from one edition, in the reader\'s language where there is one (point 12)', async () => {
    const db = await getDb();
    const [book] = await createBooks([`export-editions-${Date.now()}`]);
    created.push(book!);
    await db.execute(sql`UPDATE books SET original_title = 'The Edition Test', publisher = 'First Publisher', publication_year = 1965, pages = 999 WHERE id = ${book!.id}`);
    await db.execute(sql`INSERT INTO editions (book_id, title, language_code, language_name, is_original_language, is_primary_edition, edition_type, publisher, publication_year, pages, isbn) VALUES
      (${book!.id}, 'The Edition Test', 'en', 'English', true, true, 'original', 'Chilton Company', 1965, 412, '9780441172719'),
      (${book!.id}, 'Der Editionstest', 'de', 'Deutsch', false, false, 'international', 'Heyne', 2016, NULL, NULL)`);
    const hole = (await bookIds(['the-hole'])).get('the-hole')!;

    const reader = await createReader(server.url());
    await db.execute(sql`UPDATE users SET language = 'de' WHERE id = ${reader.id}`);
    await db.execute(sql`INSERT INTO reading_list (user_id, book_id, status, read_on) VALUES (${reader.id}, ${book!.id}, 'read', '2024-05-06'), (${reader.id}, ${hole}, 'to_read', NULL)`);
    const rows = await exportOf(reader);
    // The German edition: its title, publisher and year; it has no pages nor ISBN, and none are borrowed.
    expect(rows.find((r) => r.Title === 'Der Editionstest')).toMatchObject({
      Publisher: 'Heyne',
      'Year Published': '2016',
      'Number of Pages': '',
      ISBN: '=""',
      ISBN13: '=""',
      'Original Publication Year': '1965',
      'Date Read': '2024/05/06',
    });
    // A Japanese novel without a German edition: the English edition, whole (point 6's order).
    expect(rows.find((r) => r.Title === 'The Hole')).toMatchObject({ Publisher: 'New Directions', 'Year Published': '2020' });

    // In English: the English edition, with its ISBN and pages.
    await db.execute(sql`UPDATE users SET language = 'en' WHERE id = ${reader.id}`);
    expect((await exportOf(reader)).find((r) => r.Title === 'The Edition Test')).toMatchObject({
      Publisher: 'Chilton Company',
      'Year Published': '1965',
      'Number of Pages': '412',
      ISBN: '="0441172717"',
      ISBN13: '="9780441172719"',
      'Book Id': '',
    });
  });
});
