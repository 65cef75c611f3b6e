import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getDb } from '../../../db/client.ts';
import { ROLES } from '../../../src/domain/enums.ts';
import { READING_LIST_PAGE_SIZE, ReadingListEntrySchema, ReadingListPageSchema } from '../../../src/domain/schemas/reader.ts';
import { bookIds, createBooks, createReader, dataOf, errorOf, removeBooks, serveForTests } from '../../support/readers.ts';

const server = serveForTests();
const call = server.call;

const list = async (cookie: string, query = '', lang = 'en') => dataOf(await call('GET', `/api/reading-list${query}`, { cookie, lang }), ReadingListPageSchema);
const add = (cookie: string, body: unknown, lang?: string) => call('POST', '/api/reading-list', { cookie, body, lang });

describe('the reading list', () => {
  it('adds with to_read by default (201), sets the status when added again (200), and lists newest first with titles in the request language', async () => {
    const ids = await bookIds(['dune', 'the-left-hand-of-darkness', 'neuromancer']);
    const { cookie } = await createReader(server.url());
    const dune = dataOf(await add(cookie, { bookId: ids.get('dune') }, 'de'), ReadingListEntrySchema, 201);
    expect(dune).toMatchObject({ bookId: ids.get('dune'), status: 'to_read', book: { slug: 'dune', title: 'Der Wüstenplanet', year: 1965 } });
    expect(dune.book.authors).toEqual([expect.objectContaining({ name: 'Frank Herbert' })]);
    dataOf(await add(cookie, { bookId: ids.get('the-left-hand-of-darkness'), status: 'reading' }), ReadingListEntrySchema, 201);
    dataOf(await add(cookie, { bookId: ids.get('neuromancer'), status: 'read' }), ReadingListEntrySchema, 201);
    const again = dataOf(await add(cookie, { bookId: ids.get('dune'), status: 'read' }), ReadingListEntrySchema, 200);
    expect(again).toMatchObject({ status: 'read', addedAt: dune.addedAt });

    const italian = await list(cookie, '', 'it');
    expect(italian.items.map((e) => e.book.title)).toEqual(['Neuromante', 'La mano sinistra delle tenebre', 'Dune']);
    expect(italian).toMatchObject({ total: 3, page: 1, pageSize: READING_LIST_PAGE_SIZE, counts: { to_read: 0, reading: 1, read: 2 } });
    const read = await list(cookie, '?status=read');
    expect(read.items.map((e) => e.book.slug)).toEqual(['neuromancer', 'dune']);
    expect(read).toMatchObject({ total: 2, counts: { to_read: 0, reading: 1, read: 2 } });
    expect((await call('GET', '/api/reading-list', { cookie })).headers.get('cache-control')).toBe('private, no-store');
  });

  it('PATCH changes the status, DELETE removes the entry (204); both 404 for a book not in the list', async () => {
    const ids = await bookIds(['hyperion', 'foundation']);
    const { cookie } = await createReader(server.url());
    dataOf(await add(cookie, { bookId: ids.get('hyperion') }), ReadingListEntrySchema, 201);
    const patched = dataOf(await call('PATCH', `/api/reading-list/${ids.get('hyperion')}`, { cookie, body: { status: 'reading' } }), ReadingListEntrySchema);
    expect(patched).toMatchObject({ bookId: ids.get('hyperion'), status: 'reading', book: { slug: 'hyperion' } });
    expect(Date.parse(patched.updatedAt)).toBeGreaterThanOrEqual(Date.parse(patched.addedAt));

    const notThere = errorOf(await call('PATCH', `/api/reading-list/${ids.get('foundation')}`, { cookie, body: { status: 'read' }, lang: 'de' }), 404);
    expect(notThere).toMatchObject({ code: 'NOT_FOUND', message: 'Dieses Buch steht nicht auf Ihrer Leseliste.' });
    const deleted = await call('DELETE', `/api/reading-list/${ids.get('hyperion')}`, { cookie });
    expect([deleted.status, deleted.json]).toEqual([204, undefined]);
    expect(errorOf(await call('DELETE', `/api/reading-list/${ids.get('hyperion')}`, { cookie, lang: 'it' }), 404).message).toBe('Questo libro non è nella tua lista di lettura.');
    expect((await list(cookie)).total).toBe(0);
  });

  it('records the day a book is set to read, and keeps it through a re-read (issue 29 point 12)', async () => {
    const ids = await bookIds(['hyperion', 'foundation']);
    const reader = await createReader(server.url());
    const readOn = async (slug: string) =>
      ((await (await getDb()).execute(sql`SELECT to_char(read_on, 'YYYY-MM-DD') AS d FROM reading_list WHERE user_id = ${reader.id} AND book_id = ${ids.get(slug)!}`)).rows[0] as { d: string | null }).d;
    const today = new Date().toISOString().slice(0, 10);
    dataOf(await add(reader.cookie, { bookId: ids.get('hyperion') }), ReadingListEntrySchema, 201);
    expect(await readOn('hyperion')).toBeNull();
    dataOf(await call('PATCH', `/api/reading-list/${ids.get('hyperion')}`, { cookie: reader.cookie, body: { status: 'read' } }), ReadingListEntrySchema);
    expect(await readOn('hyperion')).toBe(today);
    // Set to read a year ago; reading it again and back keeps the older day until it is finished again.
    await (await getDb()).execute(sql`UPDATE reading_list SET read_on = '2025-01-02' WHERE user_id = ${reader.id} AND book_id = ${ids.get('hyperion')!}`);
    dataOf(await call('PATCH', `/api/reading-list/${ids.get('hyperion')}`, { cookie: reader.cookie, body: { status: 'read' } }), ReadingListEntrySchema);
    expect(await readOn('hyperion')).toBe('2025-01-02');
    dataOf(await call('PATCH', `/api/reading-list/${ids.get('hyperion')}`, { cookie: reader.cookie, body: { status: 'reading' } }), ReadingListEntrySchema);
    expect(await readOn('hyperion')).toBe('2025-01-02');
    dataOf(await add(reader.cookie, { bookId: ids.get('hyperion'), status: 'read' }), ReadingListEntrySchema, 200);
    expect(await readOn('hyperion')).toBe(today);
    dataOf(await add(reader.cookie, { bookId: ids.get('foundation'), status: 'read' }), ReadingListEntrySchema, 201);
    expect(await readOn('foundation')).toBe(today);
  });

  it('pages a long list newest first with counts over the whole list', async () => {
    const books = await createBooks(Array.from({ length: 30 }, (_, i) => `reading-list-test-${String(i).padStart(2, '0')}`));
    try {
      const { cookie } = await createReader(server.url());
      for (const [i, book] of books.entries()) dataOf(await add(cookie, { bookId: book.id, status: i % 3 === 0 ? 'read' : 'to_read' }), ReadingListEntrySchema, 201);
      const first = await list(cookie);
      const second = await list(cookie, '?page=2');
      expect(first.items).toHaveLength(READING_LIST_PAGE_SIZE);
      expect([...first.items, ...second.items].map((e) => e.bookId)).toEqual(books.map((b) => b.id).reverse());
      expect(first).toMatchObject({ total: 30, counts: { to_read: 20, reading: 0, read: 10 } });
      expect(await list(cookie, '?status=read&page=2')).toMatchObject({ items: [], total: 10, page: 2 });
    } finally {
      await removeBooks(books);
    }
  });
});

