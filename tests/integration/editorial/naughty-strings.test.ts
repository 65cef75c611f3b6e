/**
 * The Big List of Naughty Strings through the admin text fields (issue 13 point 9): every string of
 * the list goes through text fields of a book, an author, a series and a genre and reads back
 * byte-identical; a string with a control character is refused with a 400 instead (issue 10). Book
 * titles take a sample only: each title change rebuilds the title table (migration 0005), half a
 * second a save.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuthorRecordSchema, BookRecordSchema, GenreRecordSchema, SavedSchema, SeriesRecordSchema } from '../../../src/domain/schemas/editorial.ts';
import { removeCreatedBy } from '../../support/editorial.ts';
import { NAUGHTY_STRINGS } from '../../support/fuzz-cases.ts';
import { createReader, dataOf, errorOf, serveForTests, type Reader } from '../../support/readers.ts';

const server = serveForTests();
const call = server.call;
let admin: Reader;

beforeAll(async () => {
  admin = await createReader(server.url(), { role: 'SUPER_USER' });
});
afterAll(async () => {
  await removeCreatedBy(admin.id);
});

/** What text() refuses (src/domain/schemas/text.ts): C0 controls and DEL; tab always allowed, CR and LF in multi-line fields. */
const singleLine = (s: string) => !/[\u0000-\u0008\u000A-\u001F\u007F]/.test(s);
const multiLine = (s: string) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(s);
const notBlank = (s: string) => /\S/u.test(s);

const ACCEPTED = NAUGHTY_STRINGS.filter(multiLine);
const REFUSED = NAUGHTY_STRINGS.filter((s) => !multiLine(s));

interface Field {
  /** Path in the request body and in the record read back. */
  path: string[];
  accepts: (s: string) => boolean;
  /** A localized text drops an empty language. */
  localized?: boolean;
}

/** The limits of the schemas: names and short texts 200 characters, long texts 10,000. */
const fits = (max: number) => (s: string) => s.length <= max;
const localized = (name: string): Field[] => ['en', 'de', 'it'].map((lang) => ({ path: [name, lang], accepts: multiLine, localized: true }));
const required = (name: string): Field => ({ path: [name], accepts: (s) => singleLine(s) && notBlank(s) && fits(200)(s) });

const setPath = (target: Record<string, unknown>, path: string[], value: string) => {
  const [head, ...rest] = path;
  if (!rest.length) target[head!] = value;
  else setPath((target[head!] ??= {}) as Record<string, unknown>, rest, value);
};
const getPath = (source: unknown, path: string[]): unknown => path.reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], source);

/**
 * Sends every accepted string through `fields` of one thing, as few PATCHes as fit: each request
 * fills each field with the next string it accepts. Checks every field reads back as sent.
 */
async function throughFields(kind: string, id: number, fields: Field[], record: z.ZodType): Promise<number> {
  const queue = [...ACCEPTED];
  let requests = 0;
  while (queue.length) {
    const body: Record<string, unknown> = {};
    const sent: [Field, string][] = [];
    for (const field of fields) {
      const at = queue.findIndex(field.accepts);
      if (at < 0) continue;
      const [value] = queue.splice(at, 1);
      setPath(body, field.path, value!);
      sent.push([field, value!]);
    }
    if (!sent.length) throw new Error(`No field of ${kind} takes ${JSON.stringify(queue[0])}`);
    const answer = await call('PATCH', `/api/${kind}/${id}`, { cookie: admin.cookie, body });
    dataOf(answer, SavedSchema);
    const stored = dataOf(await call('GET', `/api/${kind}/${id}`, { cookie: admin.cookie }), record);
    for (const [field, value] of sent) {
      expect(getPath(stored, field.path), `${kind} ${field.path.join('.')} ← ${JSON.stringify(value)}`).toBe(field.localized && value === '' ? undefined : value);
    }
    requests++;
  }
  return requests;
}

const create = async (kind: string, body: unknown) => dataOf(await call('POST', `/api/${kind}`, { cookie: admin.cookie, body }), SavedSchema, 201);

describe('Big List of Naughty Strings through the admin text fields', () => {
  it('the list has a few hundred strings, and some with control characters', () => {
    expect(ACCEPTED.length).toBeGreaterThan(400);
    expect(REFUSED.length).toBeGreaterThan(0);
  });

  it('every string through an author (name, sort name, bio en/de/it), byte-identical', async () => {
    const author = await create('authors', { name: 'Naughty Author' });
    await throughFields('authors', author.id, [required('name'), required('sortName'), ...localized('bio')], AuthorRecordSchema);
  }, 120_000);

  it('every string through a series (name, description en/de/it), byte-identical', async () => {
    const series = await create('series', { name: 'Naughty Series' });
    await throughFields('series', series.id, [required('name'), ...localized('description')], SeriesRecordSchema);
  }, 120_000);

  it('every string through a genre (name, names and description en/de/it), byte-identical', async () => {
    const genre = await create('genres', { name: `Naughty Genre ${Date.now()}` });
    const names: Field[] = ['en', 'de', 'it'].map((lang) => ({ path: ['names', lang], accepts: (s) => singleLine(s) && fits(200)(s), localized: true }));
    await throughFields('genres', genre.id, [required('name'), ...names, ...localized('description')], GenreRecordSchema);
  }, 120_000);

  it('every string through a book (publisher, description en/de/it), and a sample through its title, byte-identical', async () => {
    const author = await create('authors', { name: 'Naughty Book Author' });
    const book = await create('books', { title: 'Naughty Book', authorIds: [author.id] });
    await throughFields('books', book.id, [{ path: ['publisher'], accepts: (s) => singleLine(s) && fits(200)(s) }, ...localized('description')], BookRecordSchema);
    const titles = ACCEPTED.filter((s) => singleLine(s) && notBlank(s) && fits(500)(s)).filter((_s, i) => i % 25 === 0);
    for (const title of titles) {
      const saved = dataOf(await call('PATCH', `/api/books/${book.id}`, { cookie: admin.cookie, body: { title } }), SavedSchema);
      expect(saved.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(dataOf(await call('GET', `/api/books/${book.id}`, { cookie: admin.cookie }), BookRecordSchema).title).toBe(title);
    }
  }, 120_000);

  it('a string with a control character is refused with a 400 naming the field, never stored', async () => {
    const author = await create('authors', { name: 'Naughty Refusals' });
    for (const value of REFUSED) {
      const error = errorOf(await call('PATCH', `/api/authors/${author.id}`, { cookie: admin.cookie, body: { bio: { en: value } } }), 400);
      expect(error.details?.map((d) => [d.path, d.key])).toEqual([['bio.en', 'validation.controlCharacters']]);
    }
    expect(dataOf(await call('GET', `/api/authors/${author.id}`, { cookie: admin.cookie }), AuthorRecordSchema).bio).toEqual({});
  });
});
