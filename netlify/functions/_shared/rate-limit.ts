/**
 * Rate limits of the account endpoints and of readers' writes, counted in the database. Exceeding one answers 429 with
 * Retry-After. Nobody can lock someone else out (issues 10 and 27, docs/decisions/0029-account-abuse-limits.md):
 * sign-in failures count per account and address with growing delays, and per account from browsers
 * the account never signed in on (src/domain/login-throttle.ts); the mail-sending endpoints refuse per
 * address and per account and address only, and pace the mails to one inbox without refusing anyone
 * (`mayMailLink`, src/domain/account/link-pacing.ts).
 * Expired counters are pruned hourly by the scheduled prune (prune-expired.mts) and, as before, at most
 * once a minute per instance by the requests that count.
 */
import type { Context } from '@netlify/functions';
import { getDb } from '../../../db/client.ts';
import { advancePace, clearRateLimit, hitRateLimit, peekRateLimit, pruneRateLimits, recordFailure } from '../../../db/queries/accounts.ts';
import { LINK_PACE_FORGOTTEN_AFTER_SECONDS, linkMailDecision } from '../../../src/domain/account/link-pacing.ts';
import { ApiError } from '../../../src/domain/envelope.ts';
import type { SessionRef } from '../../../db/queries/sessions.ts';
import type { Guarded, WriterGuard } from '../../../db/queries/writer-guard.ts';
import { getEnv } from './env.ts';
import { unauthenticated } from './session.ts';
import { retentionCutoffs } from '../../../src/domain/runtime/retention.ts';
import { LOGIN_ACCOUNT_FREE_FAILURES, LOGIN_ADDRESS_FAILURES, LOGIN_FAILURES_FORGOTTEN_AFTER_SECONDS, loginWaitSeconds } from '../../../src/domain/login-throttle.ts';

export interface Limit {
  limit: number;
  windowSeconds: number;
}

/**
 * Requests allowed per window (sign-in failures are throttled separately, see `checkLogin`). The
 * account is the address named in the request; no limit counts per account alone (issue 27 point 2:
 * a stranger could use it up for the owner); the mails to one address are paced instead (`mayMailLink`).
 */
export const LIMITS = {
  register: { pair: { limit: 3, windowSeconds: 60 * 60 }, address: { limit: 10, windowSeconds: 60 * 60 } },
  resend: { pair: { limit: 3, windowSeconds: 60 * 60 }, address: { limit: 10, windowSeconds: 60 * 60 } },
  forgot: { pair: { limit: 3, windowSeconds: 60 * 60 }, address: { limit: 10, windowSeconds: 60 * 60 } },
  /** Newsletter sign-ups (issue 14): they mail a link, so limited like the other mail-sending endpoints. */
  newsletter: { pair: { limit: 3, windowSeconds: 60 * 60 }, address: { limit: 10, windowSeconds: 60 * 60 } },
  /** The unsubscribe page's "mail me my link" (issue 29 point 23): it mails a link, so limited the same way. */
  newsletterUnsubscribe: { pair: { limit: 3, windowSeconds: 60 * 60 }, address: { limit: 10, windowSeconds: 60 * 60 } },
} as const satisfies Record<string, { pair?: Limit; address: Limit }>;

/**
 * Writes per signed-in user (issue 12: "writes rate limited per user"): ratings, reviews and the
 * reading list, READER_WRITES_PER_MINUTE (default 60) a minute. Per account, not per address: readers
 * behind one address do not share a budget, and nobody can use up another's. A person clicking stars
 * and statuses stays far below it; a script does not.
 */
