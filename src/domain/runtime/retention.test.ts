import { describe, expect, it } from 'vitest';
import {
  EMAIL_TOKEN_KEPT_DAYS,
  IMPORT_JOB_MAX_AGE_DAYS,
  IMPORT_JOBS_KEPT,
  isEmailTokenStale,
  isIdempotencyKeyStale,
  isImportJobStale,
  isRateLimitStale,
  isSessionStale,
  isSubscriptionStale,
  retentionCutoffs,
  type ImportJobFacts,
} from './retention.ts';

const now = new Date('2026-03-10T12:00:00Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (msFromNow: number) => new Date(now.getTime() + msFromNow);
const cutoffs = retentionCutoffs(now, 60 * 60);

describe('sessions', () => {
  it('go once expired', () => {
    expect(isSessionStale({ expiresAt: at(-1), revokedAt: null }, cutoffs)).toBe(true);
  });
  it('go once revoked, though not yet expired (a revoked session answers as a missing one)', () => {
    expect(isSessionStale({ expiresAt: at(DAY), revokedAt: at(-1) }, cutoffs)).toBe(true);
  });
  it('stay while live', () => {
    expect(isSessionStale({ expiresAt: at(DAY), revokedAt: null }, cutoffs)).toBe(false);
  });
});

describe('e-mail links', () => {
  it(`stay ${EMAIL_TOKEN_KEPT_DAYS} days past their expiry, so a late second click still hears "already used" or "expired"`, () => {
    expect(isEmailTokenStale({ expiresAt: at(-1) }, cutoffs)).toBe(false);
    expect(isEmailTokenStale({ expiresAt: at(-EMAIL_TOKEN_KEPT_DAYS * DAY + HOUR) }, cutoffs)).toBe(false);
  });
  it('go after that, used or not', () => {
    expect(isEmailTokenStale({ expiresAt: at(-EMAIL_TOKEN_KEPT_DAYS * DAY - 1) }, cutoffs)).toBe(true);
  });
});

describe('rate-limit counters', () => {
  it('go once their window started before the longest window ago', () => {
    expect(isRateLimitStale({ windowStart: at(-HOUR - 1) }, cutoffs)).toBe(true);
  });
  it('stay while they may still count', () => {
    expect(isRateLimitStale({ windowStart: at(-HOUR + 1000) }, cutoffs)).toBe(false);
  });
  it('follow the longest window given', () => {
    expect(isRateLimitStale({ windowStart: at(-2 * HOUR) }, retentionCutoffs(now, 3 * 60 * 60))).toBe(false);
  });
});

describe('idempotency keys of writes', () => {
  it('stay for their 24 hours, so a repeat within them gets the first answer', () => {
    expect(isIdempotencyKeyStale({ createdAt: at(-DAY + 1000) }, cutoffs)).toBe(false);
  });
  it('go after that', () => {
    expect(isIdempotencyKeyStale({ createdAt: at(-DAY - 1) }, cutoffs)).toBe(true);
  });
});

describe('newsletter records', () => {
  const signUp = { consentAt: at(-31 * DAY), confirmedAt: null, unsubscribedAt: null };
  it('go 30 days after a consent never confirmed', () => {
    expect(isSubscriptionStale(signUp, cutoffs)).toBe(true);
    expect(isSubscriptionStale({ ...signUp, consentAt: at(-29 * DAY) }, cutoffs)).toBe(false);
  });
  it('stay while confirmed, however old', () => {
    expect(isSubscriptionStale({ ...signUp, consentAt: at(-2000 * DAY), confirmedAt: at(-1999 * DAY) }, cutoffs)).toBe(false);
  });
  it('go three years after unsubscribing, not before', () => {
    expect(isSubscriptionStale({ ...signUp, confirmedAt: at(-1200 * DAY), unsubscribedAt: new Date('2023-03-10T11:59:59Z') }, cutoffs)).toBe(true);
    expect(isSubscriptionStale({ ...signUp, confirmedAt: at(-1200 * DAY), unsubscribedAt: new Date('2023-03-10T12:00:01Z') }, cutoffs)).toBe(false);
  });
});

describe('import jobs', () => {
  const job = (overrides: Partial<ImportJobFacts> = {}): ImportJobFacts => ({ status: 'done', updatedAt: at(-DAY), rankForReader: 1, ...overrides });
  it(`keep a reader's latest ${IMPORT_JOBS_KEPT}`, () => {
    expect(isImportJobStale(job({ rankForReader: IMPORT_JOBS_KEPT }), cutoffs)).toBe(false);
    expect(isImportJobStale(job({ rankForReader: IMPORT_JOBS_KEPT + 1 }), cutoffs)).toBe(true);
  });
  it(`go after ${IMPORT_JOB_MAX_AGE_DAYS} days untouched, even the latest`, () => {
    expect(isImportJobStale(job({ updatedAt: at(-IMPORT_JOB_MAX_AGE_DAYS * DAY - 1) }), cutoffs)).toBe(true);
    expect(isImportJobStale(job({ updatedAt: at(-IMPORT_JOB_MAX_AGE_DAYS * DAY + HOUR) }), cutoffs)).toBe(false);
  });
  it('go in review and failed alike', () => {
    expect(isImportJobStale(job({ status: 'review', rankForReader: 9 }), cutoffs)).toBe(true);
    expect(isImportJobStale(job({ status: 'failed', rankForReader: 9 }), cutoffs)).toBe(true);
  });
  it('never go while being matched or applied', () => {
    expect(isImportJobStale(job({ status: 'matching', rankForReader: 9, updatedAt: at(-400 * DAY) }), cutoffs)).toBe(false);
    expect(isImportJobStale(job({ status: 'applying', rankForReader: 9, updatedAt: at(-400 * DAY) }), cutoffs)).toBe(false);
  });
});
