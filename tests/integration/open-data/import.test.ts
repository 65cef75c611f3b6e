/**
 * Reading-history import (issue 16 points 1 and 6) over HTTP against the real database and the
 * local server, whose background functions run as on Netlify (202, then the worker): Goodreads and
 * StoryGraph samples with their real header rows (tests/fixtures/import), the review step, the
 * confirmation, idempotence, overwrite, encodings, injection cells, refusals, ownership, and the
 * round trip from our own Goodreads-layout export into a new account.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../db/client.ts';
import { IMPORT_JOB_MAX_AGE_DAYS, IMPORT_JOBS_KEPT } from '../../../src/domain/runtime/retention.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../../src/domain/open-data/import-file.ts';
import { ImportJobListSchema, ImportJobSchema, ImportRowsPageSchema, type ImportJob } from '../../../src/domain/schemas/import.ts';
import { bookIds, createBooks, createReader, dataOf, errorOf, removeBooks, serveForTests, type Answer, type Reader, type TestBook } from '../../support/readers.ts';

const server = serveForTests();
const created: TestBook[] = [];
afterAll(async () => {
  if (created.length > 0) await removeBooks(created);
});

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/import/${name}`, import.meta.url));
const GOODREADS = fixture('goodreads-library.csv');
const STORYGRAPH = fixture('storygraph-library.csv');
const GOODREADS_HEADER = GOODREADS.toString('utf8').split('\n')[0]!;

async function upload(reader: Reader | null, bytes: Uint8Array | string, { name = 'export.csv', lang = 'en' } = {}): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type: 'text/csv' }), name);
  const res = await fetch(`${server.url()}/api/profile/imports`, { method: 'POST', body: form, headers: { 'accept-language': lang, ...(reader ? { cookie: reader.cookie } : {}) } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

/** Polls the job until it leaves its background phase (as the import tab does). */
async function settle(reader: Reader, jobId: string): Promise<ImportJob> {
  for (let i = 0; i < 200; i++) {
    const job = dataOf(await server.call('GET', `/api/profile/imports/${jobId}`, { cookie: reader.cookie }), ImportJobSchema);
    if (job.status !== 'matching' && job.status !== 'applying') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${jobId} did not settle`);
}

async function importFile(reader: Reader, bytes: Uint8Array | string, { overwrite = false, choose = true } = {}): Promise<ImportJob> {
  const started = dataOf(await upload(reader, bytes), ImportJobSchema, 202);
  const reviewed = await settle(reader, started.id);
  expect(reviewed.status).toBe('review');
  if (choose) {
    const uncertain = dataOf(await server.call('GET', `/api/profile/imports/${started.id}/rows?group=uncertain`, { cookie: reader.cookie }), ImportRowsPageSchema);
    for (const row of uncertain.items) {
      expect((await server.call('PATCH', `/api/profile/imports/${started.id}/rows/${row.line}`, { cookie: reader.cookie, body: { bookId: row.candidates[0]?.id ?? null } })).status).toBe(204);
    }
  }
  dataOf(await server.call('POST', `/api/profile/imports/${started.id}/confirm`, { cookie: reader.cookie, body: { overwrite } }), ImportJobSchema, 202);
  const done = await settle(reader, started.id);
  expect(done.status, JSON.stringify(done.error)).toBe('done');
  return done;
}

async function shelvesOf(reader: Reader): Promise<Record<string, { status: string | null; rating: number | null; review: string | null }>> {
  const { rows } = await (await getDb()).execute(sql`
    SELECT b.slug, l.status, r.rating, r.review FROM books b
    LEFT JOIN reading_list l ON l.book_id = b.id AND l.user_id = ${reader.id}
    LEFT JOIN ratings r ON r.book_id = b.id AND r.user_id = ${reader.id}
    WHERE l.user_id IS NOT NULL OR r.user_id IS NOT NULL ORDER BY b.slug`);
  return Object.fromEntries((rows as { slug: string; status: string | null; rating: number | null; review: string | null }[]).map(({ slug, ...rest }) => [slug, rest]));
}

describe('importing a Goodreads library export', () => {
  it('matches, asks about the uncertain row, and imports shelves, stars and reviews', async () => {
    const reader = await createReader(server.url());
    const started = dataOf(await upload(reader, GOODREADS, { name: 'goodreads_library_export.csv' }), ImportJobSchema, 202);
    expect(started).toMatchObject({ source: 'goodreads', fileName: 'goodreads_library_export.csv', total: 9, invalidRows: 1 });
    const job = await settle(reader, started.id);
    expect(job).toMatchObject({ status: 'review', processed: 9, groups: { matched: 6, uncertain: 1, unmatched: 2, resolved: 0 } });

    const matched = dataOf(await server.call('GET', `/api/profile/imports/${job.id}/rows?group=matched`, { cookie: reader.cookie }), ImportRowsPageSchema);
    const bySlug = Object.fromEntries(matched.items.map((row) => [row.title, row]));
    expect(bySlug['Dune (Dune, #1)']).toMatchObject({ via: 'title', status: 'read', rating: 5, hasReview: true, book: { slug: 'dune' } });
    expect(bySlug['Dune (Dune, #1)']!.book!.edition).not.toBeNull();
    expect(bySlug['Wizard of the Pigeons']).toMatchObject({ via: 'penName', book: { slug: 'wizard-of-the-pigeons', authors: ['Megan Lindholm'] } });
    expect(bySlug['Foundation: The Foundation Trilogy']).toMatchObject({ book: { slug: 'foundation' } });
    const unmatched = dataOf(await server.call('GET', `/api/profile/imports/${job.id}/rows?group=unmatched`, { cookie: reader.cookie }), ImportRowsPageSchema);
    expect(unmatched.items.map((r) => r.title)).toEqual(['The Joy of Cooking', '=HYPERLINK("http://evil.example","click")']);

    const uncertain = dataOf(await server.call('GET', `/api/profile/imports/${job.id}/rows?group=uncertain`, { cookie: reader.cookie }), ImportRowsPageSchema);
    expect(uncertain.items).toHaveLength(1);
    const hyperion = uncertain.items[0]!;
    expect(hyperion).toMatchObject({ title: 'Hyperion Cantos', author: 'Dan Simmons', resolved: false, book: null });
    // Every candidate is a book of the row's author (issue 29 point 3).
    for (const candidate of hyperion.candidates) expect(candidate.authors).toContain('Dan Simmons');
    expect(hyperion.candidates.length).toBeGreaterThanOrEqual(1);
    expect(hyperion.candidates.length).toBeLessThanOrEqual(3);
    expect(hyperion.candidates[0]).toMatchObject({ slug: 'hyperion', authors: ['Dan Simmons'] });
    // Only a candidate may be chosen; a matched row needs no choice.
    const notOffered = (await bookIds(['neuromancer'])).get('neuromancer')!;
    errorOf(await server.call('PATCH', `/api/profile/imports/${job.id}/rows/${hyperion.line}`, { cookie: reader.cookie, body: { bookId: notOffered } }), 400);
    errorOf(await server.call('PATCH', `/api/profile/imports/${job.id}/rows/${bySlug['Dune (Dune, #1)']!.line}`, { cookie: reader.cookie, body: { bookId: null } }), 409);
    expect((await server.call('PATCH', `/api/profile/imports/${job.id}/rows/${hyperion.line}`, { cookie: reader.cookie, body: { bookId: hyperion.candidates[0]!.id } })).status).toBe(204);
    const chosen = dataOf(await server.call('GET', `/api/profile/imports/${job.id}/rows?group=uncertain`, { cookie: reader.cookie }), ImportRowsPageSchema).items[0]!;
    expect(chosen).toMatchObject({ resolved: true, via: 'choice', book: { slug: 'hyperion' } });

    // The not-in-catalogue download: formula-like cells escaped.
    const csv = await fetch(`${server.url()}/api/profile/imports/${job.id}/unmatched.csv`, { headers: { cookie: reader.cookie } });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const records = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    expect(records.map((r) => [r.Title, r.Author])).toEqual([
      ['The Joy of Cooking', 'Irma S. Rombauer'],
      [`'=HYPERLINK("http://evil.example","click")`, "'@Mallory"],
    ]);

    dataOf(await server.call('POST', `/api/profile/imports/${job.id}/confirm`, { cookie: reader.cookie, body: {} }), ImportJobSchema, 202);
    const done = await settle(reader, job.id);
    expect(done).toMatchObject({ status: 'done', processed: 9 });
    expect(done.counts).toEqual({
      added: 6,
      updated: 0,
      skipped: 0,
      unmatched: 2,
      duplicates: 1,
      reviewsNotImported: 0,
      customShelves: [
        { name: 'cookbooks', count: 1 },
        { name: 'favourites', count: 1 },
        { name: 'space-opera', count: 1 },
      ],
    });
    expect(await shelvesOf(reader)).toEqual({
      dune: { status: 'read', rating: 5, review: 'Sand, spice\n\nand politics.' },
      foundation: { status: 'to_read', rating: null, review: null },
      hyperion: { status: 'to_read', rating: 3, review: null },
      neuromancer: { status: 'reading', rating: null, review: null },
      'the-left-hand-of-darkness': { status: 'read', rating: 4, review: null },
      'wizard-of-the-pigeons': { status: 'read', rating: 2, review: null },
    });
    // Confirmed once: a second confirmation is refused, and the list finds the job.
    errorOf(await server.call('POST', `/api/profile/imports/${job.id}/confirm`, { cookie: reader.cookie, body: {} }), 409);
    const list = dataOf(await server.call('GET', '/api/profile/imports', { cookie: reader.cookie }), ImportJobListSchema);
    expect(list.items[0]).toMatchObject({ id: job.id, status: 'done' });
    // The file's rows are the reader's data: in their data export.
    const exported = (await server.call('GET', '/api/profile/export', { cookie: reader.cookie })).json as { data: { imports: { id: string; rows: { title: string }[] }[] } };
    expect(exported.data.imports).toHaveLength(1);
    expect(exported.data.imports[0]).toMatchObject({ id: job.id, rows: expect.arrayContaining([expect.objectContaining({ title: 'The Joy of Cooking' })]) });
  });

  it('changes nothing when the same file is imported a second time', async () => {
    const reader = await createReader(server.url());
    await importFile(reader, GOODREADS);
    const before = await shelvesOf(reader);
    const { rows: stamps } = await (await getDb()).execute(sql`SELECT (SELECT json_agg(updated_at ORDER BY book_id) FROM reading_list WHERE user_id = ${reader.id}) AS l, (SELECT json_agg(updated_at ORDER BY book_id) FROM ratings WHERE user_id = ${reader.id}) AS r`);
    const again = await importFile(reader, GOODREADS);
    expect(again.counts).toMatchObject({ added: 0, updated: 0, skipped: 6, unmatched: 2, duplicates: 1 });
    expect(await shelvesOf(reader)).toEqual(before);
    const { rows: after } = await (await getDb()).execute(sql`SELECT (SELECT json_agg(updated_at ORDER BY book_id) FROM reading_list WHERE user_id = ${reader.id}) AS l, (SELECT json_agg(updated_at ORDER BY book_id) FROM ratings WHERE user_id = ${reader.id}) AS r`);
    expect(after).toEqual(stamps);
  });

  it("keeps the reader's own status, stars and review unless they choose to overwrite", async () => {
    const reader = await createReader(server.url());
    const dune = (await bookIds(['dune'])).get('dune')!;
    const db = await getDb();
    await db.execute(sql`INSERT INTO reading_list (user_id, book_id, status) VALUES (${reader.id}, ${dune}, 'to_read')`);
    await db.execute(sql`INSERT INTO ratings (user_id, book_id, rating, review) VALUES (${reader.id}, ${dune}, 2, 'Mine.')`);
    const kept = await importFile(reader, GOODREADS);
    expect(kept.counts).toMatchObject({ added: 5, updated: 0, skipped: 1 });
    expect((await shelvesOf(reader)).dune).toEqual({ status: 'to_read', rating: 2, review: 'Mine.' });

    const replaced = await importFile(reader, GOODREADS, { overwrite: true });
    expect(replaced).toMatchObject({ overwrite: true, counts: { added: 0, updated: 1, skipped: 5 } });
    expect((await shelvesOf(reader)).dune).toEqual({ status: 'read', rating: 5, review: 'Sand, spice\n\nand politics.' });
  });

  it('matches by ISBN before the title', async () => {
    const [book] = await createBooks([`isbn-import-${Date.now()}`]);
    created.push(book!);
    await (await getDb()).execute(sql`INSERT INTO editions (book_id, title, isbn, is_primary_edition, language_code, language_name) VALUES (${book!.id}, 'Ein ganz anderer Titel', '978-3-453-31712-3', true, 'de', 'Deutsch')`);
    const reader = await createReader(server.url());
    const file = `${GOODREADS_HEADER}\n1,Some Translated Title,Anyone,"Anyone, A",,"=""""","=""9783453317123""",4,0,,,,,,,,,,read,,,,1,0\n`;
    const job = await importFile(reader, file);
    expect(job.counts).toMatchObject({ added: 1, unmatched: 0 });
    const { rows } = await (await getDb()).execute(sql`SELECT rating FROM ratings WHERE user_id = ${reader.id} AND book_id = ${book!.id}`);
    expect(rows).toEqual([{ rating: 4 }]);
  });
});

