/**
 * Affiliate settings (issue 13 point 6): services and their locales written by super users, each
 * template checked by the link builder, every write in the admin history, and the pop-up's list
 * (GET /api/affiliate/services) following a change at once, without a rebuild; a tag set in the app
 * survives the seed that every build runs.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getDb } from '../../../db/client.ts';
import { DEFAULT_AFFILIATE_TAG_AMAZON_DE, ensureAffiliateServices } from '../../../db/seed/affiliate-services.ts';
import type { Role } from '../../../src/domain/enums.ts';
import { buildAffiliateLink } from '../../../src/domain/reader/affiliate-link.ts';
import { AdminAffiliateSchema, AdminAffiliateServiceSchema } from '../../../src/domain/schemas/affiliate.ts';
import { HistoryPageSchema } from '../../../src/domain/schemas/editorial.ts';
import { AffiliateServiceSchema } from '../../../src/domain/schemas/reader.ts';
import { createReader, dataOf, errorOf, serveForTests, type Reader } from '../../support/readers.ts';

const server = serveForTests();
const call = server.call;
const ROLES_BELOW: Role[] = ['NORMAL_USER', 'POWER_USER', 'GOLDEN_USER'];
let admin: Reader;
const below = new Map<Role, Reader>();
const tag = `aff${Date.now()}`;
const LOCALE = { region: 'de', variant: 'isbn', template: 'https://{domain}/s?k={isbn}&tag={tag}', domain: 'books.example.org', affiliateTag: 'first-21' };

beforeAll(async () => {
  admin = await createReader(server.url(), { role: 'SUPER_USER' });
  for (const role of ROLES_BELOW) below.set(role, await createReader(server.url(), { role }));
});

afterAll(async () => {
  const db = await getDb();
  await db.execute(sql`DELETE FROM affiliate_services WHERE key LIKE ${`${tag}%`}`);
  await db.execute(sql`UPDATE affiliate_service_locales SET affiliate_tag = ${DEFAULT_AFFILIATE_TAG_AMAZON_DE}, edited_at = NULL
                       WHERE service_id = (SELECT id FROM affiliate_services WHERE key = 'amazon.de')`);
});

let serial = 0;
const newService = async (cookie = admin.cookie) =>
  dataOf(await call('POST', '/api/admin/affiliate', { cookie, body: { key: `${tag}-${serial++}.example`, name: 'Test shop' } }), AdminAffiliateServiceSchema, 201);
const withLocale = async () =>
  dataOf(await call('POST', `/api/admin/affiliate/services/${(await newService()).id}/locales`, { cookie: admin.cookie, body: LOCALE }), AdminAffiliateServiceSchema, 201);
const publicServices = async () => dataOf(await call('GET', '/api/affiliate/services'), z.array(AffiliateServiceSchema));

describe('role matrix', () => {
  const cases: [string, (cookie: string | undefined) => Promise<number>][] = [
    ['GET /api/admin/affiliate', async (cookie) => (await call('GET', '/api/admin/affiliate', { cookie })).status],
    ['POST /api/admin/affiliate', async (cookie) => (await call('POST', '/api/admin/affiliate', { cookie, body: { key: `${tag}-m${serial++}.example`, name: 'M' } })).status],
    ['PATCH /api/admin/affiliate/services/{id}', async (cookie) => (await call('PATCH', `/api/admin/affiliate/services/${(await newService()).id}`, { cookie, body: { enabled: false } })).status],
    ['DELETE /api/admin/affiliate/services/{id}', async (cookie) => (await call('DELETE', `/api/admin/affiliate/services/${(await newService()).id}`, { cookie })).status],
    ['POST /api/admin/affiliate/services/{id}/locales', async (cookie) => (await call('POST', `/api/admin/affiliate/services/${(await newService()).id}/locales`, { cookie, body: LOCALE })).status],
    ['PATCH /api/admin/affiliate/locales/{id}', async (cookie) => (await call('PATCH', `/api/admin/affiliate/locales/${(await withLocale()).locales[0]!.id}`, { cookie, body: { affiliateTag: 'x-21' } })).status],
    ['DELETE /api/admin/affiliate/locales/{id}', async (cookie) => (await call('DELETE', `/api/admin/affiliate/locales/${(await withLocale()).locales[0]!.id}`, { cookie })).status],
  ];
  it.each(cases)('%s: anonymous 401, normal, power and golden 403, super user 2xx', async (_name, send) => {
    expect(await send(undefined)).toBe(401);
    for (const role of ROLES_BELOW) expect(await send(below.get(role)!.cookie), role).toBe(403);
    const status = await send(admin.cookie);
    expect(status >= 200 && status < 300, String(status)).toBe(true);
  });
});

describe('affiliate settings', () => {
  it("lists every service with its locales and Dune's primary edition as the preview's sample", async () => {
    const listed = dataOf(await call('GET', '/api/admin/affiliate', { cookie: admin.cookie }), AdminAffiliateSchema);
    expect(listed.services.find((s) => s.key === 'amazon.de')?.locales.map((l) => l.variant)).toEqual(['default', 'isbn']);
    expect(listed.sample?.title).toBeTruthy();
  });

  it("the pop-up's list follows a changed tag at once, and the history has the service before and after", async () => {
    const service = await withLocale();
    expect(service.locales[0]).toMatchObject({ region: 'DE', variant: 'isbn', affiliateTag: 'first-21' });
    expect((await publicServices()).find((s) => s.key === service.key)?.locales[0]?.affiliateTag).toBe('first-21');
    const changed = dataOf(await call('PATCH', `/api/admin/affiliate/locales/${service.locales[0]!.id}`, { cookie: admin.cookie, body: { affiliateTag: 'second-21' } }), AdminAffiliateServiceSchema);
    expect(changed.locales[0]!.affiliateTag).toBe('second-21');
    const live = (await publicServices()).find((s) => s.key === service.key)!;
    expect(buildAffiliateLink({ title: 'Dune', isbn: '978-0-441-17271-9' }, [live], { serviceKey: service.key })).toBe('https://books.example.org/s?k=9780441172719&tag=second-21');

    const history = dataOf(await call('GET', `/api/admin/history?entity=affiliate_service&id=${service.id}`, { cookie: admin.cookie }), HistoryPageSchema);
    expect(history.items.map((e) => e.action)).toEqual(['update', 'update', 'create']);
    expect(history.items[0]).toMatchObject({ before: { locales: [{ affiliateTag: 'first-21' }] }, after: { locales: [{ affiliateTag: 'second-21' }] } });

    dataOf(await call('PATCH', `/api/admin/affiliate/services/${service.id}`, { cookie: admin.cookie, body: { enabled: false } }), AdminAffiliateServiceSchema);
    expect((await publicServices()).map((s) => s.key)).not.toContain(service.key);
  });

  it('keeps a tag set in the app when the seed runs again', async () => {
    const listed = dataOf(await call('GET', '/api/admin/affiliate', { cookie: admin.cookie }), AdminAffiliateSchema);
    const amazon = listed.services.find((s) => s.key === 'amazon.de')!;
    dataOf(await call('PATCH', `/api/admin/affiliate/locales/${amazon.locales[0]!.id}`, { cookie: admin.cookie, body: { affiliateTag: 'editor-21' } }), AdminAffiliateServiceSchema);
    await ensureAffiliateServices(await getDb(), DEFAULT_AFFILIATE_TAG_AMAZON_DE);
    const after = dataOf(await call('GET', '/api/admin/affiliate', { cookie: admin.cookie }), AdminAffiliateSchema).services.find((s) => s.key === 'amazon.de')!;
    expect(after.locales.map((l) => l.affiliateTag)).toEqual(['editor-21', DEFAULT_AFFILIATE_TAG_AMAZON_DE]);
  });

  it('refuses templates the link builder cannot use, bad fields, taken keys and non-JSON', async () => {
    const service = await newService();
    const post = (body: unknown, lang = 'en') => call('POST', `/api/admin/affiliate/services/${service.id}/locales`, { cookie: admin.cookie, body, lang });
    const keyOf = async (body: unknown) => errorOf(await post(body), 400).details?.map((d) => d.key);
    expect(await keyOf({ ...LOCALE, template: 'https://{domain}/dp/{ean}' })).toEqual(['validation.affiliate.placeholder']);
    expect(await keyOf({ ...LOCALE, template: 'javascript:alert({isbn})' })).toEqual(['validation.affiliate.template']);
    expect(await keyOf({ ...LOCALE, domain: 'evil.example/@www.amazon.de' })).toEqual(['validation.affiliate.domain']);
    expect(await keyOf({ ...LOCALE, affiliateTag: 'tag with spaces' })).toEqual(['validation.affiliate.tag']);
    expect(await keyOf({ ...LOCALE, region: 'Deutschland' })).toEqual(['validation.affiliate.region']);
    expect(errorOf(await post({ ...LOCALE, domain: '' }, 'de'), 400).details?.[0]?.message).toBe('Geben Sie einen Hostnamen wie www.amazon.de ein.');
    expect((await call('POST', `/api/admin/affiliate/services/${service.id}/locales`, { cookie: admin.cookie, raw: 'region=DE', contentType: 'text/plain' })).status).toBe(415);
    dataOf(await post(LOCALE), AdminAffiliateServiceSchema, 201);
    expect(errorOf(await post(LOCALE), 409).code).toBe('CONFLICT');
    expect(errorOf(await call('POST', '/api/admin/affiliate', { cookie: admin.cookie, body: { key: service.key, name: 'Again' } }), 409).message).toBe('A service with this key exists already.');
    expect(errorOf(await call('PATCH', '/api/admin/affiliate/locales/2147483647', { cookie: admin.cookie, body: { affiliateTag: 'x' } }), 404).code).toBe('NOT_FOUND');
    expect(errorOf(await call('PATCH', `/api/admin/affiliate/services/${service.id}`, { cookie: admin.cookie, body: {} }), 400).code).toBe('VALIDATION');
  });
});
