import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Affiliate services (spec §3): a key such as amazon.de with per-region locales. */
export const affiliateServices = pgTable(
  'affiliate_services',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Bumped by each editor write (issue 27 point 4, ADR 0030): the edit form's ETag; a write naming an older one is refused (409). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('affiliate_services_key_key').on(t.key)],
);

export const affiliateServiceLocales = pgTable(
  'affiliate_service_locales',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id').notNull().references(() => affiliateServices.id, { onDelete: 'cascade' }),
    region: text('region').notNull(),
    variant: text('variant').notNull().default('default'),
    template: text('template').notNull(),
    domain: text('domain').notNull(),
    affiliateTag: text('affiliate_tag'),
    /**
     * When a super user last changed the locale (issue 13 point 6, migration 0010): the seed then
     * leaves its tag alone (db/seed/affiliate-services.ts), so a tag set in the app survives builds.
     */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('affiliate_service_locales_key').on(t.serviceId, t.region, t.variant)],
);

/**
 * Newsletter sign-ups with double opt-in (issue 14 point 4): confirmed only after the emailed link is
 * used. Consent is recorded as its time and the version of the consent text shown; no IP address.
 * The confirmation token is stored only as its SHA-256 hash, valid until `confirm_token_expires_at`,
 * used once. Unsubscribe links carry an HMAC of the id instead of a stored token.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    language: text('language').notNull().default('en'),
    confirmTokenHash: text('confirm_token_hash'),
    confirmTokenExpiresAt: timestamp('confirm_token_expires_at', { withTimezone: true }),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentTextVersion: text('consent_text_version'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('newsletter_confirm_token_key').on(t.confirmTokenHash),
    check('newsletter_language_supported', sql`${t.language} IN ('en', 'de', 'it')`),
  ],
);