describe('importing a StoryGraph export', () => {
  it('rounds quarter stars half up, reads its statuses and reports did-not-finish and tags as shelves', async () => {
    const reader = await createReader(server.url());
    const job = await importFile(reader, STORYGRAPH);
    expect(job.source).toBe('storygraph');
    expect(job.counts).toMatchObject({ added: 4, skipped: 1, unmatched: 0 });
    expect(job.counts!.customShelves).toEqual([
      { name: 'classics', count: 1 },
      { name: 'did-not-finish', count: 1 },
      { name: 'sci-fi', count: 1 },
    ]);
    expect(await shelvesOf(reader)).toEqual({
      'ancillary-justice': { status: 'reading', rating: null, review: null },
      dune: { status: 'to_read', rating: null, review: null },
      'the-dispossessed': { status: 'read', rating: 4, review: 'An ambiguous utopia, indeed.' },
      'the-fall-of-hyperion': { status: 'read', rating: 5, review: null },
    });
  });
});

describe('encodings', () => {
  const file = `${GOODREADS_HEADER}\n1,Der Wüstenplanet,Frank Herbert,"Herbert, Frank",,"=""""","=""""",4,0,,,,,,,,,,read,Großartig – wirklich.,,,1,0\n`;

  it('reads UTF-8 with a byte-order mark and Windows-1252 alike', async () => {
    for (const bytes of [new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(file)]), Uint8Array.from(Buffer.from(file.replace('–', '\x96'), 'latin1'))]) {
      const reader = await createReader(server.url());
      const job = await importFile(reader, bytes);
      expect(job.counts).toMatchObject({ added: 1, unmatched: 0 });
      expect((await shelvesOf(reader)).dune).toEqual({ status: 'read', rating: 4, review: 'Großartig – wirklich.' });
    }
  });

  it('reads a gzip-compressed upload, as the import tab sends it (a Netlify function takes ~4.5 MB of file), as the file itself', async () => {
    const reader = await createReader(server.url());
    const job = await importFile(reader, gzipSync(Buffer.from(file.replace('–', '\x96'), 'latin1')));
    expect(job.counts).toMatchObject({ added: 1, unmatched: 0 });
    expect((await shelvesOf(reader)).dune).toEqual({ status: 'read', rating: 4, review: 'Großartig – wirklich.' });
  });
});

