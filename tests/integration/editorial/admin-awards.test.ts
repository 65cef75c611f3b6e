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

describe('role matrix', () => {
  const cases: [string, (cookie: string | undefined) => Promise<number>][] = [
    ['GET /api/admin/awards', async (cookie) => (await call('GET', '/api/admin/awards', { cookie })).status],
    ['POST /api/admin/awards', async (cookie) => (await call('POST', '/api/admin/awards', { cookie, body: { name: `${tag} M${serial++}` } })).status],
    ['PATCH /api/admin/awards/{id}', async (cookie) => (await call('PATCH', `/api/admin/awards/${(await newAward()).id}`, { cookie, body: { about: { de: 'Über' } } })).status],
    ['DELETE /api/admin/awards/{id}', async (cookie) => (await call('DELETE', `/api/admin/awards/${(await newAward()).id}`, { cookie })).status],
    ['POST /api/admin/awards/{id}/categories', async (cookie) => (await call('POST', `/api/admin/awards/${(await newAward()).id}/categories`, { cookie, body: { names: { en: 'Best Novel' } } })).status],
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
