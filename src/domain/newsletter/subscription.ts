/**
 * Newsletter double opt-in (issue 14 point 4): the pure rules of a subscription's life. A sign-up
 * records consent (time and the version of the consent text shown, never an IP address) and mails a
 * single-use confirmation link; only a confirmed, not unsubscribed address receives newsletters.
 */

/**
 * Versions of the consent text the footer form shows (`newsletter.consent` in locales/*.json), oldest
 * first; the last is current. Changing the text's meaning adds a version, so every stored consent
 * names the wording the reader agreed to.
 */
export const CONSENT_TEXT_VERSIONS = ['2026-11-26'] as const;
export type ConsentTextVersion = (typeof CONSENT_TEXT_VERSIONS)[number];
export const CURRENT_CONSENT_TEXT_VERSION: ConsentTextVersion = CONSENT_TEXT_VERSIONS[CONSENT_TEXT_VERSIONS.length - 1]!;

/**
 * How long a confirmation link works. Longer than the account links' 30 minutes (spec §9 names those
 * only): a reader may open the mail the next day, and an unconfirmed sign-up sends nothing.
 */
export const CONFIRM_LINK_HOURS = 48;

/**
 * When a confirmation link issued at `now` stops working.
 * @example confirmLinkExpiresAt(new Date('2026-01-01T00:00:00Z')) // 2026-01-03T00:00:00Z
 */
export function confirmLinkExpiresAt(now: Date): Date {
  return new Date(now.getTime() + CONFIRM_LINK_HOURS * 60 * 60 * 1000);
}

/** Sign-ups never confirmed are deleted this long after their consent (the privacy policy, section 10). */
export const UNCONFIRMED_KEPT_DAYS = 30;

/**
 * Consent older than this and never confirmed is deleted.
 * @example unconfirmedCutoff(new Date('2026-01-31T00:00:00Z')) // 2026-01-01T00:00:00Z
 */
export function unconfirmedCutoff(now: Date): Date {
  return new Date(now.getTime() - UNCONFIRMED_KEPT_DAYS * 24 * 60 * 60 * 1000);
}

/** Proof of an unsubscribed reader's earlier consent is kept this long after unsubscribing (the privacy policy, section 10). */
export const CONSENT_PROOF_KEPT_YEARS = 3;

/**
 * Unsubscribed before this, the row (address and consent record) is deleted.
 * @example consentProofCutoff(new Date('2026-11-26T10:00:00Z')) // 2023-11-26T10:00:00Z
 */
export function consentProofCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - CONSENT_PROOF_KEPT_YEARS);
  return cutoff;
}

/** What the database holds about one address. */
export interface SubscriptionRecord {
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  confirmTokenExpiresAt: Date | null;
}

export type SubscriptionState = 'pending' | 'confirmed' | 'unsubscribed';

export function subscriptionState(record: SubscriptionRecord): SubscriptionState {
  if (record.unsubscribedAt) return 'unsubscribed';
  return record.confirmedAt ? 'confirmed' : 'pending';
}

/**
 * What a sign-up does to an address: a new one is created, a pending or unsubscribed one gets a fresh
 * link (the old link stops working), a confirmed one is left as it is (nothing is mailed: the answer
 * is the same either way, so nobody learns who is subscribed). A pending link mailed less than
 * `replacesAfterSeconds` ago is kept too (issue 27 point 2: another sign-up a moment later, perhaps a
 * stranger's, must not cancel the link the reader is about to open).
 * @example signUpStep(null, now, 60) // 'create'
 */
export type SignUpStep = 'create' | 'reissue' | 'keep';

export function signUpStep(existing: SubscriptionRecord | null, now: Date, replacesAfterSeconds: number): SignUpStep {
  if (!existing) return 'create';
  const state = subscriptionState(existing);
  if (state === 'confirmed') return 'keep';
  const issuedAt = existing.confirmTokenExpiresAt && existing.confirmTokenExpiresAt.getTime() - CONFIRM_LINK_HOURS * 60 * 60 * 1000;
  if (state === 'pending' && issuedAt && now.getTime() - issuedAt < replacesAfterSeconds * 1000) return 'keep';
  return 'reissue';
}

export type ConfirmOutcome = 'ok' | 'expired' | 'used' | 'invalid';

/**
 * What using a confirmation link does: an unknown link is invalid; a link of an address already
 * confirmed or unsubscribed since has been used; a link past its time has expired.
 * @example confirmOutcome({ confirmedAt: null, unsubscribedAt: null, confirmTokenExpiresAt: later }, now) // 'ok'
 */
export function confirmOutcome(record: SubscriptionRecord | null, now: Date): ConfirmOutcome {
  if (!record) return 'invalid';
  if (record.confirmedAt || record.unsubscribedAt) return 'used';
  if (!record.confirmTokenExpiresAt || record.confirmTokenExpiresAt.getTime() <= now.getTime()) return 'expired';
  return 'ok';
}
