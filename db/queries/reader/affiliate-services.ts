/**
 * Affiliate services for the pop-up's buy link (spec §3 "Affiliate service", §7
 * `GET /api/affiliate/services`): the enabled services with their locales, one query.
 */
import { sql } from 'drizzle-orm';
import type { AffiliateService } from '../../../src/domain/schemas/reader.ts';
import type { Database } from '../../client.ts';

/** Enabled services in id order, each with its locales in id order (a service without locales has an empty list). */
export async function listAffiliateServices(db: Database): Promise<AffiliateService[]> {
  const result = await db.execute(sql`
    SELECT s.key, s.name,
           coalesce((SELECT json_agg(json_build_object('region', l.region, 'variant', l.variant, 'template', l.template,
                                                       'domain', l.domain, 'affiliateTag', l.affiliate_tag) ORDER BY l.id)
                     FROM affiliate_service_locales l WHERE l.service_id = s.id), '[]') AS locales
    FROM affiliate_services s WHERE s.enabled ORDER BY s.id`);
  return result.rows as unknown as AffiliateService[];
}
