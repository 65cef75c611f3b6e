/**
 * The editions manager's endpoints (issue 13 point 2; spec §4, §5, §7, §8) over HTTP against the real
 * database: POST /api/books/{id}/editions, PATCH and DELETE /api/editions/{id}. Each test works on
 * books of its own (no editions at first), so the seeded catalogue stays as it is.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getDb } from '../../../db/client.ts';
import { installRebuilder } from '../../../netlify/functions/_shared/rebuild.ts';
import type { RebuildQueue } from '../../../src/domain/runtime/rebuild-queue.ts';
import { EditionSchema, maxEditionYear, type Edition } from '../../../src/domain/schemas/edition.ts';
import { HistoryPageSchema } from '../../../src/domain/schemas/editorial.ts';
import { ModalDataSchema } from '../../../src/domain/schemas/reader.ts';
import { createBooks, createReader, dataOf, errorOf, removeBooks, serveForTests, type Reader, type TestBook } from '../../support/readers.ts';

const server = serveForTests();
const call = server.call;

let editor: Reader;
let books: TestBook[] = [];
let nextBook = 0;
const stamp = `${Date.now()}-${process.pid}`;

beforeAll(async () => {
  editor = await createReader(server.url(), { role: 'SUPER_USER' });
  books = await createBooks(Array.from({ length: 24 }, (_, i) => `editions-test-${stamp}-${i}`));
});
afterAll(async () => {
  if (books.length) await removeBooks(books);
});

/** A test book of its own, without editions. */
const freshBook = () => books[nextBook++]!;

const create = (bookId: number | string, body: unknown, options: { cookie?: string; lang?: string } = {}) =>
  call('POST', `/api/books/${bookId}/editions`, { cookie: options.cookie ?? editor.cookie, body, lang: options.lang });
const patch = (id: number, body: unknown, options: { cookie?: string; lang?: string } = {}) =>
  call('PATCH', `/api/editions/${id}`, { cookie: options.cookie ?? editor.cookie, body, lang: options.lang });
const remove = (id: number, options: { cookie?: string; lang?: string } = {}) => call('DELETE', `/api/editions/${id}`, { cookie: options.cookie ?? editor.cookie, lang: options.lang });
const list = async (bookId: number) => dataOf(await call('GET', `/api/books/${bookId}/editions`, { cookie: editor.cookie }), z.array(EditionSchema));
const added = async (bookId: number, body: Record<string, unknown>) => dataOf(await create(bookId, { title: 'Edition', ...body }), EditionSchema, 201);

/** The primary flags of a book's editions straight from the database, by title. */
async function primaries(bookId: number): Promise<string[]> {
  const result = await (await getDb()).execute(sql`SELECT title FROM editions WHERE book_id = ${bookId} AND is_primary_edition ORDER BY title`);
  return (result.rows as { title: string }[]).map((r) => r.title);
}

