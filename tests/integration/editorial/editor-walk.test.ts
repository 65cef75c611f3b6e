/**
 * What an editor's walk through the admin found (issue 29 points 17, 19, 20), at the endpoints: a
 * book's history with its editions' and award finalists' changes and the names of what it names; an
 * award deleted only once no book is entered in it; custom categories offered again; affiliate
 * templates kept on the service's own host; the affiliate preview for a chosen book.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../db/client.ts';
import { installRebuilder } from '../../../netlify/functions/_shared/rebuild.ts';
import { createRebuildQueue } from '../../../src/domain/runtime/rebuild-queue.ts';
import { AdminAffiliateSchema, AdminAffiliateServiceSchema } from '../../../src/domain/schemas/affiliate.ts';
import { AdminAwardSchema, AdminAwardsSchema, AwardEntriesSchema } from '../../../src/domain/schemas/awards-admin.ts';
import { EditionSchema } from '../../../src/domain/schemas/edition.ts';
import { HistoryPageSchema, SavedSchema } from '../../../src/domain/schemas/editorial.ts';
import { removeCreatedBy } from '../../support/editorial.ts';
import { createReader, dataOf, errorOf, serveForTests, type Reader } from '../../support/readers.ts';

const server = serveForTests();
const call = server.call;
let admin: Reader;
let reader: Reader;
/** Every book needs an author (spec §3). */
let authorId: number;
const tag = `walk${Date.now()}`;

beforeAll(async () => {
  admin = await createReader(server.url(), { role: 'SUPER_USER' });
  reader = await createReader(server.url(), { role: 'GOLDEN_USER' });
  installRebuilder(createRebuildQueue('local', async () => undefined, () => new Date()));
  authorId = dataOf(await call('POST', '/api/authors', { cookie: admin.cookie, body: { name: `${tag} Writer` } }), SavedSchema, 201).id;
});

afterAll(async () => {
  installRebuilder(undefined);
  await removeCreatedBy(admin.id);
  await (await getDb()).execute(sql`DELETE FROM affiliate_services WHERE key LIKE ${`${tag}%`}`);
});

let serial = 0;
const newAward = async () => dataOf(await call('POST', '/api/admin/awards', { cookie: admin.cookie, body: { name: `${tag} Prize ${serial++}` } }), AdminAwardSchema, 201);
const newBook = async (body: Record<string, unknown> = {}) => dataOf(await call('POST', '/api/books', { cookie: admin.cookie, body: { title: `${tag} Book ${serial++}`, authorIds: [authorId], ...body } }), SavedSchema, 201);
const saveEntries = async (awardId: number, body: Record<string, unknown>) => dataOf(await call('PUT', `/api/admin/awards/${awardId}/entries`, { cookie: admin.cookie, body }), AwardEntriesSchema);

describe("a book's history (issue 29 point 17)", () => {
  it('has its editions and the finalists saves that name it, with the names of its genres, authors and awards', async () => {
    const genre = dataOf(await call('POST', '/api/genres', { cookie: admin.cookie, body: { name: `${tag} Genre`, names: { de: `${tag} Gattung` } } }), SavedSchema, 201);
    const author = dataOf(await call('POST', '/api/authors', { cookie: admin.cookie, body: { name: `${tag} Author` } }), SavedSchema, 201);
    const book = await newBook({ genreIds: [genre.id], authorIds: [author.id] });
    const edition = dataOf(await call('POST', `/api/books/${book.id}/editions`, { cookie: admin.cookie, body: { title: `${tag} Ausgabe`, languageCode: 'de', languageName: 'Deutsch' } }), EditionSchema, 201);
    const award = await newAward();
    await saveEntries(award.id, { year: 2020, customCategory: 'Best Novel', noAward: false, entries: [{ bookId: book.id, isWinner: true }] });
    // Another book's edition stays out of this book's history.
    const other = await newBook();
    await call('POST', `/api/books/${other.id}/editions`, { cookie: admin.cookie, body: { title: `${tag} Other`, languageCode: 'en', languageName: 'English' } });

    const page = dataOf(await call('GET', `/api/admin/history?entity=book&id=${book.id}`, { cookie: admin.cookie, lang: 'de' }), HistoryPageSchema);
    expect(page.items.map((item) => [item.entity, item.action])).toEqual([
      ['award', 'update'],
      ['edition', 'create'],
      ['book', 'create'],
    ]);
    expect(page.total).toBe(3);
    expect(page.items[1]!.entityId).toBe(String(edition.id));
    expect(page.names.genres[String(genre.id)]).toBe(`${tag} Gattung`);
    expect(page.names.authors[String(author.id)]).toBe(`${tag} Author`);
    expect(page.names.awards[String(award.id)]).toBe(award.name);
  });

  it('stays a super user’s: 403 to a golden reader', async () => {
    expect(errorOf(await call('GET', '/api/admin/history?entity=book&id=1', { cookie: reader.cookie }), 403).code).toBe('FORBIDDEN');
  });
});

