/**
 * Awards (issue 13 point 4): awards with localized names and about texts, custom and catalogue
 * categories, a year's finalists saved at once (ties, 'no award' years), the role matrix, localized
 * 400s, the history of every write and a rebuild after each.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../db/client.ts';
import { installRebuilder } from '../../../netlify/functions/_shared/rebuild.ts';
import type { Role } from '../../../src/domain/enums.ts';
import { createRebuildQueue } from '../../../src/domain/runtime/rebuild-queue.ts';
import { AdminAwardSchema, AdminAwardsSchema, AwardEntriesSchema } from '../../../src/domain/schemas/awards-admin.ts';
import { HistoryPageSchema } from '../../../src/domain/schemas/editorial.ts';
import { createBooks, createReader, dataOf, errorOf, removeBooks, serveForTests, type Reader, type TestBook } from '../../support/readers.ts';

const server = serveForTests();
const call = server.call;
const ROLES_BELOW: Role[] = ['NORMAL_USER', 'POWER_USER', 'GOLDEN_USER'];
let admin: Reader;
const below = new Map<Role, Reader>();
let books: TestBook[];
let builds = 0;
const tag = `award${Date.now()}`;

beforeAll(async () => {
  admin = await createReader(server.url(), { role: 'SUPER_USER' });
  for (const role of ROLES_BELOW) below.set(role, await createReader(server.url(), { role }));
  books = await createBooks([1, 2, 3].map((n) => `${tag}-finalist-${n}`));
  installRebuilder(createRebuildQueue('local', async () => void builds++, () => new Date()));
});

afterAll(async () => {
  installRebuilder(undefined);
  if (books) await removeBooks(books);
  await (await getDb()).execute(sql`DELETE FROM awards WHERE slug LIKE ${`${tag}%`}`);
});

let serial = 0;
const newAward = async () =>
  dataOf(await call('POST', '/api/admin/awards', { cookie: admin.cookie, body: { name: `${tag} Prize ${serial++}`, names: { de: 'Preis' }, about: { en: 'About **it**' } } }), AdminAwardSchema, 201);
/** A new award with one category; both. */
const newCategory = async (names: Record<string, string> = { en: 'Best Novel' }) => {
  const award = await newAward();
  const withCategory = dataOf(await call('POST', `/api/admin/awards/${award.id}/categories`, { cookie: admin.cookie, body: { names } }), AdminAwardSchema, 201);
  return { award: withCategory, category: withCategory.categories[0]! };
};
const categoryPath = (c: { award: { id: number }; category: { id: number } }) => `/api/admin/awards/${c.award.id}/categories/${c.category.id}`;

describe('role matrix', () => {
  const cases: [string, (cookie: string | undefined) => Promise<number>][] = [
    ['GET /api/admin/awards', async (cookie) => (await call('GET', '/api/admin/awards', { cookie })).status],
    ['POST /api/admin/awards', async (cookie) => (await call('POST', '/api/admin/awards', { cookie, body: { name: `${tag} M${serial++}` } })).status],
    ['PATCH /api/admin/awards/{id}', async (cookie) => (await call('PATCH', `/api/admin/awards/${(await newAward()).id}`, { cookie, body: { about: { de: 'Über' } } })).status],
    ['DELETE /api/admin/awards/{id}', async (cookie) => (await call('DELETE', `/api/admin/awards/${(await newAward()).id}`, { cookie })).status],
    ['POST /api/admin/awards/{id}/categories', async (cookie) => (await call('POST', `/api/admin/awards/${(await newAward()).id}/categories`, { cookie, body: { names: { en: 'Best Novel' } } })).status],
    ['PATCH /api/admin/awards/{id}/categories/{categoryId}', async (cookie) => (await call('PATCH', categoryPath(await newCategory()), { cookie, body: { names: { en: 'Best Novella', it: 'Miglior romanzo breve' } } })).status],
    ['DELETE /api/admin/awards/{id}/categories/{categoryId}', async (cookie) => (await call('DELETE', categoryPath(await newCategory()), { cookie })).status],
    ['GET /api/admin/awards/{id}/entries', async (cookie) => (await call('GET', `/api/admin/awards/${(await newAward()).id}/entries?year=2026&customCategory=Best`, { cookie })).status],
    ['PUT /api/admin/awards/{id}/entries', async (cookie) => (await call('PUT', `/api/admin/awards/${(await newAward()).id}/entries`, { cookie, body: { year: 2026, customCategory: 'Best', entries: [] } })).status],
  ];
  it.each(cases)('%s: anonymous 401, normal, power and golden 403, super user 2xx', async (_name, send) => {
    expect(await send(undefined)).toBe(401);
    for (const role of ROLES_BELOW) expect(await send(below.get(role)!.cookie), role).toBe(403);
    const status = await send(admin.cookie);
    expect(status >= 200 && status < 300, String(status)).toBe(true);
  });
});