export const USER_LIMITS = {
  readerWrite: { limit: () => getEnv().READER_WRITES_PER_MINUTE, windowSeconds: 60 },
  /** Profile pictures a reader may upload per hour (issue 13 point 3): each costs about a second of CPU. */
  imageUpload: { limit: () => 20, windowSeconds: 60 * 60 },
  /** Reading-history imports a reader may upload per hour (issue 16 point 1): each parses up to 10 MB and matches up to 20,000 rows. */
  importUpload: { limit: () => 20, windowSeconds: 60 * 60, messageKey: 'api.error.tooManyImports' },
  /** Answers in an import's review step (a candidate per uncertain row, confirm, discard) per minute: a reader may click through hundreds. */
  importWrite: { limit: () => 600, windowSeconds: 60 },
  /** Messages to the chat assistant per golden reader and hour (issue 15 point 4; CHAT_MESSAGES_PER_HOUR, default 30). */
  /** Test mails of newsletter issues per super user and hour (issue 29 point 23): each goes to their own address only. */
  newsletterTestMail: { limit: () => 30, windowSeconds: 60 * 60 },
  chatMessage: { limit: () => getEnv().CHAT_MESSAGES_PER_HOUR, windowSeconds: 60 * 60, messageKey: 'api.error.tooManyChatMessages' },
} as const satisfies Record<string, { limit: () => number; windowSeconds: number; messageKey?: string }>;

/** The longest window of any counter: older rows are expired (src/domain/runtime/retention.ts). */
export const RATE_LIMIT_LONGEST_WINDOW_SECONDS = Math.max(
  LOGIN_FAILURES_FORGOTTEN_AFTER_SECONDS,
  LINK_PACE_FORGOTTEN_AFTER_SECONDS,
  ...Object.values(LIMITS).flatMap((l) => Object.values(l).map((x) => x.windowSeconds)),
  ...Object.values(USER_LIMITS).map((l) => l.windowSeconds),
);
const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;

/** The client address as the platform saw it (Netlify's context.ip), never a client-supplied header. */
export function clientAddress(context: Context | undefined): string {
  return context?.ip || 'unknown';
}

const tooMany = (seconds: number) => new ApiError('RATE_LIMITED', 'api.error.rateLimited', undefined, { 'retry-after': String(Math.max(1, seconds)) });

