/**
 * Newsletter subscriptions (issue 14 point 4, migration 0014): sign-up, confirmation, unsubscribe,
 * and what super users read. The state rules are src/domain/newsletter/subscription.ts; each write
 * locks the address's row, asks the rule and writes in one transaction, so two requests with one
 * link can never both confirm.
 */
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Locale } from '../../../src/domain/enums.ts';
import { LINK_REPLACES_AFTER_SECONDS } from '../../../src/domain/account/link-pacing.ts';
import { confirmOutcome, signUpStep, type ConfirmOutcome, type SignUpStep } from '../../../src/domain/newsletter/subscription.ts';
import type { SubscriberRow } from '../../../src/domain/newsletter/subscribers-csv.ts';
import type { NewsletterCounts } from '../../../src/domain/schemas/newsletter.ts';
import type { Database } from '../../client.ts';
import { newsletterSubscriptions as subs } from '../../schema/index.ts';
import { deleteInBatches } from '../runtime/batched-delete.ts';

export interface SignUpInput {
  email: string;
  language: Locale;
  consentTextVersion: string;
  tokenHash: string;
  expiresAt: Date;
  now: Date;
}

/**
 * Records a sign-up: a new address or one not confirmed (pending, unsubscribed) gets the new token
 * and the consent given now; a confirmed address is left untouched. Returns what was done and the
 * subscription's id; the caller mails the link unless the step is 'keep'.
 */
export async function signUp(db: Database, input: SignUpInput): Promise<{ step: SignUpStep; id: string }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(subs).where(sql`lower(${subs.email}) = lower(${input.email})`).for('update').limit(1);
    const step = signUpStep(existing ?? null, input.now, LINK_REPLACES_AFTER_SECONDS);
    const fresh = {
      language: input.language,
      confirmTokenHash: input.tokenHash,
      confirmTokenExpiresAt: input.expiresAt,
      consentAt: input.now,
      consentTextVersion: input.consentTextVersion,
      confirmedAt: null,
      unsubscribedAt: null,
    };
    if (existing && step === 'keep') return { step, id: existing.id };
    if (existing) {
      await tx.update(subs).set(fresh).where(eq(subs.id, existing.id));
      return { step, id: existing.id };
    }
    const [created] = await tx
      .insert(subs)
      .values({ email: input.email, createdAt: input.now, ...fresh })
      .onConflictDoNothing()
      .returning({ id: subs.id });
    // A concurrent sign-up of the same address won the insert: it mails the link.
    if (!created) return { step: 'keep', id: '' };
    return { step, id: created.id };
  });
}

/**
 * Deletes what the privacy policy promises to delete (section 10): sign-ups never confirmed whose
 * consent is older than `unconfirmedBefore` (30 days), and unsubscribed rows, with their proof of
 * consent, unsubscribed before `unsubscribedBefore` (three years); returns how many. Run by every
 * sign-up and by the hourly prune (issue 26 point 6). No index: the table is one row per address,
 * scanned at most hourly; 10,000 a statement.
 */
export async function pruneSubscriptions(db: Database, cutoffs: { unconfirmedBefore: Date; unsubscribedBefore: Date }): Promise<number> {
  const stale = sql`((confirmed_at IS NULL AND unsubscribed_at IS NULL AND consent_at < ${cutoffs.unconfirmedBefore}::timestamptz)
                     OR unsubscribed_at < ${cutoffs.unsubscribedBefore}::timestamptz)`;
  return deleteInBatches(
    db,
    10_000,
    (batch) => sql`DELETE FROM newsletter_subscriptions WHERE id IN (SELECT id FROM newsletter_subscriptions WHERE ${stale} LIMIT ${batch}) AND ${stale} RETURNING 1`,
  );
}

/** Uses a confirmation token once (src/domain/newsletter/subscription.ts `confirmOutcome`). */
export async function confirmSubscription(db: Database, tokenHash: string, now: Date): Promise<ConfirmOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(subs).where(eq(subs.confirmTokenHash, tokenHash)).for('update').limit(1);
    const outcome = confirmOutcome(row ?? null, now);
    if (outcome === 'ok') await tx.update(subs).set({ confirmedAt: now }).where(eq(subs.id, row!.id));
    return outcome;
  });
}

/** Ends a subscription (idempotent: a second unsubscribe keeps the first time). Nothing is told about whether it existed. */
export async function unsubscribe(db: Database, id: string, now: Date): Promise<void> {
  await db.update(subs).set({ unsubscribedAt: now }).where(and(eq(subs.id, id), isNull(subs.unsubscribedAt)));
}

/** The subscription an address has, for tests and the campaign sender. */
export async function findSubscription(db: Database, email: string) {
  const [row] = await db.select().from(subs).where(sql`lower(${subs.email}) = lower(${email})`).limit(1);
  return row ?? null;
}

/** How many addresses are pending, confirmed (per language) and unsubscribed: one query. */
export async function newsletterCounts(db: Database): Promise<NewsletterCounts> {
  const result = await db.execute(sql`
    SELECT
      count(*) FILTER (WHERE unsubscribed_at IS NULL AND confirmed_at IS NULL)::int AS pending,
      count(*) FILTER (WHERE unsubscribed_at IS NULL AND confirmed_at IS NOT NULL)::int AS confirmed,
      count(*) FILTER (WHERE unsubscribed_at IS NOT NULL)::int AS unsubscribed,
      count(*) FILTER (WHERE unsubscribed_at IS NULL AND confirmed_at IS NOT NULL AND language = 'en')::int AS en,
      count(*) FILTER (WHERE unsubscribed_at IS NULL AND confirmed_at IS NOT NULL AND language = 'de')::int AS de,
      count(*) FILTER (WHERE unsubscribed_at IS NULL AND confirmed_at IS NOT NULL AND language = 'it')::int AS it
    FROM newsletter_subscriptions`);
  const row = result.rows[0] as Record<'pending' | 'confirmed' | 'unsubscribed' | Locale, number>;
  return { pending: row.pending, confirmed: row.confirmed, unsubscribed: row.unsubscribed, confirmedByLanguage: { en: row.en, de: row.de, it: row.it } };
}

/** Every confirmed, not unsubscribed address, oldest confirmation first (the CSV export). */
export async function confirmedSubscribers(db: Database): Promise<SubscriberRow[]> {
  return db
    .select({ email: subs.email, language: subs.language, consentAt: subs.consentAt, consentTextVersion: subs.consentTextVersion, confirmedAt: subs.confirmedAt })
    .from(subs)
    .where(and(isNotNull(subs.confirmedAt), isNull(subs.unsubscribedAt)))
    .orderBy(asc(subs.confirmedAt), asc(subs.email));
}