describe('deleting an award (issue 29 point 19)', () => {
  it('is refused with a localized 409 naming the books while any is entered, and works once it is empty', async () => {
    const award = await newAward();
    const book = await newBook();
    await saveEntries(award.id, { year: 2021, customCategory: 'Retro', noAward: false, entries: [{ bookId: book.id, isWinner: false }] });
    const refused = errorOf(await call('DELETE', `/api/admin/awards/${award.id}`, { cookie: admin.cookie, lang: 'de' }), 409);
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toMatch(/^Der Preis kann nicht gelöscht werden, solange 1 Buch darin Gewinner oder nominiert ist: „?.*Book/);
    expect(errorOf(await call('DELETE', `/api/admin/awards/${award.id}`, { cookie: admin.cookie, lang: 'en' }), 409).message).toMatch(/^The award cannot be deleted while 1 book is still/);

    await saveEntries(award.id, { year: 2021, customCategory: 'Retro', noAward: true, entries: [] });
    dataOf(await call('DELETE', `/api/admin/awards/${award.id}`, { cookie: admin.cookie }), AdminAwardSchema.pick({ id: true }));
    const listed = dataOf(await call('GET', '/api/admin/awards', { cookie: admin.cookie }), AdminAwardsSchema);
    expect(listed.some((a) => a.id === award.id)).toBe(false);
  });

  it('is a super user’s only', async () => {
    const award = await newAward();
    expect((await call('DELETE', `/api/admin/awards/${award.id}`)).status).toBe(401);
    expect((await call('DELETE', `/api/admin/awards/${award.id}`, { cookie: reader.cookie })).status).toBe(403);
  });

  it('lists the custom categories an award already uses, so they can be picked again', async () => {
    const award = await newAward();
    const book = await newBook();
    await saveEntries(award.id, { year: 2019, customCategory: 'Best Short Story', noAward: false, entries: [{ bookId: book.id, isWinner: true }] });
    await saveEntries(award.id, { year: 2018, customCategory: 'Best Artist', noAward: true, entries: [] });
    const listed = dataOf(await call('GET', '/api/admin/awards', { cookie: admin.cookie }), AdminAwardsSchema).find((a) => a.id === award.id)!;
    expect(listed.customCategories).toEqual(['Best Artist', 'Best Short Story']);
  });
});

