/**
 * The affiliate service the pop-up's buy button uses (spec §1 "affiliate purchase link to a German
 * online bookshop", §7 "Service key amazon.de used, preferring locales with region DE"; issue 12
 * point 7). The seed makes sure it exists; its tag comes from configuration (AFFILIATE_TAG_AMAZON_DE),
 * never from the data. Like the super user (super-user.ts), the local default is for a laptop only:
 * a deployed site refuses to start with it.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { affiliateServiceLocales, affiliateServices } from '../schema/index.ts';

export const DEFAULT_AFFILIATE_TAG_AMAZON_DE = 'phantastika-21';

export const AMAZON_DE = { key: 'amazon.de', name: 'Amazon.de' } as const;

/**
 * The DE locales of amazon.de: a product page by ASIN (the default variant) and a book search by
 * ISBN; editions with neither get the fallback search by title (src/domain/reader/affiliate-link.ts).
 */
export const AMAZON_DE_LOCALES = [
  { region: 'DE', variant: 'default', template: 'https://{domain}/dp/{asin}?tag={affiliateTag}', domain: 'www.amazon.de' },
  { region: 'DE', variant: 'isbn', template: 'https://{domain}/s?k={isbn}&i=stripbooks&tag={tag}', domain: 'www.amazon.de' },
] as const;

/** The amazon.de tag from AFFILIATE_TAG_AMAZON_DE; the local default is refused in production. */
export function affiliateTagAmazonDe(env: NodeJS.ProcessEnv, production: boolean): string {
  const tag = env.AFFILIATE_TAG_AMAZON_DE?.trim() || DEFAULT_AFFILIATE_TAG_AMAZON_DE;
  if (production && tag === DEFAULT_AFFILIATE_TAG_AMAZON_DE) {
    throw new Error('AFFILIATE_TAG_AMAZON_DE must be set to your own partner tag in production (see README: Environment).');
  }
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(tag)) throw new Error(`AFFILIATE_TAG_AMAZON_DE is not a partner tag: ${JSON.stringify(tag)}`);
  return tag;
}

/**
 * Creates amazon.de and its DE locales where missing and gives them the configured tag. Templates an
 * admin changed are kept, and so is the tag of a locale a super user edited (`edited_at`, issue 13
 * point 6); a second run with the same tag writes nothing. Returns what it changed.
 */
export async function ensureAffiliateServices(db: Database, tag: string): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  let [service] = await db.select({ id: affiliateServices.id }).from(affiliateServices).where(eq(affiliateServices.key, AMAZON_DE.key));
  if (!service) {
    [service] = await db.insert(affiliateServices).values(AMAZON_DE).returning({ id: affiliateServices.id });
    inserted++;
  }
  const existing = await db.select().from(affiliateServiceLocales).where(eq(affiliateServiceLocales.serviceId, service!.id));
  for (const locale of AMAZON_DE_LOCALES) {
    const row = existing.find((l) => l.region === locale.region && l.variant === locale.variant);
    if (!row) {
      await db.insert(affiliateServiceLocales).values({ ...locale, serviceId: service!.id, affiliateTag: tag });
      inserted++;
    } else if (row.affiliateTag !== tag && row.editedAt === null) {
      await db
        .update(affiliateServiceLocales)
        .set({ affiliateTag: tag })
        .where(and(eq(affiliateServiceLocales.id, row.id), sql`${affiliateServiceLocales.affiliateTag} IS DISTINCT FROM ${tag}`, sql`${affiliateServiceLocales.editedAt} IS NULL`));
      updated++;
    }
  }
  return { inserted, updated };
}
