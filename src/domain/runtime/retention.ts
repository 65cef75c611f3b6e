/**
 * What the scheduled prune removes, and when (issue 26 point 6): one place that says how long each
 * kind of short-lived row is kept. The queries (db/queries/runtime/retention.ts) delete by the
 * cutoffs of `retentionCutoffs`; the `is*Stale` predicates state the same rules row by row, for the
 * tests and for anyone reading them.
 *
 * Pure: `now` and the rate limits' longest window are passed in (STYLE.md rule 1).
 */
import type { ImportJobStatus } from '../enums.ts';
import { consentProofCutoff, unconfirmedCutoff } from '../newsletter/subscription.ts';
import { idempotencyCutoffs } from './idempotency.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Days an e-mail link's row is kept after it expired. A link stops working when it is used, replaced
 * or past its expiry (30 minutes); until its row goes, a second click still hears "already used" or
 * "expired" rather than "not valid" (tests/integration/auth.test.ts). A week covers a mail read late.
 */
export const EMAIL_TOKEN_KEPT_DAYS = 7;

/** Settled jobs (in review, done, failed) a reader keeps; the import tab shows the latest (ADR 0026). */
export const IMPORT_JOBS_KEPT = 5;
/** Settled jobs not touched for this long go, whoever's they are (with their rows: up to 20,000 each). */
export const IMPORT_JOB_MAX_AGE_DAYS = 90;
/** Job states no worker is in: a job being matched or applied is never removed. */
export const SETTLED_IMPORT_JOB_STATUSES = ['review', 'done', 'failed'] as const satisfies readonly ImportJobStatus[];

/** The moments before which each kind of row is stale. */
export interface RetentionCutoffs {
  /** Sessions that expired, or were revoked, before this (now: a dead session answers as a missing one). */
  sessionsEndedBefore: Date;
  /** E-mail links whose expiry is before this. */
  emailTokensExpiredBefore: Date;
  /** Rate-limit counters whose window (or last sign-in failure) started before this. */
  rateLimitWindowsBefore: Date;
  /** Newsletter sign-ups never confirmed whose consent is older than this (privacy policy, section 10). */
  newsletterUnconfirmedBefore: Date;
  /** Unsubscribed newsletter rows, with their proof of consent, unsubscribed before this. */
  newsletterUnsubscribedBefore: Date;
  /** Settled import jobs last touched before this. */
  importJobsUntouchedBefore: Date;
  /** Idempotency keys of writes made before this (IDEMPOTENCY_KEY_HOURS, ADR 0031): past their window. */
  idempotencyKeysMadeBefore: Date;
}

/**
 * The cutoffs at `now`. `rateLimitLongestWindowSeconds` is the longest window of any counter
 * (netlify/functions/_shared/rate-limit.ts): an older counter counts nothing any more.
 * @example retentionCutoffs(new Date('2026-03-10T12:00:00Z'), 3600).emailTokensExpiredBefore // 2026-03-03T12:00:00Z
 */
export function retentionCutoffs(now: Date, rateLimitLongestWindowSeconds: number): RetentionCutoffs {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  return {
    sessionsEndedBefore: now,
    emailTokensExpiredBefore: ago(EMAIL_TOKEN_KEPT_DAYS * DAY_MS),
    rateLimitWindowsBefore: ago(rateLimitLongestWindowSeconds * 1000),
    newsletterUnconfirmedBefore: unconfirmedCutoff(now),
    newsletterUnsubscribedBefore: consentProofCutoff(now),
    importJobsUntouchedBefore: ago(IMPORT_JOB_MAX_AGE_DAYS * DAY_MS),
    idempotencyKeysMadeBefore: idempotencyCutoffs(now).expiredBefore,
  };
}

const before = (moment: Date | null, cutoff: Date) => moment !== null && moment.getTime() < cutoff.getTime();

/** A session past its expiry or revoked (signed out, signed out everywhere). */
export function isSessionStale(row: { expiresAt: Date; revokedAt: Date | null }, cutoffs: RetentionCutoffs): boolean {
  return before(row.expiresAt, cutoffs.sessionsEndedBefore) || before(row.revokedAt, cutoffs.sessionsEndedBefore);
}

/** An e-mail link expired more than EMAIL_TOKEN_KEPT_DAYS ago (a used link is kept as long, for its "already used"). */
export function isEmailTokenStale(row: { expiresAt: Date }, cutoffs: RetentionCutoffs): boolean {
  return before(row.expiresAt, cutoffs.emailTokensExpiredBefore);
}

/** A counter whose window started before the longest window ago. */
export function isRateLimitStale(row: { windowStart: Date }, cutoffs: RetentionCutoffs): boolean {
  return before(row.windowStart, cutoffs.rateLimitWindowsBefore);
}

/** A sign-up never confirmed (nor unsubscribed) past its 30 days, or an unsubscription past its three years. */
export function isSubscriptionStale(row: { consentAt: Date | null; confirmedAt: Date | null; unsubscribedAt: Date | null }, cutoffs: RetentionCutoffs): boolean {
  const unconfirmed = row.confirmedAt === null && row.unsubscribedAt === null && before(row.consentAt, cutoffs.newsletterUnconfirmedBefore);
  return unconfirmed || before(row.unsubscribedAt, cutoffs.newsletterUnsubscribedBefore);
}

/** An idempotency key past its window: a repeat would run afresh, so its answer is no use any more. */
export function isIdempotencyKeyStale(row: { createdAt: Date }, cutoffs: RetentionCutoffs): boolean {
  return before(row.createdAt, cutoffs.idempotencyKeysMadeBefore);
}

/** One import job, with its place among its reader's jobs (1: the newest by creation, then id). */
export interface ImportJobFacts {
  status: ImportJobStatus;
  updatedAt: Date;
  /** 1-based rank among all of the reader's jobs, newest first: the import tab lists the latest IMPORT_JOBS_KEPT. */
  rankForReader: number;
}

/**
 * A settled job beyond its reader's latest IMPORT_JOBS_KEPT, or not touched for IMPORT_JOB_MAX_AGE_DAYS;
 * a job being matched or applied never (ADR 0026).
 */
export function isImportJobStale(job: ImportJobFacts, cutoffs: RetentionCutoffs): boolean {
  if (!(SETTLED_IMPORT_JOB_STATUSES as readonly ImportJobStatus[]).includes(job.status)) return false;
  return job.rankForReader > IMPORT_JOBS_KEPT || before(job.updatedAt, cutoffs.importJobsUntouchedBefore);
}
