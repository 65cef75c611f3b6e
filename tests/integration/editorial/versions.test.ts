/**
 * Versions of edited records and read-your-writes (issue 27 points 4 and 5; ADR 0030), over HTTP
 * against the local server and the test database: two editors saving the same version (one wins, the
 * other gets 409 with the stored record), a stale form, the If-Match header, a PATCH of one language,
 * editions, awards and affiliate services, and the writing instance answering its writer's next read
 * with the write at once while the version check runs at its production interval.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getDb } from '../../../db/client.ts';
import { installRebuilder } from '../../../netlify/functions/_shared/rebuild.ts';
import { createRebuildQueue } from '../../../src/domain/runtime/rebuild-queue.ts';
import { AdminAffiliateServiceSchema } from '../../../src/domain/schemas/affiliate.ts';
import { AdminAwardSchema, AwardEntriesSchema } from '../../../src/domain/schemas/awards-admin.ts';
import { EditionSchema, EditorEditionSchema } from '../../../src/domain/schemas/edition.ts';
import { AuthorRecordSchema, BookRecordSchema, SavedSchema } from '../../../src/domain/schemas/editorial.ts';
import { removeCreatedBy } from '../../support/editorial.ts';
import { createReader, dataOf, errorOf, serveForTests, type Answer, type Reader } from '../../support/readers.ts';

const server = serveForTests();
const call = server.call;
let admin: Reader;
let other: Reader;

beforeAll(async () => {
  admin = await createReader(server.url(), { role: 'SUPER_USER' });
  other = await createReader(server.url(), { role: 'SUPER_USER' });
  installRebuilder(createRebuildQueue('local', async () => undefined, () => new Date()));
});

afterAll(async () => {
  installRebuilder(undefined);
  await removeCreatedBy(admin.id);
});

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${Date.now()}-${++sequence}`;

async function newBook(): Promise<number> {
  const author = dataOf(await call('POST', '/api/authors', { cookie: admin.cookie, body: { name: unique('Version Author') } }), SavedSchema, 201);
  return dataOf(await call('POST', '/api/books', { cookie: admin.cookie, body: { title: unique('Version Book'), authorIds: [author.id] } }), SavedSchema, 201).id;
}

const readBook = async (id: number) => {
  const answer = await call('GET', `/api/books/${id}`, { cookie: admin.cookie });
  return { book: dataOf(answer, BookRecordSchema), etag: answer.headers.get('etag') };
};

/** The stored record a 409 names, parsed with the record's schema. */
const currentOf = <T extends z.ZodType>(answer: Answer, schema: T): z.infer<T> => {
  const error = errorOf(answer, 409);
  expect(error.code).toBe('CONFLICT');
  return schema.parse(error.current);
};

async function historyCount(entity: string, id: number): Promise<number> {
  const { rows } = await (await getDb()).execute(sql`SELECT count(*)::int AS n FROM admin_history WHERE entity_type = ${entity}::history_entity_type AND entity_id = ${String(id)} AND action = 'update'`);
  return (rows[0] as { n: number }).n;
}

