/**
 * An edition's price and currency (issue 29 point 25; spec §3 Edition formats, §9 "currency EUR") over
 * HTTP against the real database: editors set them through POST /api/books/{id}/editions and PATCH
 * /api/editions/{id}; the editions list, the pop-up's data and the read API return them; bad input is a
 * localized 400 at its field; only super users write. Each test works on a book of its own.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getDb } from '../../../db/client.ts';
import { BookDetailV1Schema } from '../../../src/domain/schemas/api-v1.ts';
import { EditionSchema, EditorEditionSchema } from '../../../src/domain/schemas/edition.ts';
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
  books = await createBooks(Array.from({ length: 8 }, (_, i) => `edition-price-test-${stamp}-${i}`));
});
afterAll(async () => {
  if (books.length) await removeBooks(books);
});

const freshBook = () => books[nextBook++]!;

const create = (bookId: number, body: unknown, options: { cookie?: string; lang?: string } = {}) =>
  call('POST', `/api/books/${bookId}/editions`, { cookie: options.cookie ?? editor.cookie, body, lang: options.lang });
const patch = (id: number, body: unknown, options: { cookie?: string; lang?: string } = {}) =>
  call('PATCH', `/api/editions/${id}`, { cookie: options.cookie ?? editor.cookie, body, lang: options.lang });
const added = async (bookId: number, body: Record<string, unknown>) => dataOf(await create(bookId, { title: 'Ausgabe', ...body }), EditorEditionSchema, 201);
/** The book's editions as a reader (no cookie) reads them. */
const publicList = async (bookId: number) => dataOf(await call('GET', `/api/books/${bookId}/editions`), z.array(EditionSchema));
/** What the database holds, as text: numeric keeps its two decimals. */
async function stored(editionId: number): Promise<{ price: string | null; currency: string | null }> {
  const result = await (await getDb()).execute(sql`SELECT price::text AS price, currency::text AS currency FROM editions WHERE id = ${editionId}`);
  return result.rows[0] as { price: string | null; currency: string | null };
}

describe('setting a price (issue 29 point 25)', () => {
  it('stores a price in euros when no currency is named, and every reader-facing answer returns it', async () => {
    const book = freshBook();
    const edition = await added(book.id, { title: 'Der Wüstenplanet', languageCode: 'de', bindingType: 'paperback', price: 12.5 });
    expect(edition).toMatchObject({ price: 12.5, currency: 'EUR' });
    expect(await stored(edition.id)).toEqual({ price: '12.50', currency: 'EUR' });

    expect((await publicList(book.id))[0]).toMatchObject({ id: edition.id, price: 12.5, currency: 'EUR' });
    const modal = dataOf(await call('GET', `/api/books/${book.id}/modal-data`, { lang: 'de' }), ModalDataSchema);
    expect(modal.book.editions[0]).toMatchObject({ id: edition.id, price: 12.5, currency: 'EUR' });
    const v1 = dataOf(await call('GET', `/api/v1/books/${book.id}?lang=de`), BookDetailV1Schema);
    expect(v1.editions[0]).toMatchObject({ id: edition.id, price: 12.5, currency: 'EUR' });
  });

  it('keeps the currency named, takes 0 as a price, and clears both when an update leaves the price out', async () => {
    const book = freshBook();
    const edition = await added(book.id, { price: 0, currency: 'CHF' });
    expect(edition).toMatchObject({ price: 0, currency: 'CHF' });
    const changed = dataOf(await patch(edition.id, { title: 'Ausgabe', price: 19.99, currency: 'GBP', version: edition.version }), EditorEditionSchema);
    expect(changed).toMatchObject({ price: 19.99, currency: 'GBP' });
    expect(await stored(edition.id)).toEqual({ price: '19.99', currency: 'GBP' });
    const cleared = dataOf(await patch(edition.id, { title: 'Ausgabe' }), EditionSchema);
    expect(cleared).toMatchObject({ price: null, currency: null });
    expect(await stored(edition.id)).toEqual({ price: null, currency: null });
  });

  it('leaves an edition without a price with neither (the seeded editions have none)', async () => {
    const book = freshBook();
    expect(await added(book.id, {})).toMatchObject({ price: null, currency: null });
  });
});

