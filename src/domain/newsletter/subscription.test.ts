import { describe, expect, it } from 'vitest';
import { consentProofCutoff, unconfirmedCutoff, CONFIRM_LINK_HOURS, CONSENT_TEXT_VERSIONS, CURRENT_CONSENT_TEXT_VERSION, confirmLinkExpiresAt, confirmOutcome, signUpStep, subscriptionState, type SubscriptionRecord } from './subscription.ts';

const now = new Date('2026-11-26T10:00:00Z');
const record = (overrides: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  confirmedAt: null,
  unsubscribedAt: null,
  confirmTokenExpiresAt: confirmLinkExpiresAt(now),
  ...overrides,
});

describe('confirmation link expiry', () => {
  it('works for 48 hours from its issue', () => {
    expect(CONFIRM_LINK_HOURS).toBe(48);
    expect(confirmLinkExpiresAt(now).toISOString()).toBe('2026-11-28T10:00:00.000Z');
  });

  it('is valid up to the last millisecond before expiry and expired from it on', () => {
    const expires = confirmLinkExpiresAt(now);
    expect(confirmOutcome(record(), new Date(expires.getTime() - 1))).toBe('ok');
    expect(confirmOutcome(record(), expires)).toBe('expired');
    expect(confirmOutcome(record({ confirmTokenExpiresAt: null }), now)).toBe('expired');
  });

  it('is used once the address is confirmed or unsubscribed, even before it expires', () => {
    expect(confirmOutcome(record({ confirmedAt: now }), now)).toBe('used');
    expect(confirmOutcome(record({ unsubscribedAt: now }), now)).toBe('used');
  });

  it('is invalid when no subscription has it', () => {
    expect(confirmOutcome(null, now)).toBe('invalid');
  });
});

describe('signing up', () => {
  it('creates an unknown address, mails a pending or unsubscribed one a fresh link, keeps a confirmed one', () => {
    const later = new Date(now.getTime() + 61_000);
    expect(signUpStep(null, later, 60)).toBe('create');
    expect(signUpStep(record(), later, 60)).toBe('reissue');
    expect(signUpStep(record({ confirmedAt: now, unsubscribedAt: now }), later, 60)).toBe('reissue');
    expect(signUpStep(record({ confirmedAt: now }), later, 60)).toBe('keep');
  });

  it('keeps a pending link mailed less than a minute ago (issue 27 point 2), but not an unsubscribed one', () => {
    expect(signUpStep(record(), new Date(now.getTime() + 59_000), 60)).toBe('keep');
    expect(signUpStep(record(), new Date(now.getTime() + 60_000), 60)).toBe('reissue');
    expect(signUpStep(record({ confirmedAt: now, unsubscribedAt: now }), new Date(now.getTime() + 1_000), 60)).toBe('reissue');
  });

  it('names the state of a record', () => {
    expect(subscriptionState(record())).toBe('pending');
    expect(subscriptionState(record({ confirmedAt: now }))).toBe('confirmed');
    expect(subscriptionState(record({ confirmedAt: now, unsubscribedAt: now }))).toBe('unsubscribed');
  });

  it('records the newest consent text version', () => {
    expect(CURRENT_CONSENT_TEXT_VERSION).toBe(CONSENT_TEXT_VERSIONS.at(-1));
  });
});

describe('unconfirmed sign-ups', () => {
  it('are kept 30 days after their consent', () => {
    expect(unconfirmedCutoff(now).toISOString()).toBe('2026-10-27T10:00:00.000Z');
  });
});

describe('the proof of consent of an unsubscribed reader', () => {
  it('is kept three years after unsubscribing', () => {
    expect(consentProofCutoff(new Date('2026-11-26T10:00:00Z')).toISOString()).toBe('2023-11-26T10:00:00.000Z');
    // 29 February has no twin three years earlier: the day after 28 February.
    expect(consentProofCutoff(new Date('2028-02-29T00:00:00Z')).toISOString()).toBe('2025-03-01T00:00:00.000Z');
  });
});