describe('awards and finalists', () => {
  it('creates an award with localized texts and a category, lists them, and asks for a rebuild each time', async () => {
    const before = builds;
    const award = await newAward();
    expect(award).toMatchObject({ names: { de: 'Preis' }, about: { en: 'About **it**' }, categories: [] });
    expect(award.slug).toMatch(new RegExp(`^${tag}-prize`));
    const withCategory = dataOf(await call('POST', `/api/admin/awards/${award.id}/categories`, { cookie: admin.cookie, body: { names: { en: 'Best Novel', de: 'Bester Roman' } } }), AdminAwardSchema, 201);
    expect(withCategory.categories).toMatchObject([{ slug: 'best-novel', names: { en: 'Best Novel', de: 'Bester Roman' }, position: 0 }]);
    const listed = dataOf(await call('GET', '/api/admin/awards', { cookie: admin.cookie }), AdminAwardsSchema);
    expect(listed.find((a) => a.id === award.id)?.categories).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(builds).toBeGreaterThan(before);
  });

  it("saves a year's finalists at once with a tie, replaces them, marks a 'no award' year, and records each save", async () => {
    const award = await newAward();
    const category = dataOf(await call('POST', `/api/admin/awards/${award.id}/categories`, { cookie: admin.cookie, body: { names: { en: 'Best Novel' } } }), AdminAwardSchema, 201).categories[0]!;
    const put = (body: object) => call('PUT', `/api/admin/awards/${award.id}/entries`, { cookie: admin.cookie, body: { year: 2026, categoryId: category.id, ...body } });
    const saved = dataOf(await put({ entries: [{ bookId: books[0]!.id, isWinner: true }, { bookId: books[1]!.id, isWinner: true }, { bookId: books[2]!.id, isWinner: false, asTitle: 'Alt Title' }] }), AwardEntriesSchema);
    expect(saved.entries.map((e) => [e.bookId, e.isWinner])).toEqual([
      [books[0]!.id, true],
      [books[1]!.id, true],
      [books[2]!.id, false],
    ]);
    const read = dataOf(await call('GET', `/api/admin/awards/${award.id}/entries?year=2026&categoryId=${category.id}`, { cookie: admin.cookie }), AwardEntriesSchema);
    expect(read.entries.find((e) => e.bookId === books[2]!.id)?.asTitle).toBe('Alt Title');

    const noAward = dataOf(await put({ noAward: true, entries: [{ bookId: books[0]!.id, isWinner: false }] }), AwardEntriesSchema);
    expect(noAward).toMatchObject({ noAward: true, entries: [{ bookId: books[0]!.id, isWinner: false }] });

    const custom = dataOf(await call('PUT', `/api/admin/awards/${award.id}/entries`, { cookie: admin.cookie, body: { year: 2025, customCategory: 'Best Translated Novel', entries: [{ bookId: books[1]!.id, isWinner: true }] } }), AwardEntriesSchema);
    expect(custom).toMatchObject({ categoryId: null, customCategory: 'Best Translated Novel', entries: [{ isWinner: true }] });

    const history = dataOf(await call('GET', `/api/admin/history?entity=award&id=${award.id}`, { cookie: admin.cookie }), HistoryPageSchema);
    expect(history.items.map((e) => e.action)).toEqual(['update', 'update', 'update', 'update', 'create']);
    expect(history.items[1]).toMatchObject({ before: { noAward: false }, after: { noAward: true } });
  });

  it('refuses bad finalists with localized 400s, non-JSON with 415, and unknown awards with 404', async () => {
    const award = await newAward();
    const put = (body: unknown, lang = 'en') => call('PUT', `/api/admin/awards/${award.id}/entries`, { cookie: admin.cookie, body, lang });
    expect(errorOf(await put({ year: 2026, customCategory: 'X', noAward: true, entries: [{ bookId: books[0]!.id, isWinner: true }] }, 'de'), 400).details?.[0]?.message).toBe(
      'Ein Jahr ohne Vergabe hat keinen Gewinner: Markieren Sie die Bücher als nominiert.',
    );
    expect(errorOf(await put({ year: 2026, entries: [] }), 400).details?.[0]?.key).toBe('validation.editorial.awardCategory');
    expect(errorOf(await put({ year: 1700, customCategory: 'X', entries: [] }), 400).details?.[0]?.key).toBe('validation.editorial.awardYear');
    expect(errorOf(await put({ year: 2026, customCategory: 'X', entries: [{ bookId: books[0]!.id, isWinner: true }, { bookId: books[0]!.id, isWinner: false }] }), 400).details?.[0]?.key).toBe('validation.editorial.duplicate');
    expect(errorOf(await put({ year: 2026, customCategory: 'X', entries: [{ bookId: 2147483647, isWinner: true }] }), 400).details).toEqual([expect.objectContaining({ path: 'entries.0.bookId', key: 'validation.awards.unknownBook' })]);
    const other = dataOf(await call('POST', `/api/admin/awards/${(await newAward()).id}/categories`, { cookie: admin.cookie, body: { names: { en: 'Elsewhere' } } }), AdminAwardSchema, 201).categories[0]!;
    expect(errorOf(await put({ year: 2026, categoryId: other.id, entries: [] }), 400).details?.[0]?.key).toBe('validation.editorial.unknownAwardCategory');
    expect(errorOf(await call('POST', '/api/admin/awards', { cookie: admin.cookie, body: { name: ' ' }, lang: 'it' }), 400).details?.[0]?.message).toBe('Inserisci un nome di al massimo 200 caratteri.');
    expect(errorOf(await call('POST', `/api/admin/awards/${award.id}/categories`, { cookie: admin.cookie, body: { names: { de: 'Nur deutsch' } } }), 400).details?.[0]?.key).toBe('validation.awards.categoryName');
    expect((await call('POST', '/api/admin/awards', { cookie: admin.cookie, raw: 'name=x', contentType: 'text/plain' })).status).toBe(415);
    expect(errorOf(await call('PATCH', '/api/admin/awards/2147483647', { cookie: admin.cookie, body: { name: 'x' } }), 404).message).toBe('Award not found.');
    expect(errorOf(await call('GET', '/api/admin/awards/2147483647/entries?year=2026&customCategory=X', { cookie: admin.cookie }), 404).code).toBe('NOT_FOUND');
  });
});