describe('a version on every edited record (issue 27 point 4)', () => {
  it('answers the record with its version and the same version as a strong ETag', async () => {
    const { book, etag } = await readBook(await newBook());
    expect(book.version).toBe(1);
    expect(etag).toBe('"v1"');
  });

  it('lets exactly one of two editors saving the same version win; the other gets 409 with the stored record', async () => {
    const id = await newBook();
    const { book } = await readBook(id);
    const titles = [unique('Erster'), unique('Zweiter')];
    const answers = await Promise.all([
      call('PATCH', `/api/books/${id}`, { cookie: admin.cookie, body: { title: titles[0], version: book.version } }),
      call('PATCH', `/api/books/${id}`, { cookie: other.cookie, body: { title: titles[1], version: book.version } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.status === 200);
    const saved = dataOf(answers[winner]!, SavedSchema);
    expect(saved.version).toBe(book.version + 1);
    expect(answers[winner]!.headers.get('etag')).toBe(`"v${book.version + 1}"`);
    const loser = answers[1 - winner]!;
    const current = currentOf(loser, BookRecordSchema);
    expect(current).toMatchObject({ id, version: book.version + 1, title: titles[winner] });
    expect(loser.headers.get('etag')).toBe(`"v${book.version + 1}"`);
    expect(errorOf(loser, 409).message).toMatch(/someone else changed/i);
    // The refused save left nothing: one update in the history, the winner's title stored.
    expect(await historyCount('book', id)).toBe(1);
    expect((await readBook(id)).book.title).toBe(titles[winner]);
  });

  it('refuses a save from a stale form, and takes it again based on the stored version (overwrite)', async () => {
    const id = await newBook();
    const { book: loaded } = await readBook(id);
    dataOf(await call('PATCH', `/api/books/${id}`, { cookie: other.cookie, body: { publisher: 'Heyne', version: loaded.version } }), SavedSchema);
    const stale = await call('PATCH', `/api/books/${id}`, { cookie: admin.cookie, body: { pages: 412, version: loaded.version } });
    const current = currentOf(stale, BookRecordSchema);
    expect(current).toMatchObject({ publisher: 'Heyne', pages: null, version: loaded.version + 1 });
    // "Overwrite with mine": the same change based on the version the 409 named.
    dataOf(await call('PATCH', `/api/books/${id}`, { cookie: admin.cookie, body: { pages: 412, version: current.version } }), SavedSchema);
    expect((await readBook(id)).book).toMatchObject({ publisher: 'Heyne', pages: 412, version: loaded.version + 2 });
  });

  it('reads the version from If-Match too: a stale or foreign tag is 409, * and the current tag pass', async () => {
    const id = await newBook();
    const { etag } = await readBook(id);
    const patch = (headers: Record<string, string>, body: Record<string, unknown> = { pages: 100 + ++sequence }) => call('PATCH', `/api/books/${id}`, { cookie: admin.cookie, headers, body });
    const first = await patch({ 'if-match': etag! });
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe('"v2"');
    expect(currentOf(await patch({ 'if-match': etag! }), BookRecordSchema).version).toBe(2);
    expect(errorOf(await patch({ 'if-match': '"something-else"' }), 409).code).toBe('CONFLICT');
    expect(errorOf(await patch({ 'if-match': 'W/"v2"' }), 409).code).toBe('CONFLICT');
    // Header and body must agree.
    expect(errorOf(await patch({ 'if-match': '"v2"' }, { pages: 5, version: 1 }), 409).code).toBe('CONFLICT');
    expect((await patch({ 'if-match': '"v1", "v2"' })).status).toBe(200);
    expect((await patch({ 'if-match': '*' })).status).toBe(200);
    // A delete based on an old version is refused too, and the record stays.
    expect(currentOf(await call('DELETE', `/api/books/${id}`, { cookie: admin.cookie, headers: { 'if-match': '"v2"' } }), BookRecordSchema).version).toBe(4);
    expect((await call('DELETE', `/api/books/${id}`, { cookie: admin.cookie, headers: { 'if-match': '"v4"' } })).status).toBe(200);
  });

  it('still takes a write that names no version (API clients written before versions)', async () => {
    const id = await newBook();
    expect(dataOf(await call('PATCH', `/api/books/${id}`, { cookie: admin.cookie, body: { pages: 9 } }), SavedSchema).version).toBe(2);
  });

  it('refuses a body version that is not a whole number from 1, and a version alone as nothing to change', async () => {
    const id = await newBook();
    expect(errorOf(await call('PATCH', `/api/books/${id}`, { cookie: admin.cookie, body: { pages: 9, version: 0 } }), 400).details?.map((d) => d.key)).toEqual(['validation.editorial.version']);
    expect(errorOf(await call('PATCH', `/api/books/${id}`, { cookie: admin.cookie, body: { version: 1 } }), 400).details?.map((d) => d.key)).toEqual(['validation.editorial.nothingToChange']);
  });
});

describe('a PATCH changes only the languages it names (issue 27 point 4)', () => {
  it("keeps the other languages of a bio, and clears one with null or ''", async () => {
    const author = dataOf(await call('POST', '/api/authors', { cookie: admin.cookie, body: { name: unique('Sprachen'), bio: { en: 'English.', de: 'Deutsch.', it: 'Italiano.' } } }), SavedSchema, 201);
    const bio = async () => dataOf(await call('GET', `/api/authors/${author.id}`, { cookie: admin.cookie }), AuthorRecordSchema).bio;
    dataOf(await call('PATCH', `/api/authors/${author.id}`, { cookie: admin.cookie, body: { bio: { de: 'Neu.' } } }), SavedSchema);
    expect(await bio()).toEqual({ en: 'English.', de: 'Neu.', it: 'Italiano.' });
    dataOf(await call('PATCH', `/api/authors/${author.id}`, { cookie: admin.cookie, body: { bio: { it: null } } }), SavedSchema);
    expect(await bio()).toEqual({ en: 'English.', de: 'Neu.' });
    dataOf(await call('PATCH', `/api/authors/${author.id}`, { cookie: admin.cookie, body: { bio: { en: '' } } }), SavedSchema);
    expect(await bio()).toEqual({ de: 'Neu.' });
  });

  it('merges a book description and a genre name likewise', async () => {
    const id = await newBook();
    dataOf(await call('PATCH', `/api/books/${id}`, { cookie: admin.cookie, body: { description: { en: 'One.', it: 'Uno.' } } }), SavedSchema);
    dataOf(await call('PATCH', `/api/books/${id}`, { cookie: admin.cookie, body: { description: { de: 'Eins.' } } }), SavedSchema);
    expect((await readBook(id)).book.description).toEqual({ en: 'One.', de: 'Eins.', it: 'Uno.' });
    const genre = dataOf(await call('POST', '/api/genres', { cookie: admin.cookie, body: { name: unique('Genre'), names: { en: 'Weird', de: 'Seltsam' } } }), SavedSchema, 201);
    dataOf(await call('PATCH', `/api/genres/${genre.id}`, { cookie: admin.cookie, body: { names: { it: 'Strano' } } }), SavedSchema);
    const stored = dataOf(await call('GET', `/api/genres/${genre.id}`, { cookie: admin.cookie }), z.object({ names: z.record(z.string(), z.string()) }));
    expect(stored.names).toEqual({ en: 'Weird', de: 'Seltsam', it: 'Strano' });
  });
});

describe('editions, awards and affiliate services carry versions too', () => {
  it('lets one of two racing edition saves win and refuses a stale promotion and delete', async () => {
    const bookId = await newBook();
    const first = dataOf(await call('POST', `/api/books/${bookId}/editions`, { cookie: admin.cookie, body: { title: 'Erste' } }), EditorEditionSchema, 201);
    const second = dataOf(await call('POST', `/api/books/${bookId}/editions`, { cookie: admin.cookie, body: { title: 'Zweite' } }), EditorEditionSchema, 201);
    const listed = dataOf(await call('GET', `/api/books/${bookId}/editions`, { cookie: admin.cookie }), z.array(EditorEditionSchema));
    expect(listed.map((e) => e.version)).toEqual([1, 1]);
    const answers = await Promise.all(
      ['Zweite A', 'Zweite B'].map((title, i) => call('PATCH', `/api/editions/${second.id}`, { cookie: i ? other.cookie : admin.cookie, body: { title, version: second.version } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const current = currentOf(answers.find((a) => a.status === 409)!, EditorEditionSchema);
    expect(current).toMatchObject({ id: second.id, version: 2 });
    // A promotion and a delete based on version 1 are refused; the first edition stays primary.
    expect(currentOf(await call('PATCH', `/api/editions/${second.id}`, { cookie: admin.cookie, body: { isPrimaryEdition: true, version: 1 } }), EditorEditionSchema).isPrimaryEdition).toBe(false);
    expect(errorOf(await call('DELETE', `/api/editions/${second.id}`, { cookie: admin.cookie, headers: { 'if-match': '"v1"' } }), 409).code).toBe('CONFLICT');
    // Promoting with the current version moves both editions' versions (the old primary is changed too).
    const promoted = await call('PATCH', `/api/editions/${second.id}`, { cookie: admin.cookie, body: { isPrimaryEdition: true, version: 2 } });
    expect(dataOf(promoted, EditorEditionSchema)).toMatchObject({ isPrimaryEdition: true, version: 3 });
    expect(promoted.headers.get('etag')).toBe('"v3"');
    const after = dataOf(await call('GET', `/api/books/${bookId}/editions`, { cookie: admin.cookie }), z.array(EditorEditionSchema));
    expect(after.find((e) => e.id === first.id)).toMatchObject({ isPrimaryEdition: false, version: 2 });
    expect((await call('DELETE', `/api/editions/${first.id}`, { cookie: admin.cookie, headers: { 'if-match': '"v2"' } })).status).toBe(204);
  });

  it('keeps the version out of the public editions answer', async () => {
    const bookId = await newBook();
    dataOf(await call('POST', `/api/books/${bookId}/editions`, { cookie: admin.cookie, body: { title: 'Öffentlich' } }), EditorEditionSchema, 201);
    const [edition] = dataOf(await call('GET', `/api/books/${bookId}/editions`), z.array(EditionSchema.strict()));
    expect(edition).not.toHaveProperty('version');
  });

  it('refuses a stale award or category write with the stored award', async () => {
    const award = dataOf(await call('POST', '/api/admin/awards', { cookie: admin.cookie, body: { name: unique('Preis') } }), AdminAwardSchema, 201);
    const withCategory = dataOf(await call('POST', `/api/admin/awards/${award.id}/categories`, { cookie: admin.cookie, body: { names: { en: 'Novel' }, version: award.version } }), AdminAwardSchema, 201);
    expect(withCategory.version).toBe(award.version + 1);
    const category = withCategory.categories[0]!;
    // Based on the version before the category was added: refused, with the award as it is now.
    expect(currentOf(await call('PATCH', `/api/admin/awards/${award.id}`, { cookie: admin.cookie, body: { name: 'Alt', version: award.version } }), AdminAwardSchema).categories).toHaveLength(1);
    expect(errorOf(await call('PATCH', `/api/admin/awards/${award.id}/categories/${category.id}`, { cookie: admin.cookie, body: { names: { en: 'Roman' }, version: award.version } }), 409).code).toBe('CONFLICT');
    const renamed = dataOf(await call('PATCH', `/api/admin/awards/${award.id}`, { cookie: admin.cookie, headers: { 'if-match': `"v${withCategory.version}"` }, body: { about: { de: 'Über.' } } }), AdminAwardSchema);
    expect(renamed).toMatchObject({ version: withCategory.version + 1, about: { de: 'Über.' } });
    // About merges per language as descriptions do.
    const more = dataOf(await call('PATCH', `/api/admin/awards/${award.id}`, { cookie: admin.cookie, body: { about: { en: 'About.' }, version: renamed.version } }), AdminAwardSchema);
    expect(more.about).toEqual({ en: 'About.', de: 'Über.' });
  });

  it("refuses a stale finalists save with the slot as stored, racing or from a book's own award list", async () => {
    const award = dataOf(await call('POST', '/api/admin/awards', { cookie: admin.cookie, body: { name: unique('Finalisten') } }), AdminAwardSchema, 201);
    const [first, second] = [await newBook(), await newBook()];
    const path = `/api/admin/awards/${award.id}/entries`;
    const slot = { year: 2024, customCategory: 'Roman' };
    const loaded = await call('GET', `${path}?year=2024&customCategory=Roman`, { cookie: admin.cookie });
    const empty = dataOf(loaded, AwardEntriesSchema);
    expect(loaded.headers.get('etag')).toBe(`"${empty.version}"`);
    // Two editors save the slot they both loaded empty: one wins, the other gets 409 with the winner's list.
    const answers = await Promise.all([
      call('PUT', path, { cookie: admin.cookie, body: { ...slot, version: empty.version, entries: [{ bookId: first, isWinner: true }] } }),
      call('PUT', path, { cookie: other.cookie, headers: { 'if-match': `"${empty.version}"` }, body: { ...slot, entries: [{ bookId: second, isWinner: true }] } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = dataOf(answers.find((a) => a.status === 200)!, AwardEntriesSchema);
    const refused = currentOf(answers.find((a) => a.status === 409)!, AwardEntriesSchema);
    expect(refused).toEqual(won);
    // A book's own award list changes the slot too: a save based on the slot before it is refused.
    const bookId = won.entries[0]!.bookId;
    const { book } = await readBook(bookId);
    expect(book.version).toBeGreaterThan(1); // the finalists save moved the book's version
    dataOf(await call('PATCH', `/api/books/${bookId}`, { cookie: admin.cookie, body: { version: book.version, awards: [{ awardId: award.id, customCategory: 'Roman', year: 2024, isWinner: false }] } }), SavedSchema);
    expect(currentOf(await call('PUT', path, { cookie: admin.cookie, body: { ...slot, version: won.version, entries: [] } }), AwardEntriesSchema).entries).toEqual([expect.objectContaining({ bookId, isWinner: false })]);
    // A book form opened before a finalists save cannot put its old award list back unseen.
    const before = await readBook(bookId);
    const now = dataOf(await call('GET', `${path}?year=2024&customCategory=Roman`, { cookie: admin.cookie }), AwardEntriesSchema);
    dataOf(await call('PUT', path, { cookie: admin.cookie, headers: { 'if-match': `"${now.version}"` }, body: { ...slot, noAward: true, entries: [] } }), AwardEntriesSchema);
    expect(errorOf(await call('PATCH', `/api/books/${bookId}`, { cookie: admin.cookie, body: { version: before.book.version, awards: [] } }), 409).code).toBe('CONFLICT');
    // A malformed slot version is a 400, not a conflict.
    expect(errorOf(await call('PUT', path, { cookie: admin.cookie, body: { ...slot, version: 'v3', entries: [] } }), 400).details?.[0]?.key).toBe('validation.editorial.version');
  });

  it('refuses a stale affiliate service or locale write with the stored service', async () => {
    const service = dataOf(await call('POST', '/api/admin/affiliate', { cookie: admin.cookie, body: { key: `v${Date.now()}.example`, name: 'Versioniert' } }), AdminAffiliateServiceSchema, 201);
    const locale = { region: 'de', variant: 'isbn', template: 'https://{domain}/s?k={isbn}&tag={tag}', domain: 'books.example.org', affiliateTag: 'first-21' };
    const withLocale = dataOf(await call('POST', `/api/admin/affiliate/services/${service.id}/locales`, { cookie: admin.cookie, body: { ...locale, version: service.version } }), AdminAffiliateServiceSchema, 201);
    expect(withLocale.version).toBe(service.version + 1);
    expect(currentOf(await call('PATCH', `/api/admin/affiliate/services/${service.id}`, { cookie: other.cookie, body: { name: 'Alt', version: service.version } }), AdminAffiliateServiceSchema).locales).toHaveLength(1);
    expect(errorOf(await call('PATCH', `/api/admin/affiliate/locales/${withLocale.locales[0]!.id}`, { cookie: admin.cookie, body: { affiliateTag: 'x-21', version: service.version } }), 409).code).toBe('CONFLICT');
    expect(dataOf(await call('PATCH', `/api/admin/affiliate/services/${service.id}`, { cookie: admin.cookie, body: { name: 'Neu', version: withLocale.version } }), AdminAffiliateServiceSchema).version).toBe(withLocale.version + 1);
  });
});

describe("read-your-writes on the writing instance (issue 27 point 5)", () => {
  let saved: string | undefined;
  beforeAll(() => {
    // The production interval: without read-your-writes the next read would miss the write for up to 1 s.
    saved = process.env.CATALOGUE_CHECK_MS;
    process.env.CATALOGUE_CHECK_MS = '1000';
  });
  afterAll(() => {
    process.env.CATALOGUE_CHECK_MS = saved;
  });

  const publicEditions = async (bookId: number) => dataOf(await call('GET', `/api/books/${bookId}/editions`), z.array(EditionSchema));

  it('answers the next read of the editions with an edition just added, and with a promotion just made', async () => {
    const bookId = await newBook();
    expect(await publicEditions(bookId)).toEqual([]); // cached under the version just checked
    const first = dataOf(await call('POST', `/api/books/${bookId}/editions`, { cookie: admin.cookie, body: { title: 'Sofort' } }), EditorEditionSchema, 201);
    expect((await publicEditions(bookId)).map((e) => e.title)).toEqual(['Sofort']);
    const second = dataOf(await call('POST', `/api/books/${bookId}/editions`, { cookie: admin.cookie, body: { title: 'Später' } }), EditorEditionSchema, 201);
    expect((await publicEditions(bookId)).map((e) => [e.title, e.isPrimaryEdition])).toEqual([['Sofort', true], ['Später', false]]);
    dataOf(await call('PATCH', `/api/editions/${second.id}`, { cookie: admin.cookie, body: { isPrimaryEdition: true, version: second.version } }), EditorEditionSchema);
    expect((await publicEditions(bookId)).map((e) => [e.title, e.isPrimaryEdition])).toEqual([['Später', true], ['Sofort', false]]);
    expect(first.id).toBeLessThan(second.id);
  });

  it('answers the next search with an edition title just saved (the in-memory copy reloads at once)', async () => {
    const id = await newBook();
    const edition = dataOf(await call('POST', `/api/books/${id}/editions`, { cookie: admin.cookie, body: { title: 'Vorläufig' } }), EditorEditionSchema, 201);
    const word = `Zyklop${Date.now()}`;
    const search = async () => dataOf(await call('GET', `/api/books/search?q=${word}&lang=en`), z.array(z.object({ id: z.number() })));
    expect(await search()).toEqual([]);
    dataOf(await call('PATCH', `/api/editions/${edition.id}`, { cookie: admin.cookie, body: { title: `${word} Rückkehr`, version: edition.version } }), EditorEditionSchema);
    expect((await search()).map((hit) => hit.id)).toEqual([id]);
  });
});
