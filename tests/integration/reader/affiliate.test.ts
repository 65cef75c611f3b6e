import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getDb } from '../../../db/client.ts';
import { AMAZON_DE_LOCALES, DEFAULT_AFFILIATE_TAG_AMAZON_DE, ensureAffiliateServices } from '../../../db/seed/affiliate-services.ts';
import { buildAffiliateLink } from '../../../src/domain/reader/affiliate-link.ts';
import { AffiliateServiceSchema, ModalDataSchema } from '../../../src/domain/schemas/reader.ts';
import { dataOf, serveForTests } from '../../support/readers.ts';

beforeAll(async () => {
  // Before the server answers once: its per-instance cache would otherwise keep the list without these.
  await (await getDb()).execute(sql`INSERT INTO affiliate_services (key, name, enabled) VALUES ('switched-off.example', 'Switched off', false), ('no-locales.example', 'No locales', true)`);
});
const { call } = serveForTests();
afterAll(async () => {
  await (await getDb()).execute(sql`DELETE FROM affiliate_services WHERE key IN ('switched-off.example', 'no-locales.example')`);
});

describe('GET /api/affiliate/services', () => {
  it('lists the enabled services with their locales: the seeded amazon.de with its DE locales and the configured tag', async () => {
    const res = await call('GET', '/api/affiliate/services');
    const services = dataOf(res, z.array(AffiliateServiceSchema));
    expect(services.map((s) => s.key)).toEqual(['amazon.de', 'no-locales.example']);
    expect(services[0]!.locales).toEqual(AMAZON_DE_LOCALES.map((l) => ({ ...l, affiliateTag: DEFAULT_AFFILIATE_TAG_AMAZON_DE })));
    expect(services[0]!.locales[0]).toMatchObject({ region: 'DE', variant: 'default', domain: 'www.amazon.de' });
    expect(services[1]!.locales).toEqual([]);
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
  });

  it("gives the pop-up's buy link for an edition through buildAffiliateLink", async () => {
    const services = dataOf(await call('GET', '/api/affiliate/services'), z.array(AffiliateServiceSchema));
    const dune = dataOf(await call('GET', '/api/books/dune/modal-data', { lang: 'de' }), ModalDataSchema);
    const german = dune.book.editions.find((e) => e.languageCode === 'de')!;
    // The seed has neither ISBN nor ASIN for it: the fallback search by title, with the tag.
    expect(buildAffiliateLink({ title: german.title, isbn: german.isbn, asin: german.asin }, services)).toBe('https://www.amazon.de/s?k=Der%20W%C3%BCstenplanet&tag=phantastika-21');
    expect(buildAffiliateLink({ title: german.title, isbn: '978-3-453-31713-0' }, services)).toBe('https://www.amazon.de/s?k=9783453317130&i=stripbooks&tag=phantastika-21');
    expect(buildAffiliateLink({ title: german.title, asin: '3453317130' }, services)).toBe('https://www.amazon.de/dp/3453317130?tag=phantastika-21');
  });
});

describe('the seed (db/seed/affiliate-services.ts)', () => {
  const snapshot = async () =>
    (await (await getDb()).execute(sql`SELECT l.id, l.region, l.variant, l.template, l.domain, l.affiliate_tag, l.xmin::text AS version
                                       FROM affiliate_service_locales l JOIN affiliate_services s ON s.id = l.service_id
                                       WHERE s.key = 'amazon.de' ORDER BY l.id`)).rows;

  it('changes nothing on a second run with the same tag', async () => {
    const db = await getDb();
    const before = await snapshot();
    expect(await ensureAffiliateServices(db, DEFAULT_AFFILIATE_TAG_AMAZON_DE)).toEqual({ inserted: 0, updated: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('takes a new tag from configuration, keeps templates an admin changed, and restores missing locales', async () => {
    const db = await getDb();
    try {
      await db.execute(sql`UPDATE affiliate_service_locales SET template = 'https://{domain}/gp/product/{asin}?tag={tag}' WHERE variant = 'default'
                           AND service_id = (SELECT id FROM affiliate_services WHERE key = 'amazon.de')`);
      await db.execute(sql`DELETE FROM affiliate_service_locales WHERE variant = 'isbn' AND service_id = (SELECT id FROM affiliate_services WHERE key = 'amazon.de')`);
      expect(await ensureAffiliateServices(db, 'other-shop-21')).toEqual({ inserted: 1, updated: 1 });
      const rows = (await snapshot()) as { variant: string; template: string; affiliate_tag: string }[];
      expect(rows.map((r) => [r.variant, r.affiliate_tag])).toEqual([['default', 'other-shop-21'], ['isbn', 'other-shop-21']]);
      expect(rows[0]!.template).toBe('https://{domain}/gp/product/{asin}?tag={tag}');
      expect(await ensureAffiliateServices(db, 'other-shop-21')).toEqual({ inserted: 0, updated: 0 });
    } finally {
      await db.execute(sql`UPDATE affiliate_service_locales SET template = ${AMAZON_DE_LOCALES[0].template} WHERE variant = 'default'
                           AND service_id = (SELECT id FROM affiliate_services WHERE key = 'amazon.de')`);
      await ensureAffiliateServices(db, DEFAULT_AFFILIATE_TAG_AMAZON_DE);
    }
  });
});
