/**
 * The admin write endpoints of books, authors, series and genres (issue 13 points 1, 7, 8, 9):
 * the role matrix of every endpoint, validation and conflicts as localized envelopes, slugs and
 * their redirects, the history of every write, the rebuild request, and the item routes living
 * beside the search routes on the same prefix. Against the local server and the test database.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getDb } from '../../../db/client.ts';
import { lookupEntityPath } from '../../../db/queries/entity-paths.ts';
import { importSeedCatalogue } from '../../../db/seed/import.ts';
import { loadSeedCatalogue } from '../../../db/seed/seed-data.ts';
import { installRebuilder } from '../../../netlify/functions/_shared/rebuild.ts';
import { createRebuildQueue } from '../../../src/domain/runtime/rebuild-queue.ts';
import type { Role } from '../../../src/domain/enums.ts';
import {
  AuthorRecordSchema,
  BookRecordSchema,
  GenreRecordSchema,
  HistoryPageSchema,
  SavedSchema,
  SeriesRecordSchema,
} from '../../../src/domain/schemas/editorial.ts';
import { removeCreatedBy } from '../../support/editorial.ts';
import { createReader, dataOf, errorOf, serveForTests, type Answer, type Reader } from '../../support/readers.ts';

// The real build: renamed books', authors' and series' old slugs are answered by their on-demand route (ADR 0037).
const server = serveForTests({ realSite: true });
const call = server.call;

const ROLES_BELOW: Role[] = ['NORMAL_USER', 'POWER_USER', 'GOLDEN_USER'];
let admin: Reader;
const below = new Map<Role, Reader>();
let builds = 0;

beforeAll(async () => {
  admin = await createReader(server.url(), { role: 'SUPER_USER' });
  for (const role of ROLES_BELOW) below.set(role, await createReader(server.url(), { role }));
  // A rebuild queue of the test's own (npm start installs the real one): counts the builds asked for.
  installRebuilder(createRebuildQueue('local', async () => void builds++, () => new Date()));
});

afterAll(async () => {
  installRebuilder(undefined);
  await removeCreatedBy(admin.id);
});

const KINDS = { book: 'books', author: 'authors', series: 'series', genre: 'genres' } as const;
type Kind = keyof typeof KINDS;

/** Creates through the API as the admin; the answer's id and slug. */
async function create(kind: Kind, body: unknown): Promise<z.infer<typeof SavedSchema>> {
  const saved = dataOf(await call('POST', `/api/${KINDS[kind]}`, { cookie: admin.cookie, body }), SavedSchema, 201);
  return saved;
}

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${Date.now()}-${++sequence}`;
const newAuthor = () => create('author', { name: unique('Test Author') });
const newSeries = () => create('series', { name: unique('Test Series') });
const newGenre = () => create('genre', { name: unique('Test Genre') });
const newBook = async (extra: Record<string, unknown> = {}) => create('book', { title: unique('Test Book'), authorIds: [(await newAuthor()).id], ...extra });

// ---------------------------------------------------------------------------------------------

interface MatrixCase {
  name: string;
  /**
   * Makes one request as `cookie` (undefined: signed out) about the thing `target` gives: a fresh
   * one for the super user, whose request changes it; any id for the others, who never reach it.
   */
  send: (cookie: string | undefined, target: (make: () => Promise<{ id: number }>) => Promise<{ id: number }>) => Promise<Answer>;
  ok: number;
}

const freshOf: Record<Kind, () => Promise<{ id: number }>> = { book: () => newBook(), author: () => newAuthor(), series: () => newSeries(), genre: () => newGenre() };

const matrix: MatrixCase[] = [
  { name: 'POST /api/books', ok: 201, send: async (cookie, target) => call('POST', '/api/books', { cookie, body: { title: unique('Matrix'), authorIds: [(await target(newAuthor)).id] } }) },
  { name: 'POST /api/authors', ok: 201, send: (cookie) => call('POST', '/api/authors', { cookie, body: { name: unique('Matrix') } }) },
  { name: 'POST /api/series', ok: 201, send: (cookie) => call('POST', '/api/series', { cookie, body: { name: unique('Matrix') } }) },
  { name: 'POST /api/genres', ok: 201, send: (cookie) => call('POST', '/api/genres', { cookie, body: { name: unique('Matrix') } }) },
  ...(['book', 'author', 'series', 'genre'] as const).flatMap((kind): MatrixCase[] => {
    const field = kind === 'book' ? 'title' : 'name';
    const path = async (target: Parameters<MatrixCase['send']>[1]) => `/api/${KINDS[kind]}/${(await target(freshOf[kind])).id}`;
    return [
      { name: `GET /api/${KINDS[kind]}/{id}`, ok: 200, send: async (cookie, target) => call('GET', await path(target), { cookie }) },
      { name: `PATCH /api/${KINDS[kind]}/{id}`, ok: 200, send: async (cookie, target) => call('PATCH', await path(target), { cookie, body: { [field]: unique('Renamed') } }) },
      { name: `DELETE /api/${KINDS[kind]}/{id}`, ok: 200, send: async (cookie, target) => call('DELETE', await path(target), { cookie }) },
    ];
  }),
  { name: 'GET /api/admin/history', ok: 200, send: async (cookie, target) => call('GET', `/api/admin/history?entity=author&id=${(await target(newAuthor)).id}`, { cookie }) },
  { name: 'GET /api/admin/rebuild', ok: 200, send: (cookie) => call('GET', '/api/admin/rebuild', { cookie }) },
];

describe('role matrix (issue 13 point 9)', () => {
  it.each(matrix)('$name: anonymous 401, normal, power and golden 403, super user $ok', async ({ send, ok }) => {
    const anyId = async () => ({ id: 1 });
    expect((await send(undefined, anyId)).status).toBe(401);
    for (const role of ROLES_BELOW) expect((await send(below.get(role)!.cookie, anyId)).status, role).toBe(403);
    const answer = await send(admin.cookie, (make) => make());
    expect(answer.status, JSON.stringify(answer.json)).toBe(ok);
  });

  it('a write refused to a golden user creates nothing', async () => {
    const name = unique('Never');
    await call('POST', '/api/authors', { cookie: below.get('GOLDEN_USER')!.cookie, body: { name } });
    const rows = await (await getDb()).execute(sql`SELECT 1 FROM authors WHERE name = ${name}`);
    expect(rows.rows).toEqual([]);
  });
});

describe('books', () => {
  it('are created with just a title and authors, answering id and slug (spec §5 slug rule)', async () => {
    const author = await newAuthor();
    const saved = await create('book', { title: 'Der Wüstenplanet: Testausgabe', authorIds: [author.id] });
    expect(saved.slug).toMatch(/^der-wuestenplanet-testausgabe(-\d+)?$/);
    const record = dataOf(await call('GET', `/api/books/${saved.slug}`, { cookie: admin.cookie }), BookRecordSchema);
    expect(record).toMatchObject({ id: saved.id, title: 'Der Wüstenplanet: Testausgabe', authorIds: [author.id], genreIds: [], series: [], awards: [], description: {}, coverImage: null });
  });

  it('take every field of spec §3 and read back what was saved', async () => {
    const [a1, a2, s1, g1] = [await newAuthor(), await newAuthor(), await newSeries(), await newGenre()];
    const db = await getDb();
    const award = (await db.execute(sql`SELECT a.id AS "awardId", c.id AS "categoryId" FROM awards a JOIN award_categories c ON c.award_id = a.id ORDER BY a.id, c.id LIMIT 1`)).rows[0] as { awardId: number; categoryId: number };
    const body = {
      title: unique('Full Book'),
      authorIds: [a2.id, a1.id],
      genreIds: [g1.id],
      series: [{ seriesId: s1.id, position: 1.5 }],
      awards: [
        { awardId: award.awardId, categoryId: award.categoryId, year: 2020, isWinner: true },
        { awardId: award.awardId, customCategory: 'Best Test', year: 2021 },
      ],
      publicationYear: 2020,
      publicationDate: '2020-05-01',
      publisher: 'Heyne',
      pages: 412,
      originalLanguage: 'de',
      description: { en: '# Introduction\n\nA *test*.', de: 'Ein Test.', it: '' },
      coverImage: 'https://covers.example/full.jpg',
    };
    const saved = await create('book', body);
    const record = dataOf(await call('GET', `/api/books/${saved.id}`, { cookie: admin.cookie }), BookRecordSchema);
    expect(record).toMatchObject({
      authorIds: [a2.id, a1.id],
      genreIds: [g1.id],
      series: [{ seriesId: s1.id, position: 1.5 }],
      awards: [
        { awardId: award.awardId, categoryId: award.categoryId, customCategory: null, year: 2020, isWinner: true },
        { awardId: award.awardId, categoryId: null, customCategory: 'Best Test', year: 2021, isWinner: false },
      ],
      publicationYear: 2020,
      publicationDate: '2020-05-01',
      publisher: 'Heyne',
      pages: 412,
      originalLanguage: 'de',
      description: { en: '# Introduction\n\nA *test*.', de: 'Ein Test.' },
      coverImage: 'https://covers.example/full.jpg',
    });

    // A PATCH changes what it names: authors reordered, one award entry gone, publisher cleared.
    dataOf(await call('PATCH', `/api/books/${saved.id}`, { cookie: admin.cookie, body: { authorIds: [a1.id, a2.id], awards: [body.awards[1]], publisher: null } }), SavedSchema);
    const after = dataOf(await call('GET', `/api/books/${saved.id}`, { cookie: admin.cookie }), BookRecordSchema);
    expect(after).toMatchObject({ authorIds: [a1.id, a2.id], awards: [{ customCategory: 'Best Test' }], publisher: null, genreIds: [g1.id], pages: 412 });
    expect(after.awards).toHaveLength(1);
  });

  it('refuse bad input with a localized 400 naming each field, and ids that name nothing', async () => {
    const error = errorOf(await call('POST', '/api/books', { cookie: admin.cookie, lang: 'de', body: { title: ' ', authorIds: [], pages: 0, coverImage: 'javascript:alert(1)' } }), 400);
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toBe('Bitte überprüfen Sie Ihre Eingaben.');
    expect(error.details?.map((d) => [d.path, d.key])).toEqual([
      ['title', 'validation.editorial.title.required'],
      ['authorIds', 'validation.editorial.authorIds'],
      ['pages', 'validation.editorial.pages'],
      ['coverImage', 'validation.editorial.imageUrl'],
    ]);
    expect(error.details?.find((d) => d.path === 'pages')?.message).toBe('Seitenzahl muss mindestens 1 sein.');

    const unknown = errorOf(await call('POST', '/api/books', { cookie: admin.cookie, body: { title: unique('Unknown refs'), authorIds: [2_000_000_000], genreIds: [2_000_000_001] } }), 400);
    expect(unknown.details?.map((d) => [d.path, d.key])).toEqual([
      ['authorIds.0', 'validation.editorial.unknownAuthor'],
      ['genreIds.0', 'validation.editorial.unknownGenre'],
    ]);
  });

  it('want JSON (415) and a numeric id to write (400), and answer 404 for a book that is not there', async () => {
    expect(errorOf(await call('POST', '/api/books', { cookie: admin.cookie, raw: 'title=x', contentType: 'application/x-www-form-urlencoded' }), 415).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(errorOf(await call('PATCH', '/api/books/dune', { cookie: admin.cookie, body: { title: 'x' } }), 400).code).toBe('VALIDATION');
    expect(errorOf(await call('PATCH', '/api/books/2000000000', { cookie: admin.cookie, body: { title: 'x' } }), 404).message).toBe('Book not found.');
    expect(errorOf(await call('DELETE', '/api/books/9999999999', { cookie: admin.cookie }), 404).code).toBe('NOT_FOUND');
  });

  it('number a taken slug, keep a slug that still fits after a rename, and pin a slug typed by hand', async () => {
    const title = unique('Same Title');
    const first = await newBook({ title });
    const second = await newBook({ title });
    expect(second.slug).toBe(`${first.slug}-2`);
    const renamed = dataOf(await call('PATCH', `/api/books/${second.id}`, { cookie: admin.cookie, body: { title: `${title}!` } }), SavedSchema);
    expect(renamed.slug).toBe(second.slug);
    const typed = dataOf(await call('PATCH', `/api/books/${second.id}`, { cookie: admin.cookie, body: { slug: 'Mein eigener Slug Ä' } }), SavedSchema);
    expect(typed.slug).toMatch(/^mein-eigener-slug-ae(-\d+)?$/);
    expect(dataOf(await call('GET', `/api/books/${second.id}`, { cookie: admin.cookie }), BookRecordSchema).slugPinned).toBe(true);
  });
});

describe('slug changes (issue 13 point 1: a renamed slug leaves a 301)', () => {
  it.each(['book', 'author', 'series'] as const)('a renamed %s leaves its old slug leading to the new one at once, no build needed (issue 28 point 4)', async (kind) => {
    const saved = kind === 'book' ? await newBook() : kind === 'author' ? await newAuthor() : await newSeries();
    const field = kind === 'book' ? 'title' : 'name';
    const moved = dataOf(await call('PATCH', `/api/${KINDS[kind]}/${saved.id}`, { cookie: admin.cookie, body: { [field]: unique('Completely New Name') } }), SavedSchema);
    expect(moved.slug).not.toBe(saved.slug);
    expect(await lookupEntityPath(await getDb(), KINDS[kind], { id: null, slug: saved.slug })).toEqual({ slug: moved.slug });
    for (const locale of ['en', 'de', 'it']) {
      const answer = await fetch(`${server.url()}/${locale}/${KINDS[kind]}/${saved.slug}`, { redirect: 'manual' });
      expect(answer.status, `${locale}: ${saved.slug}`).toBe(301);
      expect(answer.headers.get('location')).toBe(`/${locale}/${KINDS[kind]}/${moved.slug}`);
    }
  });

  it('taking back an old slug drops its redirect, and no one else can take an old slug', async () => {
    const book = await newBook();
    const moved = dataOf(await call('PATCH', `/api/books/${book.id}`, { cookie: admin.cookie, body: { slug: unique('elsewhere') } }), SavedSchema);
    const other = await newBook();
    const grab = dataOf(await call('PATCH', `/api/books/${other.id}`, { cookie: admin.cookie, body: { slug: book.slug } }), SavedSchema);
    expect(grab.slug).toBe(`${book.slug}-2`);
    const back = dataOf(await call('PATCH', `/api/books/${book.id}`, { cookie: admin.cookie, body: { slug: book.slug } }), SavedSchema);
    expect(back.slug).toBe(book.slug);
    expect(await lookupEntityPath(await getDb(), 'books', { id: null, slug: moved.slug })).toEqual({ slug: book.slug });
    expect(await lookupEntityPath(await getDb(), 'books', { id: null, slug: book.slug })).toBeNull();
  });
});

describe('edits of seeded books and the importer every build runs', () => {
  it('keep a slug the editor chose and a changed publisher: the importer moves neither back', { timeout: 120_000 }, async () => {
    const db = await getDb();
    const dune = dataOf(await call('GET', '/api/books/dune', { cookie: admin.cookie }), BookRecordSchema);
    const chosen = 'dune-editors-choice-test';
    try {
      dataOf(await call('PATCH', `/api/books/${dune.id}`, { cookie: admin.cookie, body: { slug: chosen, publisher: 'Chilton Books (edited)' } }), SavedSchema);
      await importSeedCatalogue(db, loadSeedCatalogue());
      expect(dataOf(await call('GET', `/api/books/${dune.id}`, { cookie: admin.cookie }), BookRecordSchema)).toMatchObject({ slug: chosen, slugPinned: true, publisher: 'Chilton Books (edited)' });
    } finally {
      dataOf(await call('PATCH', `/api/books/${dune.id}`, { cookie: admin.cookie, body: { slug: dune.slug, publisher: dune.publisher } }), SavedSchema);
      await db.execute(sql`DELETE FROM slug_redirects WHERE kind = 'book' AND old_slug = ${chosen}`);
    }
    expect(dataOf(await call('GET', `/api/books/${dune.id}`, { cookie: admin.cookie }), BookRecordSchema)).toMatchObject({ slug: dune.slug, slugPinned: false });
  });
});

describe('deleting', () => {
  it('an author that books still name is refused with a 409 that names them; without books it goes', async () => {
    const author = await newAuthor();
    const title = unique('Blocking Book');
    const book = await create('book', { title, authorIds: [author.id] });
    const error = errorOf(await call('DELETE', `/api/authors/${author.id}`, { cookie: admin.cookie }), 409);
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(`The author cannot be deleted while 1 book still names them: “${title}”.`);
    expect(error.blockedBy).toEqual([{ entity: 'book', id: book.id, slug: book.slug, title }]);
    expect(dataOf(await call('DELETE', `/api/books/${book.id}`, { cookie: admin.cookie }), z.object({ id: z.number() }))).toMatchObject({ id: book.id });
    dataOf(await call('DELETE', `/api/authors/${author.id}`, { cookie: admin.cookie }), z.object({ id: z.number() }));
    expect(errorOf(await call('GET', `/api/authors/${author.id}`, { cookie: admin.cookie }), 404).message).toBe('Author not found.');
  });

  it('a series or genre with books is refused likewise, in the request language', async () => {
    const [series, genre] = [await newSeries(), await newGenre()];
    const title = unique('Series Book');
    await newBook({ title, series: [{ seriesId: series.id, position: 1 }], genreIds: [genre.id] });
    const seriesError = errorOf(await call('DELETE', `/api/series/${series.id}`, { cookie: admin.cookie, lang: 'de' }), 409);
    expect(seriesError.message).toBe(`Die Serie kann nicht gelöscht werden, solange sie noch 1 Buch enthält: “${title}”.`);
    const genreError = errorOf(await call('DELETE', `/api/genres/${genre.id}`, { cookie: admin.cookie, lang: 'it' }), 409);
    expect(genreError.message).toBe(`Il genere non può essere eliminato finché 1 libro vi appartiene: “${title}”.`);
    expect(genreError.blockedBy?.map((b) => b.title)).toEqual([title]);
  });

  it('a genre name is unique regardless of case (409)', async () => {
    const name = unique('Unique Genre');
    await create('genre', { name });
    expect(errorOf(await call('POST', '/api/genres', { cookie: admin.cookie, body: { name: name.toUpperCase() } }), 409).message).toBe('A genre with this name exists already.');
  });
});

describe('history (issue 13 point 8)', () => {
  it('records every write with who, what, before and after, newest first', async () => {
    const author = await create('author', { name: unique('History Author'), gender: 'female', bio: { de: 'Erste Fassung.' } });
    dataOf(await call('PATCH', `/api/authors/${author.id}`, { cookie: admin.cookie, body: { bio: { de: 'Zweite Fassung.', en: 'Second version.' } } }), SavedSchema);
    dataOf(await call('DELETE', `/api/authors/${author.id}`, { cookie: admin.cookie }), z.object({ id: z.number() }));

    const page = dataOf(await call('GET', `/api/admin/history?entity=author&id=${author.id}`, { cookie: admin.cookie }), HistoryPageSchema);
    expect(page.total).toBe(3);
    expect(page.items.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    const [deleted, updated, createdEntry] = page.items;
    for (const entry of page.items) expect(entry.actor).toEqual({ id: admin.id, email: admin.email });
    expect(createdEntry!.before).toBeNull();
    expect(AuthorRecordSchema.parse(createdEntry!.after)).toMatchObject({ id: author.id, gender: 'female', bio: { de: 'Erste Fassung.' } });
    expect(AuthorRecordSchema.parse(updated!.before).bio).toEqual({ de: 'Erste Fassung.' });
    expect(AuthorRecordSchema.parse(updated!.after).bio).toEqual({ de: 'Zweite Fassung.', en: 'Second version.' });
    expect(AuthorRecordSchema.parse(deleted!.before).bio).toEqual({ de: 'Zweite Fassung.', en: 'Second version.' });
    expect(deleted!.after).toBeNull();
  });

  it('writes nothing for a refused write: the change and its record go together', async () => {
    const author = await newAuthor();
    await newBook({ authorIds: [author.id] });
    errorOf(await call('DELETE', `/api/authors/${author.id}`, { cookie: admin.cookie }), 409);
    errorOf(await call('PATCH', `/api/authors/${author.id}`, { cookie: admin.cookie, body: { birthYear: 2000, deathYear: 1990 } }), 400);
    const page = dataOf(await call('GET', `/api/admin/history?entity=author&id=${author.id}`, { cookie: admin.cookie }), HistoryPageSchema);
    expect(page.items.map((e) => e.action)).toEqual(['create']);
  });

  it('refuses an unknown kind of record (400)', async () => {
    expect(errorOf(await call('GET', '/api/admin/history?entity=planet&id=1', { cookie: admin.cookie }), 400).details?.[0]?.key).toBe('validation.editorial.historyEntity');
  });
});

describe('rebuild after every write (issue 13 point 7)', () => {
  it('each write asks the one coalescing queue for a build and answers its status', async () => {
    const before = builds;
    const saved = await newSeries();
    expect(saved.rebuild.mode).toBe('local');
    dataOf(await call('PATCH', `/api/series/${saved.id}`, { cookie: admin.cookie, body: { status: 'completed', kind: 'publisher_series' } }), SavedSchema);
    const status = dataOf(await call('GET', '/api/admin/rebuild', { cookie: admin.cookie }), z.object({ mode: z.string(), liveSince: z.string().nullable() }));
    expect(status.mode).toBe('local');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(builds).toBeGreaterThan(before);
    const record = dataOf(await call('GET', `/api/series/${saved.id}`, { cookie: admin.cookie }), SeriesRecordSchema);
    expect(record).toMatchObject({ status: 'completed', kind: 'publisher_series' });
  });
});

describe('routing beside the search functions', () => {
  it.each(['books', 'authors', 'series', 'genres'])('/api/%s/search still answers the search beside the item route', async (kind) => {
    const search = await call('GET', `/api/${kind}/search?q=a`);
    expect(search.status).toBe(200);
    expect(Array.isArray((search.json as { data: unknown }).data)).toBe(true);
    expect((await call('GET', `/api/${kind}/1`)).status).toBe(401);
  });

  it('a genre reads back as saved', async () => {
    const saved = await create('genre', { name: unique('Solarpunk'), names: { de: 'Solarpunk', it: 'Solarpunk' }, category: 'science_fiction', description: { en: 'Hopeful futures.' }, imageUrl: 'https://images.example/genres/solarpunk.webp' });
    expect(dataOf(await call('GET', `/api/genres/${saved.slug}`, { cookie: admin.cookie }), GenreRecordSchema)).toMatchObject({ category: 'science_fiction', names: { de: 'Solarpunk', it: 'Solarpunk' }, imageUrl: 'https://images.example/genres/solarpunk.webp' });
  });
});