describe('award categories: rename and delete', () => {
  it('renames a category in en, de and it (the slug stays), records it and asks for a rebuild', async () => {
    const created = await newCategory({ en: 'Best Novel' });
    const before = builds;
    const renamed = dataOf(await call('PATCH', categoryPath(created), { cookie: admin.cookie, body: { names: { en: 'Best Novel ', de: 'Bester Roman', it: 'Miglior romanzo' } } }), AdminAwardSchema);
    expect(renamed.categories).toEqual([{ id: created.category.id, slug: 'best-novel', names: { en: 'Best Novel ', de: 'Bester Roman', it: 'Miglior romanzo' }, position: 0 }]);
    // Replaced as a whole: an emptied language is no name in it.
    const emptied = dataOf(await call('PATCH', categoryPath(created), { cookie: admin.cookie, body: { names: { en: 'Best Novel', de: '' } } }), AdminAwardSchema);
    expect(emptied.categories[0]!.names).toEqual({ en: 'Best Novel' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(builds).toBeGreaterThan(before);
    const history = dataOf(await call('GET', `/api/admin/history?entity=award&id=${created.award.id}`, { cookie: admin.cookie }), HistoryPageSchema);
    expect(history.items[1]).toMatchObject({ action: 'update', actor: { id: admin.id }, before: { categories: [{ names: { en: 'Best Novel' } }] }, after: { categories: [{ names: { de: 'Bester Roman' } }] } });
  });

  it('refuses to delete a category while books are its entries, with a 409 naming them, then deletes it once they are gone', async () => {
    const created = await newCategory({ en: 'Best First Novel' });
    const slot = { year: 2024, categoryId: created.category.id };
    dataOf(await call('PUT', `/api/admin/awards/${created.award.id}/entries`, { cookie: admin.cookie, body: { ...slot, entries: [{ bookId: books[0]!.id, isWinner: true }, { bookId: books[1]!.id, isWinner: false }] } }), AwardEntriesSchema);

    const refused = await call('DELETE', categoryPath(created), { cookie: admin.cookie, lang: 'de' });
    const error = errorOf(refused, 409);
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toContain('Die Kategorie kann nicht gelöscht werden, solange 2 Bücher');
    expect(error.message).toContain(`“${tag}-finalist-1`);
    expect((refused.json as { error: { blockedBy: { entity: string; id: number }[] } }).error.blockedBy.map((b) => [b.entity, b.id]).sort()).toEqual(
      [['book', books[0]!.id], ['book', books[1]!.id]].sort(),
    );
    expect(errorOf(await call('DELETE', categoryPath(created), { cookie: admin.cookie, lang: 'it' }), 409).message).toMatch(/^La categoria non può essere eliminata finché 2 libri/);
    const still = dataOf(await call('GET', '/api/admin/awards', { cookie: admin.cookie }), AdminAwardsSchema).find((a) => a.id === created.award.id)!;
    expect(still.categories.map((c) => c.id)).toEqual([created.category.id]);

    // The year emptied but marked 'no award': the mark goes with the category, kept in the history.
    dataOf(await call('PUT', `/api/admin/awards/${created.award.id}/entries`, { cookie: admin.cookie, body: { ...slot, noAward: true, entries: [] } }), AwardEntriesSchema);
    const deleted = dataOf(await call('DELETE', categoryPath(created), { cookie: admin.cookie }), AdminAwardSchema);
    expect(deleted.categories).toEqual([]);
    const marks = await (await getDb()).execute(sql`SELECT count(*)::int AS n FROM award_no_award_years WHERE award_id = ${created.award.id}`);
    expect((marks.rows[0] as { n: number }).n).toBe(0);
    const history = dataOf(await call('GET', `/api/admin/history?entity=award&id=${created.award.id}`, { cookie: admin.cookie }), HistoryPageSchema);
    expect(history.items[0]).toMatchObject({ action: 'update', before: { deletedCategory: { id: created.category.id, noAwardYears: [2024] }, categories: [{ id: created.category.id }] }, after: { categories: [] } });
    expect(errorOf(await call('DELETE', categoryPath(created), { cookie: admin.cookie }), 404).message).toBe('Award category not found.');
  });

  it('refuses bad category input with localized 400s, and categories of another award or unknown ones with 404', async () => {
    const created = await newCategory();
    const other = await newCategory();
    expect(errorOf(await call('PATCH', categoryPath(created), { cookie: admin.cookie, body: { names: { de: 'Nur deutsch' } }, lang: 'de' }), 400).details?.[0]?.message).toBe(
      (await import('../../../locales/de.json', { with: { type: 'json' } })).default['validation.awards.categoryName'],
    );
    expect(errorOf(await call('PATCH', categoryPath(created), { cookie: admin.cookie, body: { names: { en: 'X' }, slug: 'x' } }), 400).code).toBe('VALIDATION');
    expect(errorOf(await call('PATCH', categoryPath(created), { cookie: admin.cookie, body: { names: { en: 'x'.repeat(201) } } }), 400).details?.[0]?.key).toBe('validation.awards.name');
    expect(errorOf(await call('PATCH', `/api/admin/awards/${created.award.id}/categories/abc`, { cookie: admin.cookie, body: { names: { en: 'X' } } }), 400).code).toBe('VALIDATION');
    expect((await call('PATCH', categoryPath(created), { cookie: admin.cookie, raw: 'names=x', contentType: 'text/plain' })).status).toBe(415);
    const crossed = `/api/admin/awards/${created.award.id}/categories/${other.category.id}`;
    expect(errorOf(await call('PATCH', crossed, { cookie: admin.cookie, body: { names: { en: 'Stolen' } } }), 404).message).toBe('Award category not found.');
    expect(errorOf(await call('DELETE', crossed, { cookie: admin.cookie, lang: 'it' }), 404).message).toBe('Categoria del premio non trovata.');
    expect(errorOf(await call('DELETE', `/api/admin/awards/2147483647/categories/${created.category.id}`, { cookie: admin.cookie }), 404).code).toBe('NOT_FOUND');
    expect(errorOf(await call('DELETE', `/api/admin/awards/${created.award.id}/categories/2147483647`, { cookie: admin.cookie }), 404).code).toBe('NOT_FOUND');
    // Nothing of the other award changed.
    const untouched = dataOf(await call('GET', '/api/admin/awards', { cookie: admin.cookie }), AdminAwardsSchema).find((a) => a.id === other.award.id)!;
    expect(untouched.categories[0]!.names).toEqual({ en: 'Best Novel' });
  });
});