describe('bad input is a localized 400, never a 500', () => {
  it.each([
    ['a book id as text', { bookId: '12' }],
    ['a negative book id', { bookId: -1 }],
    ['a fractional book id', { bookId: 1.5 }],
    ['no book id', { status: 'read' }],
    ['an unknown status', { bookId: 1, status: 'finished' }],
    ['an unknown field', { bookId: 1, userId: '00000000-0000-0000-0000-000000000000' }],
  ])('POST with %s', async (_name, body) => {
    const { cookie } = await createReader(server.url());
    const error = errorOf(await add(cookie, body, 'de'), 400);
    expect(error).toMatchObject({ code: 'VALIDATION', message: 'Bitte überprüfen Sie Ihre Eingaben.' });
  });

  it('names the fields in the request language', async () => {
    const { cookie } = await createReader(server.url());
    expect(errorOf(await add(cookie, { bookId: 1, status: 'finished' }, 'de'), 400).details).toEqual([
      { path: 'status', key: 'validation.readingStatus', message: 'Unbekannter Lesestatus: Wählen Sie „Möchte ich lesen“, „Lese ich gerade“ oder „Gelesen“.' },
    ]);
    expect(errorOf(await add(cookie, { bookId: 'x' }, 'it'), 400).details).toEqual([{ path: 'bookId', key: 'validation.id', message: 'ID non valido.' }]);
    expect(errorOf(await call('GET', '/api/reading-list?status=done', { cookie }), 400).details![0]!.key).toBe('validation.readingStatus');
    expect(errorOf(await call('GET', '/api/reading-list?page=-2', { cookie }), 400).details![0]!.key).toBe('validation.page');
    expect(errorOf(await call('PATCH', '/api/reading-list/dune', { cookie, body: { status: 'read' } }), 400).details![0]!.key).toBe('validation.id');
    expect(errorOf(await call('PATCH', '/api/reading-list/1', { cookie, body: {} }), 400).details![0]!.key).toBe('validation.readingStatus');
  });

  it('404s an unknown book, and ids beyond the integer column, in the body and in the path', async () => {
    const { cookie } = await createReader(server.url());
    for (const bookId of [2147483647, 2147483648, 9_999_999_999, Number.MAX_SAFE_INTEGER]) {
      expect(errorOf(await add(cookie, { bookId }, 'de'), 404).message).toBe('Buch nicht gefunden.');
    }
    for (const id of ['2147483648', '9999999999']) {
      expect(errorOf(await call('PATCH', `/api/reading-list/${id}`, { cookie, body: { status: 'read' } }), 404).code).toBe('NOT_FOUND');
      expect(errorOf(await call('DELETE', `/api/reading-list/${id}`, { cookie }), 404).code).toBe('NOT_FOUND');
    }
  });
});