describe('who may write editions (SUPER_USER only, spec §6)', () => {
  it('answers 401 signed out and 403 to normal, power and golden users, for every write', async () => {
    const book = freshBook();
    const edition = await added(book.id, { title: 'Ausgabe' });
    for (const role of [null, 'NORMAL_USER', 'POWER_USER', 'GOLDEN_USER'] as const) {
      const cookie = role === null ? '' : (await createReader(server.url(), { role })).cookie;
      const status = role === null ? 401 : 403;
      expect(errorOf(await create(book.id, { title: 'Nein' }, { cookie }), status).code).toBe(role === null ? 'UNAUTHENTICATED' : 'FORBIDDEN');
      expect(errorOf(await patch(edition.id, { title: 'Nein' }, { cookie }), status).code).toBe(role === null ? 'UNAUTHENTICATED' : 'FORBIDDEN');
      expect(errorOf(await patch(edition.id, { isPrimaryEdition: true }, { cookie }), status).code).toBe(role === null ? 'UNAUTHENTICATED' : 'FORBIDDEN');
      expect(errorOf(await remove(edition.id, { cookie }), status).code).toBe(role === null ? 'UNAUTHENTICATED' : 'FORBIDDEN');
    }
    expect((await list(book.id)).map((e) => e.title)).toEqual(['Ausgabe']);
  });

  it('lets a super user add (201), change (200) and delete (204)', async () => {
    const book = freshBook();
    await added(book.id, { title: 'Erste' });
    const second = await added(book.id, { title: 'Zweite' });
    expect(dataOf(await patch(second.id, { title: 'Zweite, überarbeitet' }), EditionSchema)).toMatchObject({ id: second.id, title: 'Zweite, überarbeitet' });
    const deleted = await remove(second.id);
    expect(deleted.status).toBe(204);
    expect(deleted.json).toBeUndefined();
    expect((await list(book.id)).map((e) => e.title)).toEqual(['Erste']);
  });

  it('refuses JSON in another type (415) and a foreign Origin (403)', async () => {
    const book = freshBook();
    expect(errorOf(await call('POST', `/api/books/${book.id}/editions`, { cookie: editor.cookie, raw: 'title=x', contentType: 'application/x-www-form-urlencoded' }), 415).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const res = await fetch(`${server.url()}/api/books/${book.id}/editions`, {
      method: 'POST',
      headers: { cookie: editor.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x' }),
    });
    expect(res.status).toBe(403);
    expect(await list(book.id)).toEqual([]);
  });
});

describe('POST /api/books/{id}/editions (spec §5, §7)', () => {
  it('stores every field, by book id or slug, with the defaults of what is left out', async () => {
    const book = freshBook();
    const slug = `editions-test-${stamp}-${nextBook - 1}`;
    const full = dataOf(
      await create(slug, {
        title: 'Der Wüstenplanet',
        description: 'Die erste deutsche Ausgabe.\nMit Karte.',
        coverImage: 'https://example.org/cover.jpg',
        publicationYear: 1967,
        pages: 512,
        isbn: '3-453-30092-7',
        asin: 'B00ABC',
        publisher: 'Heyne',
        isPrimaryEdition: true,
        editionType: 'international',
        formatType: 'physical',
        bindingType: 'broschiert',
        languageCode: 'de',
        languageName: 'Deutsch',
        translator: 'Ronald M. Hahn',
        isOriginalLanguage: false,
      }),
      EditionSchema,
      201,
    );
    expect(full).toEqual({
      id: expect.any(Number),
      bookId: book.id,
      title: 'Der Wüstenplanet',
      description: 'Die erste deutsche Ausgabe.\nMit Karte.',
      coverImage: 'https://example.org/cover.jpg',
      publicationYear: 1967,
      pages: 512,
      isbn: '3-453-30092-7',
      asin: 'B00ABC',
      publisher: 'Heyne',
      isPrimaryEdition: true,
      editionType: 'international',
      formatType: 'physical',
      bindingType: 'broschiert',
      languageCode: 'de',
      languageName: 'Deutsch',
      translator: 'Ronald M. Hahn',
      isOriginalLanguage: false,
      price: null,
      currency: null,
    });
    const minimal = await added(book.id, { title: 'Dune', languageCode: 'en' });
    expect(minimal).toMatchObject({
      bookId: book.id,
      description: null,
      coverImage: null,
      publicationYear: null,
      pages: null,
      isPrimaryEdition: false,
      editionType: 'original',
      formatType: 'physical',
      bindingType: null,
      languageCode: 'en',
      languageName: 'English',
      isOriginalLanguage: true,
    });
    expect((await list(book.id)).map((e) => e.id)).toEqual([full.id, minimal.id]);
  });

  it("makes a book's first edition its primary one", async () => {
    const book = freshBook();
    expect(await added(book.id, { title: 'Erste', isPrimaryEdition: false })).toMatchObject({ isPrimaryEdition: true });
    expect(await added(book.id, { title: 'Zweite' })).toMatchObject({ isPrimaryEdition: false });
  });

  it('answers 404 for an unknown book, 400 for a malformed reference', async () => {
    expect(errorOf(await create('no-such-book-anywhere', { title: 'x' }, { lang: 'de' }), 404).message).toBe('Buch nicht gefunden.');
    expect(errorOf(await create(2_147_483_648, { title: 'x' }), 404).code).toBe('NOT_FOUND');
    expect(errorOf(await create('Kein Slug!', { title: 'x' }), 400).code).toBe('VALIDATION');
  });
});

describe('validation (spec §5): localized 400s naming the field', () => {
  const maxYear = maxEditionYear(new Date());

  it("says the spec's messages in German, and in English and Italian", async () => {
    const book = freshBook();
    const error = errorOf(await create(book.id, { title: '  ', publicationYear: 1799, pages: 0, languageCode: 'd', languageName: '', coverImage: 'kein Link' }, { lang: 'de' }), 400);
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toBe('Bitte überprüfen Sie Ihre Eingaben.');
    const byField = Object.fromEntries((error.details ?? []).map((d) => [d.path, d.message]));
    expect(byField).toEqual({
      title: 'Titel ist erforderlich',
      publicationYear: `Publikationsjahr muss zwischen 1800 und ${maxYear} liegen`,
      pages: 'Seitenzahl muss mindestens 1 sein',
      languageCode: 'Sprachcode erforderlich',
      languageName: 'Sprachname erforderlich',
      coverImage: 'Geben Sie eine Webadresse (http oder https) ein oder lassen Sie das Feld leer.',
    });
    const english = errorOf(await create(book.id, { title: 'x', publicationYear: maxYear + 1 }, { lang: 'en' }), 400);
    expect(english.details).toEqual([{ path: 'publicationYear', key: 'validation.edition.year', message: `Publication year must be between 1800 and ${maxYear}` }]);
    const italian = errorOf(await create(book.id, { title: '' }, { lang: 'it' }), 400);
    expect(italian.details?.[0]?.message).toBe('Il titolo è obbligatorio');
    expect(await list(book.id)).toEqual([]);
  });

  it('takes year and pages as integers only, and refuses unknown fields, enumerations and control characters', async () => {
    const book = freshBook();
    for (const body of [
      { title: 'x', publicationYear: '1967' },
      { title: 'x', publicationYear: 1967.5 },
      { title: 'x', pages: 12.5 },
      { title: 'x', pages: 1e9 },
      { title: 'x', editionType: 'pirated' },
      { title: 'x', bindingType: 'leather' },
      { title: 'x', formatType: 'scroll' },
      { title: 'x', coverImage: 'javascript:alert(1)' },
      { title: 'x\u0000' },
      { title: 'x', isOriginalLanguage: 'yes' },
      { title: 'x', unknown: 1 },
      [],
      'Dune',
    ]) {
      expect(errorOf(await create(book.id, body), 400).code, JSON.stringify(body)).toBe('VALIDATION');
    }
    expect(errorOf(await call('POST', `/api/books/${book.id}/editions`, { cookie: editor.cookie, raw: '{"title":' }), 400).code).toBe('VALIDATION');
    expect(await list(book.id)).toEqual([]);
  });

  // Issue 29 point 26: a non-number year showed a literal '{max}'; a one-letter code its message twice.
  it('fills in the latest year for a year that is not a number, and names a too-short language code once', async () => {
    const book = freshBook();
    for (const lang of ['en', 'de', 'it']) {
      const error = errorOf(await create(book.id, { title: 'x', publicationYear: 'neunzehnhundert', languageCode: 'd' }, { lang }), 400);
      expect(error.details?.map((d) => d.path)).toEqual(['publicationYear', 'languageCode']);
      const year = error.details![0]!.message;
      expect(year, lang).toContain(String(maxYear));
      expect(year, lang).not.toContain('{');
    }
    expect(await list(book.id)).toEqual([]);
  });

  it('needs a language name for a code outside the 12 choices', async () => {
    const book = freshBook();
    const error = errorOf(await create(book.id, { title: 'Dyyni', languageCode: 'fi' }, { lang: 'de' }), 400);
    expect(error.details).toEqual([{ path: 'languageName', key: 'validation.edition.languageName', message: 'Sprachname erforderlich' }]);
    expect(await added(book.id, { title: 'Dyyni', languageCode: 'fi', languageName: 'Suomi' })).toMatchObject({ languageCode: 'fi', languageName: 'Suomi' });
  });
});

describe("'original' only once per book (spec §4)", () => {
  it("defaults to 'revised' next to an original and refuses a second original with a 409, on create and on update", async () => {
    const book = freshBook();
    const original = await added(book.id, { title: 'Original', editionType: 'original' });
    const next = await added(book.id, { title: 'Nächste' });
    expect(next.editionType).toBe('revised');
    const refused = errorOf(await create(book.id, { title: 'Zweites Original', editionType: 'original' }, { lang: 'de' }), 409);
    expect(refused).toMatchObject({ code: 'CONFLICT', message: 'Dieses Buch hat bereits eine Originalausgabe. Wählen Sie einen anderen Editionstyp.' });
    expect(refused.details).toEqual([{ path: 'editionType', key: 'validation.edition.originalExists', message: 'Dieses Buch hat bereits eine Originalausgabe.' }]);
    expect(errorOf(await patch(next.id, { title: 'Nächste', editionType: 'original' }), 409).code).toBe('CONFLICT');
    // The original itself may be saved as the original.
    expect(dataOf(await patch(original.id, { title: 'Original, korrigiert', editionType: 'original' }), EditionSchema).editionType).toBe('original');
    // Once it is no longer the original, another edition may become it.
    dataOf(await patch(original.id, { title: 'Original, korrigiert', editionType: 'anniversary' }), EditionSchema);
    expect(dataOf(await patch(next.id, { title: 'Nächste', editionType: 'original' }), EditionSchema).editionType).toBe('original');
  });
});

describe('the primary edition (spec §4, §7, §8)', () => {
  it('promotes with only {isPrimaryEdition: true}, demoting the old primary in the same transaction', async () => {
    const book = freshBook();
    const first = await added(book.id, { title: 'Erste' });
    const second = await added(book.id, { title: 'Zweite', publisher: 'Heyne' });
    const promoted = dataOf(await patch(second.id, { isPrimaryEdition: true }), EditionSchema);
    // Only the flag changed: the other fields stay as they were.
    expect(promoted).toEqual({ ...second, isPrimaryEdition: true });
    expect(await primaries(book.id)).toEqual(['Zweite']);
    expect((await list(book.id)).map((e) => [e.title, e.isPrimaryEdition])).toEqual([
      ['Zweite', true],
      ['Erste', false],
    ]);
    // Promoting the primary again changes nothing.
    expect(dataOf(await patch(second.id, { isPrimaryEdition: true }), EditionSchema).isPrimaryEdition).toBe(true);
    expect(await primaries(book.id)).toEqual(['Zweite']);
    expect(first.isPrimaryEdition).toBe(true);
  });

  // Two at once: each edition write recomputes the catalogue's title table (migration 0005, about a
  // second on a busy machine), and a longer queue behind the book's lock would meet the request's
  // database time limit (a 503 by design, db/client.ts).
  it('keeps exactly one primary when promotions race', async () => {
    const book = freshBook();
    const editions: Edition[] = [];
    for (const title of ['A', 'B', 'C']) editions.push(await added(book.id, { title }));
    const answers = await Promise.all(editions.slice(1).map((e) => patch(e.id, { isPrimaryEdition: true })));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await primaries(book.id)).toHaveLength(1);
  });

  it('promotes through a full update too, and adds a new edition as the primary when asked', async () => {
    const book = freshBook();
    await added(book.id, { title: 'Erste' });
    const second = await added(book.id, { title: 'Zweite' });
    dataOf(await patch(second.id, { title: 'Zweite', isPrimaryEdition: true }), EditionSchema);
    expect(await primaries(book.id)).toEqual(['Zweite']);
    await added(book.id, { title: 'Dritte', isPrimaryEdition: true });
    expect(await primaries(book.id)).toEqual(['Dritte']);
  });

  it("refuses to delete the primary with the spec's text (409), in every language, and keeps it", async () => {
    const book = freshBook();
    const primary = await added(book.id, { title: 'Haupt' });
    const refused = errorOf(await remove(primary.id, { lang: 'de' }), 409);
    expect(refused).toMatchObject({ code: 'CONFLICT', message: 'Die Hauptedition kann nicht gelöscht werden. Nur zusätzliche Editionen können entfernt werden.' });
    expect(errorOf(await remove(primary.id, { lang: 'en' }), 409).message).toBe('The main edition cannot be deleted. Only additional editions can be removed.');
    expect(errorOf(await remove(primary.id, { lang: 'it' }), 409).message).toBe("L'edizione principale non può essere eliminata. Puoi rimuovere solo le edizioni aggiuntive.");
    expect((await list(book.id)).map((e) => e.id)).toEqual([primary.id]);
  });

  it('refuses to unmark the primary (it is replaced by promoting another)', async () => {
    const book = freshBook();
    const primary = await added(book.id, { title: 'Haupt' });
    expect(errorOf(await patch(primary.id, { title: 'Haupt', isPrimaryEdition: false }, { lang: 'de' }), 409).code).toBe('CONFLICT');
    // Left out, the flag stays as it is.
    expect(dataOf(await patch(primary.id, { title: 'Haupt, neu' }), EditionSchema)).toMatchObject({ title: 'Haupt, neu', isPrimaryEdition: true });
  });
});

describe('PATCH /api/editions/{id} replaces the fields (spec §5: empty values are left out)', () => {
  it('clears what the update leaves out', async () => {
    const book = freshBook();
    const edition = await added(book.id, { title: 'Voll', publisher: 'Heyne', isbn: '123', pages: 300, publicationYear: 1980, bindingType: 'hardcover', translator: 'T' });
    const updated = dataOf(await patch(edition.id, { title: 'Leer', languageCode: 'it' }), EditionSchema);
    expect(updated).toMatchObject({ title: 'Leer', publisher: null, isbn: null, pages: null, publicationYear: null, bindingType: null, translator: null, languageCode: 'it', languageName: 'Italiano' });
  });

  it('answers 404 for an unknown edition and 400 for a malformed id', async () => {
    expect(errorOf(await patch(2_147_483_647, { title: 'x' }, { lang: 'de' }), 404).message).toBe('Edition nicht gefunden.');
    expect(errorOf(await patch(2_147_483_647, { isPrimaryEdition: true }), 404).code).toBe('NOT_FOUND');
    expect(errorOf(await remove(2_147_483_647), 404).code).toBe('NOT_FOUND');
    expect(errorOf(await call('PATCH', '/api/editions/abc', { cookie: editor.cookie, body: { title: 'x' } }), 400).code).toBe('VALIDATION');
    expect(errorOf(await call('DELETE', '/api/editions/0', { cookie: editor.cookie }), 400).code).toBe('VALIDATION');
  });

  it('validates an update as a create', async () => {
    const book = freshBook();
    const edition = await added(book.id, { title: 'Gut' });
    const error = errorOf(await patch(edition.id, { title: '', pages: 0 }, { lang: 'de' }), 400);
    expect(error.details?.map((d) => d.message)).toEqual(['Titel ist erforderlich', 'Seitenzahl muss mindestens 1 sein']);
    // Not the promote shape: {isPrimaryEdition: false} alone is an update without a title.
    expect(errorOf(await patch(edition.id, { isPrimaryEdition: false }), 400).details?.[0]?.path).toBe('title');
  });
});

describe('static rebuilds (book pages show the editions)', () => {
  it('each accepted write asks for one; a refused one does not', async () => {
    let requests = 0;
    const status: ReturnType<RebuildQueue['status']> = { mode: 'local', state: 'idle', queued: false, startedAt: null, finishedAt: null, liveSince: null, error: null };
    // The functions run in this process (startLocalServer): they ask this queue, as they ask npm start's builder.
    installRebuilder({ request: () => (requests++, status), status: () => status, idle: async () => undefined });
    try {
      const book = freshBook();
      const first = await added(book.id, { title: 'Erste' });
      const second = await added(book.id, { title: 'Zweite' });
      expect(requests).toBe(2);
      dataOf(await patch(second.id, { title: 'Zweite, neu' }), EditionSchema);
      dataOf(await patch(second.id, { isPrimaryEdition: true }), EditionSchema);
      expect((await remove(first.id)).status).toBe(204);
      expect(requests).toBe(5);
      errorOf(await remove(second.id), 409);
      errorOf(await create(book.id, { title: '' }), 400);
      errorOf(await patch(second.id, { title: 'x' }, { cookie: '' }), 401);
      expect(requests).toBe(5);
    } finally {
      installRebuilder(undefined);
    }
  });
});

describe('what readers see', () => {
  it('the pop-up of a super user shows a change at once; GET editions is live for super users', async () => {
    const book = freshBook();
    const first = await added(book.id, { title: 'Erste' });
    const modal = async () => dataOf(await call('GET', `/api/books/${book.id}/modal-data`, { cookie: editor.cookie }), ModalDataSchema);
    expect((await modal()).book.editions.map((e) => e.title)).toEqual(['Erste']);
    const second = await added(book.id, { title: 'Zweite' });
    expect((await modal()).book.editions.map((e) => e.title)).toEqual(['Erste', 'Zweite']);
    dataOf(await patch(second.id, { isPrimaryEdition: true }), EditionSchema);
    expect((await modal()).book.editions.map((e) => [e.title, e.isPrimaryEdition])).toEqual([
      ['Zweite', true],
      ['Erste', false],
    ]);
    expect((await list(book.id)).map((e) => e.id)).toEqual([second.id, first.id]);
  });
});

describe('the admin history of edition writes (issue 13 point 8)', () => {
  it('records who added, changed, promoted and deleted an edition, with before and after', async () => {
    const book = freshBook();
    const first = await added(book.id, { title: 'Erste' });
    const second = await added(book.id, { title: 'Zweite' });
    dataOf(await patch(second.id, { title: 'Zweite, neu' }), EditionSchema);
    dataOf(await patch(second.id, { isPrimaryEdition: true }), EditionSchema);
    expect((await remove(first.id)).status).toBe(204);

    const history = async (id: number) => dataOf(await call('GET', `/api/admin/history?entity=edition&id=${id}`, { cookie: editor.cookie }), HistoryPageSchema);
    const ofSecond = await history(second.id);
    expect(ofSecond.items.map((h) => h.action)).toEqual(['update', 'update', 'create']);
    expect(ofSecond.items.every((h) => h.actor.id === editor.id)).toBe(true);
    expect(ofSecond.items[0]).toMatchObject({ before: { isPrimaryEdition: false }, after: { isPrimaryEdition: true } });
    expect(ofSecond.items[1]).toMatchObject({ before: { title: 'Zweite' }, after: { title: 'Zweite, neu' } });
    expect(ofSecond.items[2]).toMatchObject({ before: null, after: { title: 'Zweite', bookId: book.id } });
    // The old primary: its demotion by the promotion, then its deletion.
    const ofFirst = await history(first.id);
    expect(ofFirst.items.map((h) => h.action)).toEqual(['delete', 'update', 'create']);
    expect(ofFirst.items[0]).toMatchObject({ before: { title: 'Erste', isPrimaryEdition: false }, after: null });
    expect(ofFirst.items[1]).toMatchObject({ before: { isPrimaryEdition: true }, after: { isPrimaryEdition: false } });
  });

  it('records nothing for a refused write', async () => {
    const book = freshBook();
    const primary = await added(book.id, { title: 'Haupt' });
    expect((await remove(primary.id)).status).toBe(409);
    const history = dataOf(await call('GET', `/api/admin/history?entity=edition&id=${primary.id}`, { cookie: editor.cookie }), HistoryPageSchema);
    expect(history.items.map((h) => h.action)).toEqual(['create']);
  });
});