describe('refusing bad input (localized 400s at the field)', () => {
  it('refuses a negative price, more than two decimals, a string, too much, an unknown currency, a currency without a price', async () => {
    const book = freshBook();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ price: -1 }, 'price', 'validation.edition.price'],
      [{ price: 12.345 }, 'price', 'validation.edition.price'],
      [{ price: '12,50' }, 'price', 'validation.edition.price'],
      [{ price: 100_000.01 }, 'price', 'validation.edition.price'],
      [{ price: null }, 'price', 'validation.edition.price'],
      [{ price: 5, currency: 'JPY' }, 'currency', 'validation.edition.currency'],
      [{ price: 5, currency: 'eur' }, 'currency', 'validation.edition.currency'],
      [{ currency: 'EUR' }, 'currency', 'validation.edition.currencyWithoutPrice'],
    ];
    for (const [body, path, key] of cases) {
      const error = errorOf(await create(book.id, { title: 'x', ...body }), 400);
      expect(error.code, JSON.stringify(body)).toBe('VALIDATION');
      expect(error.details?.map((d) => [d.path, d.key]), JSON.stringify(body)).toEqual([[path, key]]);
    }
    expect(await publicList(book.id)).toEqual([]);
  });

  it('says so in German, English and Italian, on create and on update', async () => {
    const book = freshBook();
    const messages = { de: 'Geben Sie einen Preis von 0 bis 100.000 mit höchstens zwei Nachkommastellen ein, z. B. 12,99.', en: 'Enter a price from 0 to 100,000 with at most two decimals, e.g. 12.99.', it: 'Inserisci un prezzo da 0 a 100.000 con al massimo due decimali, ad es. 12,99.' };
    for (const [lang, message] of Object.entries(messages)) {
      expect(errorOf(await create(book.id, { title: 'x', price: -3 }, { lang }), 400).details, lang).toEqual([{ path: 'price', key: 'validation.edition.price', message }]);
    }
    const edition = await added(book.id, { price: 8 });
    const refused = errorOf(await patch(edition.id, { title: 'x', currency: 'USD' }, { lang: 'de' }), 400);
    expect(refused.details).toEqual([{ path: 'currency', key: 'validation.edition.currencyWithoutPrice', message: 'Eine Währung braucht einen Preis.' }]);
    expect(errorOf(await patch(edition.id, { title: 'x', price: 8, currency: 'XXX' }, { lang: 'it' }), 400).details?.[0]?.message).toBe('Scegli una delle valute proposte.');
    expect((await publicList(book.id))[0]).toMatchObject({ price: 8, currency: 'EUR' });
  });

  it('has the database refuse a price without a currency, a currency without a price, and a negative price', async () => {
    const book = freshBook();
    const db = await getDb();
    const insert = (price: string | null, currency: string | null) =>
      db.execute(sql`INSERT INTO editions (book_id, title, price, currency) VALUES (${book.id}, 'x', ${price}::numeric, ${currency}::currency)`);
    await expect(insert('5', null)).rejects.toThrow();
    await expect(insert(null, 'EUR')).rejects.toThrow();
    await expect(insert('-1', 'EUR')).rejects.toThrow();
    await expect(insert('5', 'JPY')).rejects.toThrow();
  });
});

describe('who may set a price (SUPER_USER only, spec §6)', () => {
  it('answers 401 signed out and 403 to normal, power and golden users, and the price stays', async () => {
    const book = freshBook();
    const edition = await added(book.id, { price: 10 });
    for (const role of [null, 'NORMAL_USER', 'POWER_USER', 'GOLDEN_USER'] as const) {
      const cookie = role === null ? '' : (await createReader(server.url(), { role })).cookie;
      expect(errorOf(await patch(edition.id, { title: 'Ausgabe', price: 0.01 }, { cookie }), role === null ? 401 : 403).code).toBe(role === null ? 'UNAUTHENTICATED' : 'FORBIDDEN');
      expect(errorOf(await create(book.id, { title: 'Billig', price: 0.01 }, { cookie }), role === null ? 401 : 403).code).toBe(role === null ? 'UNAUTHENTICATED' : 'FORBIDDEN');
    }
    expect(await publicList(book.id)).toEqual([expect.objectContaining({ id: edition.id, price: 10, currency: 'EUR' })]);
  });
});