describe('roles and ownership (spec §6)', () => {
  it('answers 401 to anonymous reads and writes of the list', async () => {
    expect(errorOf(await call('GET', '/api/reading-list'), 401).code).toBe('UNAUTHENTICATED');
    expect(errorOf(await call('POST', '/api/reading-list', { body: { bookId: 1 } }), 401).code).toBe('UNAUTHENTICATED');
    expect(errorOf(await call('PATCH', '/api/reading-list/1', { body: { status: 'read' } }), 401).code).toBe('UNAUTHENTICATED');
    expect(errorOf(await call('DELETE', '/api/reading-list/1'), 401).code).toBe('UNAUTHENTICATED');
  });

  it.each(ROLES)('lets a %s keep their own list', async (role) => {
    const [book] = [...(await bookIds(['dune'])).values()];
    const { cookie } = await createReader(server.url(), { role });
    dataOf(await add(cookie, { bookId: book }), ReadingListEntrySchema, 201);
    dataOf(await call('PATCH', `/api/reading-list/${book}`, { cookie, body: { status: 'reading' } }), ReadingListEntrySchema);
    expect((await list(cookie)).items.map((e) => [e.bookId, e.status])).toEqual([[book, 'reading']]);
    expect((await call('DELETE', `/api/reading-list/${book}`, { cookie })).status).toBe(204);
  });

  it("A cannot see, change or remove B's entries: A's calls only ever reach A's own list", async () => {
    const ids = await bookIds(['dune', 'hyperion']);
    const [a, b] = [await createReader(server.url()), await createReader(server.url())];
    dataOf(await add(b.cookie, { bookId: ids.get('dune'), status: 'reading' }), ReadingListEntrySchema, 201);
    expect((await list(a.cookie)).items).toEqual([]);
    expect((await call('PATCH', `/api/reading-list/${ids.get('dune')}`, { cookie: a.cookie, body: { status: 'read' } })).status).toBe(404);
    expect((await call('DELETE', `/api/reading-list/${ids.get('dune')}`, { cookie: a.cookie })).status).toBe(404);
    // No field can name another reader.
    expect(errorOf(await add(a.cookie, { bookId: ids.get('hyperion'), userId: b.id }), 400).details![0]!.key).toBe('validation.unrecognizedKeys');
    // A adding the same book makes A's own entry; B's stays as it was.
    dataOf(await add(a.cookie, { bookId: ids.get('dune'), status: 'read' }), ReadingListEntrySchema, 201);
    expect((await list(b.cookie)).items.map((e) => [e.book.slug, e.status])).toEqual([['dune', 'reading']]);
    expect((await list(a.cookie)).items.map((e) => [e.book.slug, e.status])).toEqual([['dune', 'read']]);
  });
});

describe('the page schema', () => {
  it('is what ReadingListPageSchema says, also for an empty list', async () => {
    const { cookie } = await createReader(server.url());
    const page = await list(cookie);
    expect(page).toEqual({ items: [], total: 0, page: 1, pageSize: READING_LIST_PAGE_SIZE, counts: { to_read: 0, reading: 0, read: 0 } });
    expect(z.strictObject(ReadingListPageSchema.shape).safeParse(page).success).toBe(true);
  });
});