describe('affiliate templates and preview (issue 29 point 20)', () => {
  const LOCALE = { region: 'DE', variant: 'default', template: 'https://{domain}/s?k={isbn}&tag={tag}', domain: 'books.example.org', affiliateTag: 'walk-21' };
  const newService = async () => dataOf(await call('POST', '/api/admin/affiliate', { cookie: admin.cookie, body: { key: `${tag}-${serial++}.example`, name: 'Walk shop' } }), AdminAffiliateServiceSchema, 201);

  it('refuses a template on another host with a localized 400, on create and on a patch of the template or the domain alone', async () => {
    const service = await newService();
    const refused = errorOf(await call('POST', `/api/admin/affiliate/services/${service.id}/locales`, { cookie: admin.cookie, lang: 'de', body: { ...LOCALE, template: 'https://evil.example/s?k={isbn}' } }), 400);
    expect(refused.code).toBe('VALIDATION');
    expect(refused.details?.map((d) => [d.path, d.key, d.message])).toEqual([['template', 'validation.affiliate.host', expect.stringMatching(/^Die Vorlage darf nur auf die eigene Domain/)]]);

    const saved = dataOf(await call('POST', `/api/admin/affiliate/services/${service.id}/locales`, { cookie: admin.cookie, body: { ...LOCALE, template: 'https://books.example.org/s?k={isbn}' } }), AdminAffiliateServiceSchema, 201);
    const locale = saved.locales[0]!;
    const patchTemplate = errorOf(await call('PATCH', `/api/admin/affiliate/locales/${locale.id}`, { cookie: admin.cookie, lang: 'it', body: { template: 'https://{domain}.evil.example/s?k={isbn}' } }), 400);
    expect(patchTemplate.details?.map((d) => d.key)).toEqual(['validation.affiliate.host']);
    const patchDomain = errorOf(await call('PATCH', `/api/admin/affiliate/locales/${locale.id}`, { cookie: admin.cookie, body: { domain: 'evil.example' } }), 400);
    expect(patchDomain.details?.map((d) => [d.path, d.key])).toEqual([['template', 'validation.affiliate.host']]);
    // Nothing of the refused patches was stored.
    const stored = dataOf(await call('GET', '/api/admin/affiliate', { cookie: admin.cookie }), AdminAffiliateSchema).services.find((s) => s.id === service.id)!;
    expect(stored.locales[0]).toMatchObject({ template: 'https://books.example.org/s?k={isbn}', domain: 'books.example.org' });
    // A template with {domain} follows a changed domain.
    const moved = dataOf(await call('PATCH', `/api/admin/affiliate/locales/${locale.id}`, { cookie: admin.cookie, body: { template: LOCALE.template } }), AdminAffiliateServiceSchema);
    expect(dataOf(await call('PATCH', `/api/admin/affiliate/locales/${locale.id}`, { cookie: admin.cookie, body: { domain: 'shop.example.org', version: moved.version } }), AdminAffiliateServiceSchema).locales[0]!.domain).toBe('shop.example.org');
  });

  it("previews the primary edition of the book the admin chooses, by id or slug, and Dune's without a choice", async () => {
    const book = await newBook();
    await call('POST', `/api/books/${book.id}/editions`, { cookie: admin.cookie, body: { title: `${tag} Preview edition`, languageCode: 'en', languageName: 'English', isbn: '978-0-441-17271-9' } });
    const chosen = dataOf(await call('GET', `/api/admin/affiliate?book=${book.id}`, { cookie: admin.cookie }), AdminAffiliateSchema);
    expect(chosen.sample).toMatchObject({ bookId: book.id, title: `${tag} Preview edition`, isbn: '978-0-441-17271-9' });
    expect(dataOf(await call('GET', `/api/admin/affiliate?book=${book.slug}`, { cookie: admin.cookie }), AdminAffiliateSchema).sample?.bookId).toBe(book.id);
    expect(dataOf(await call('GET', '/api/admin/affiliate', { cookie: admin.cookie }), AdminAffiliateSchema).sample?.bookTitle).toBe('Dune');
    expect(dataOf(await call('GET', '/api/admin/affiliate?book=2147483647', { cookie: admin.cookie }), AdminAffiliateSchema).sample).toBeNull();
    const bad = errorOf(await call('GET', '/api/admin/affiliate?book=Not%20a%20slug', { cookie: admin.cookie, lang: 'it' }), 400);
    expect(bad.code).toBe('VALIDATION');
    expect((await call('GET', `/api/admin/affiliate?book=${book.id}`, { cookie: reader.cookie })).status).toBe(403);
  });
});