async function pruneNow(now: Date): Promise<void> {
  if (now.getTime() - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = now.getTime();
  await pruneRateLimits(await getDb(), retentionCutoffs(now, RATE_LIMIT_LONGEST_WINDOW_SECONDS).rateLimitWindowsBefore);
}

/** Counts a request of `action` and refuses it (429) past any of its limits. */
export async function enforceRateLimit(action: keyof typeof LIMITS, subjects: { account?: string; address: string }, now = new Date()): Promise<void> {
  const db = await getDb();
  await pruneNow(now);
  const policy: { pair?: Limit; address: Limit } = LIMITS[action];
  const checks: [string, Limit][] = [[`${action}:ip:${subjects.address}`, policy.address]];
  if (subjects.account && policy.pair) checks.push([`${action}:pair:${subjects.account}|${subjects.address}`, policy.pair]);
  for (const [key, { limit, windowSeconds }] of checks) {
    const hit = await hitRateLimit(db, key, limit, windowSeconds, now);
    if (!hit.allowed) throw tooMany(hit.retryAfterSeconds);
  }
}

/** The counter of a user's writes of `action`. */
const userLimitKey = (action: keyof typeof USER_LIMITS, userId: string) => `${action}:user:${userId}`;

/** Counts a write of a signed-in user and refuses it (429 RATE_LIMITED with Retry-After) past the user's limit. */
export async function enforceUserRateLimit(action: keyof typeof USER_LIMITS, userId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await pruneNow(now);
  const policy = USER_LIMITS[action];
  const hit = await hitRateLimit(db, userLimitKey(action, userId), policy.limit(), policy.windowSeconds, now);
  if (!hit.allowed) throw tooManyWrites(hit.retryAfterSeconds, 'messageKey' in policy ? policy.messageKey : undefined);
}

const tooManyWrites = (seconds: number, messageKey = 'api.error.tooManyWrites') => new ApiError('RATE_LIMITED', messageKey, undefined, { 'retry-after': String(seconds) });

/**
 * The same limit as `enforceUserRateLimit`, as a guard the write's own statement applies together
 * with the session check (db/queries/writer-guard.ts): one round trip instead of three.
 */
export async function userWriteGuard(action: keyof typeof USER_LIMITS, session: SessionRef, now = new Date()): Promise<WriterGuard> {
  await pruneNow(now);
  const { limit, windowSeconds } = USER_LIMITS[action];
  return { session, key: userLimitKey(action, session.userId), limit: limit(), windowSeconds, now };
}

/** A guarded write's answer: 401 for a session that is not live, 429 past the limit, else the write's result. */
export function settleGuarded<T>(req: Request, outcome: Guarded<T>): T | null {
  if (outcome.kind === 'signedOut') throw unauthenticated(req);
  if (outcome.kind === 'limited') throw tooManyWrites(outcome.retryAfterSeconds);
  return outcome.result;
}

/**
 * Whether a mail of `kind` may go to `recipient` now (src/domain/account/link-pacing.ts), counting it
 * when it may. Called after the answer (afterResponse), so a paced request answers like any other.
 */
export async function mayMailLink(kind: string, recipient: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const key = `mail:${kind}:${recipient.toLowerCase()}`;
  const seen = await peekRateLimit(db, key);
  const decision = linkMailDecision(seen && { sent: seen.count, lastSentAt: seen.windowStart }, now);
  if (!decision.send) return false;
  return advancePace(db, key, seen, decision.sent + 1, now);
}

const pairKey = (account: string, address: string) => `login:pair:${account}|${address}`;
const addressKey = (address: string) => `login:ip:${address}`;
const accountKey = (account: string) => `login:account:${account}`;

/** 429 while `key`'s failures must still wait (growing delays after `free` of them). */
async function checkDelay(db: Awaited<ReturnType<typeof getDb>>, key: string, free: number | undefined, now: Date): Promise<void> {
  const failures = await peekRateLimit(db, key);
  if (!failures) return;
  const wait = loginWaitSeconds(failures.count, failures.windowStart, now, free);
  if (wait > 0) throw tooMany(wait);
}

/**
 * Before checking a password (sign-in, deleting the account): 429 while this pair must wait, while
 * the address is over its cap, or, unless the request comes from a browser the account signed in on
 * (`knownDevice`), while the account's failures from everywhere else must wait.
 */
export async function checkLogin(account: string, address: string, knownDevice: boolean, now = new Date()): Promise<void> {
  const db = await getDb();
  await pruneNow(now);
  await checkDelay(db, pairKey(account, address), undefined, now);
  const byAddress = await peekRateLimit(db, addressKey(address));
  if (byAddress && byAddress.count >= LOGIN_ADDRESS_FAILURES.limit) {
    const ends = byAddress.windowStart.getTime() + LOGIN_ADDRESS_FAILURES.windowSeconds * 1000;
    if (ends > now.getTime()) throw tooMany(Math.ceil((ends - now.getTime()) / 1000));
  }
  if (!knownDevice) await checkDelay(db, accountKey(account), LOGIN_ACCOUNT_FREE_FAILURES, now);
}

/** After a wrong password: one more failure for the pair, the address and (from an unknown browser) the account. */
export async function recordLoginFailure(account: string, address: string, knownDevice: boolean, now = new Date()): Promise<void> {
  const db = await getDb();
  await recordFailure(db, pairKey(account, address), now, LOGIN_FAILURES_FORGOTTEN_AFTER_SECONDS);
  await hitRateLimit(db, addressKey(address), LOGIN_ADDRESS_FAILURES.limit, LOGIN_ADDRESS_FAILURES.windowSeconds, now);
  if (!knownDevice) await recordFailure(db, accountKey(account), now, LOGIN_FAILURES_FORGOTTEN_AFTER_SECONDS);
}

/**
 * After a successful sign-in: the pair starts afresh. The address's count stays: otherwise signing
 * in to one's own account would reset the cap on guessing at others. So does the account's: the owner
 * signing in must not hand a guesser a fresh allowance.
 */
export async function clearLoginFailures(account: string, address: string): Promise<void> {
  await clearRateLimit(await getDb(), pairKey(account, address));
}