describe('refusals', () => {
  it('answers each bad file with a localized 400 and stores nothing', async () => {
    const reader = await createReader(server.url());
    const cases: [Uint8Array | string, string][] = [
      ['', 'api.error.importEmpty'],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08]), 'api.error.importNotCsv'],
      [new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x01, 0x02]), 'api.error.importNotCsv'],
      ['name,email\nAda,ada@example.org\n', 'api.error.importUnknownColumns'],
      [`${GOODREADS_HEADER}\n1,"Dune,Frank Herbert\n`, 'api.error.importMalformed'],
      [`${GOODREADS_HEADER}\n`, 'api.error.importNoRows'],
      [`${GOODREADS_HEADER}\n${'1,Dune,Frank Herbert,,,,,0,,,,,,,,,,,to-read,,,,0,0\n'.repeat(IMPORT_MAX_ROWS + 1)}`, 'api.error.importTooManyRows'],
    ];
    for (const [bytes, key] of cases) {
      const error = errorOf(await upload(reader, bytes, { lang: 'de' }), 400);
      expect(error.code, key).toBe('VALIDATION');
      expect(error.message, key).not.toMatch(/^api\./);
    }
    const tooMany = errorOf(await upload(reader, cases[6]![0]), 400);
    expect(tooMany.message).toContain(String(IMPORT_MAX_ROWS));
    const list = dataOf(await server.call('GET', '/api/profile/imports', { cookie: reader.cookie }), ImportJobListSchema);
    expect(list.items).toEqual([]);
  });

  it('refuses a file over 10 MB with a 400, never a 500', async () => {
    const reader = await createReader(server.url());
    const error = errorOf(await upload(reader, new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x61)), 400);
    expect(error.message).toBe('The file is too large: at most 10 MB.');
    // Compressed, the same: it is never unpacked beyond the limit.
    const bomb = gzipSync(new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x61));
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(errorOf(await upload(reader, bomb, { lang: 'it' }), 400).message).toBe('Il file è troppo grande: al massimo 10 MB.');
  });

  it('wants a signed-in reader, a multipart body and no foreign origin', async () => {
    errorOf(await upload(null, GOODREADS), 401);
    const reader = await createReader(server.url());
    errorOf(await server.call('POST', '/api/profile/imports', { cookie: reader.cookie, body: { file: 'x' } }), 415);
    const form = new FormData();
    form.append('file', new Blob([GOODREADS]), 'x.csv');
    const foreign = await fetch(`${server.url()}/api/profile/imports`, { method: 'POST', body: form, headers: { cookie: reader.cookie, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
  });
});

describe('old jobs', () => {
  it(`keep a reader's latest ${IMPORT_JOBS_KEPT} besides a new upload, and go after ${IMPORT_JOB_MAX_AGE_DAYS} days whoever's they are`, async () => {
    const db = await getDb();
    const [reader, other] = [await createReader(server.url()), await createReader(server.url())];
    const job = (userId: string, name: string, status: string, days: number) => db.execute(sql`
      INSERT INTO import_jobs (user_id, source, file_name, encoding, total, status, created_at, updated_at)
      VALUES (${userId}, 'goodreads', ${name}, 'utf-8', 0, ${status}::import_job_status, now() - make_interval(days => ${days}), now() - make_interval(days => ${days}))`);
    for (let day = 1; day <= IMPORT_JOBS_KEPT + 1; day++) await job(reader.id, `old-${day}.csv`, 'done', day);
    await job(other.id, 'ancient.csv', 'done', IMPORT_JOB_MAX_AGE_DAYS + 1);
    await job(other.id, 'recent.csv', 'review', 10);
    await job(other.id, 'stuck.csv', 'matching', IMPORT_JOB_MAX_AGE_DAYS + 1);
    const started = dataOf(await upload(reader, GOODREADS, { name: 'new.csv' }), ImportJobSchema, 202);
    await settle(reader, started.id);
    const names = async (userId: string) =>
      ((await db.execute(sql`SELECT file_name FROM import_jobs WHERE user_id = ${userId} ORDER BY created_at DESC`)).rows as { file_name: string }[]).map((r) => r.file_name);
    expect(await names(reader.id)).toEqual(['new.csv', ...Array.from({ length: IMPORT_JOBS_KEPT }, (_, i) => `old-${i + 1}.csv`)]);
    expect(await names(other.id)).toEqual(['recent.csv', 'stuck.csv']);
  });
});

describe('ownership', () => {
  it("answers 404 for another reader's job on every endpoint, and for ids that are no job", async () => {
    const owner = await createReader(server.url());
    const other = await createReader(server.url());
    const job = dataOf(await upload(owner, GOODREADS), ImportJobSchema, 202);
    await settle(owner, job.id);
    const as = { cookie: other.cookie };
    errorOf(await server.call('GET', `/api/profile/imports/${job.id}`, as), 404);
    errorOf(await server.call('GET', `/api/profile/imports/${job.id}/rows?group=matched`, as), 404);
    errorOf(await server.call('PATCH', `/api/profile/imports/${job.id}/rows/5`, { ...as, body: { bookId: null } }), 404);
    errorOf(await server.call('POST', `/api/profile/imports/${job.id}/confirm`, { ...as, body: {} }), 404);
    errorOf(await server.call('DELETE', `/api/profile/imports/${job.id}`, as), 404);
    expect((await fetch(`${server.url()}/api/profile/imports/${job.id}/unmatched.csv`, { headers: as })).status).toBe(404);
    errorOf(await server.call('GET', '/api/profile/imports/not-a-uuid', as), 404);
    expect(dataOf(await server.call('GET', '/api/profile/imports', as), ImportJobListSchema).items).toEqual([]);
    // The owner still has it, and may discard it.
    expect((await server.call('DELETE', `/api/profile/imports/${job.id}`, { cookie: owner.cookie })).status).toBe(204);
    errorOf(await server.call('GET', `/api/profile/imports/${job.id}`, { cookie: owner.cookie }), 404);
  });
});

describe('a failure while applying', () => {
  it('imports nothing of the file: the list entries written before the failure roll back with it', async () => {
    const reader = await createReader(server.url());
    const marker = `boom-${Date.now()}`;
    const db = await getDb();
    // A trigger that fails the ratings statement of this one import (its review text is unique), after the list entries were written.
    await db.execute(sql.raw(`CREATE OR REPLACE FUNCTION import_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.review LIKE 'boom-%' THEN RAISE EXCEPTION 'import test failure'; END IF; RETURN NEW; END $$`));
    await db.execute(sql.raw(`CREATE TRIGGER import_test_fail_${process.pid} BEFORE INSERT ON ratings FOR EACH ROW EXECUTE FUNCTION import_test_fail()`));
    try {
      const rows = [
        `1,Dune,Frank Herbert,"Herbert, Frank",,"=""""","=""""",0,0,,,,,,,,,,read,,,,1,0`,
        `2,Neuromancer,William Gibson,"Gibson, William",,"=""""","=""""",3,0,,,,,,,,,,read,${marker},,,1,0`,
      ];
      const started = dataOf(await upload(reader, `${GOODREADS_HEADER}\n${rows.join('\n')}\n`), ImportJobSchema, 202);
      expect((await settle(reader, started.id)).status).toBe('review');
      dataOf(await server.call('POST', `/api/profile/imports/${started.id}/confirm`, { cookie: reader.cookie, body: {} }), ImportJobSchema, 202);
      const failed = await settle(reader, started.id);
      expect(failed).toMatchObject({ status: 'failed', counts: null, error: { key: 'api.error.importFailed' } });
      expect(await shelvesOf(reader)).toEqual({});
    } finally {
      await db.execute(sql.raw(`DROP TRIGGER IF EXISTS import_test_fail_${process.pid} ON ratings`));
      await db.execute(sql.raw(`DROP FUNCTION IF EXISTS import_test_fail()`));
    }
  });
});

describe('export and import round trip (issue 16 points 2 and 6)', () => {
  it('a new account that imports a reader\'s export ends with the same list, stars and reviews', async () => {
    const ada = await createReader(server.url());
    const ids = await bookIds(['dune', 'neuromancer', 'hyperion', 'the-dispossessed', 'the-left-hand-of-darkness']);
    const db = await getDb();
    // Read books carry the day they were finished (read_on, issue 29 point 12), as setting them to read here does.
    await db.execute(sql`INSERT INTO reading_list (user_id, book_id, status, created_at, updated_at, read_on) VALUES
      (${ada.id}, ${ids.get('dune')!}, 'read', '2023-01-05T09:00:00Z', '2023-02-10T20:00:00Z', '2023-02-10'), (${ada.id}, ${ids.get('neuromancer')!}, 'reading', '2024-03-01T10:00:00Z', '2024-03-01T10:00:00Z', NULL),
      (${ada.id}, ${ids.get('hyperion')!}, 'to_read', '2024-04-02T10:00:00Z', '2024-04-02T10:00:00Z', NULL), (${ada.id}, ${ids.get('the-dispossessed')!}, 'read', '2022-06-01T10:00:00Z', '2022-07-15T10:00:00Z', '2022-07-15'),
      (${ada.id}, ${ids.get('the-left-hand-of-darkness')!}, 'read', '2021-11-11T10:00:00Z', '2021-12-24T10:00:00Z', '2021-12-24')`);
    await db.execute(sql`INSERT INTO ratings (user_id, book_id, rating, review) VALUES
      (${ada.id}, ${ids.get('dune')!}, 5, ${'Slow, "difficult" start;\nthen brilliant. Ünïcødé ✓'}),
      (${ada.id}, ${ids.get('the-dispossessed')!}, 3, '-1+2 was my first thought'),
      (${ada.id}, ${ids.get('the-left-hand-of-darkness')!}, 4, null)`);
    const exported = await fetch(`${server.url()}/api/profile/export.csv`, { headers: { cookie: ada.cookie } });
    expect(exported.status).toBe(200);
    const newcomer = await createReader(server.url());
    const job = await importFile(newcomer, await exported.text());
    expect(job.counts).toMatchObject({ added: 5, unmatched: 0 });
    expect(await shelvesOf(newcomer)).toEqual(await shelvesOf(ada));
    // The days come along: when each book was shelved and when it was read (the reading stats count by them).
    const days = async (reader: Reader) =>
      (await db.execute(sql`SELECT b.slug, to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS added, to_char(l.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS changed,
               to_char(l.read_on, 'YYYY-MM-DD') AS "readOn"
        FROM reading_list l JOIN books b ON b.id = l.book_id WHERE l.user_id = ${reader.id} AND l.status = 'read' ORDER BY b.slug`)).rows;
    expect(await days(newcomer)).toEqual(await days(ada));
  });
});
