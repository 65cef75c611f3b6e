/**
 * Rate limits of the account endpoints and of readers' writes, counted in the database. Exceeding one answers 429 with
 * Retry-After. Nobody can lock someone else out (issue 10): sign-in failures count per account and
 * address with growing delays (src/domain/login-throttle.ts); the mail-sending endpoints count per
 * account and address, with a looser cap per account that keeps an inbox from being flooded.
 * Expired counters are pruned, at most once a minute per instance.
 */
import type { Context } from '@netlify/functions';
import { getDb } from '../../../db/client.ts';
import { clearRateLimit, hitRateLimit, peekRateLimit, pruneRateLimits, recordFailure } from '../../../db/queries/accounts.ts';
import { ApiError } from '../../../src/domain/envelope.ts';
import { getEnv } from './env.ts';
import { LOGIN_ADDRESS_FAILURES, LOGIN_FAILURES_FORGOTTEN_AFTER_SECONDS, loginWaitSeconds } from '../../../src/domain/login-throttle.ts';

export interface Limit {
  limit: number;
  windowSeconds: number;
}

/** Requests allowed per window (sign-in failures are throttled separately, see `checkLogin`). */
export const LIMITS = {
  register: { address: { limit: 10, windowSeconds: 60 * 60 } },
  resend: { pair: { limit: 3, windowSeconds: 60 * 60 }, account: { limit: 10, windowSeconds: 60 * 60 }, address: { limit: 10, windowSeconds: 60 * 60 } },
  forgot: { pair: { limit: 3, windowSeconds: 60 * 60 }, account: { limit: 10, windowSeconds: 60 * 60 }, address: { limit: 10, windowSeconds: 60 * 60 } },
} as const satisfies Record<string, { pair?: Limit; account?: Limit; address: Limit }>;

/**
 * Writes per signed-in user (issue 12: "writes rate limited per user"): ratings, reviews and the
 * reading list, READER_WRITES_PER_MINUTE (default 60) a minute. Per account, not per address: readers
 * behind one address do not share a budget, and nobody can use up another's. A person clicking stars
 * and statuses stays far below it; a script does not.
 */
export const USER_LIMITS = {
  readerWrite: { limit: () => getEnv().READER_WRITES_PER_MINUTE, windowSeconds: 60 },
} as const satisfies Record<string, { limit: () => number; windowSeconds: number }>;

/** The longest window of any counter: older rows are expired. */
const LONGEST_WINDOW_SECONDS = Math.max(
  LOGIN_FAILURES_FORGOTTEN_AFTER_SECONDS,
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
  await pruneRateLimits(await getDb(), new Date(now.getTime() - LONGEST_WINDOW_SECONDS * 1000));
}

/** Counts a request of `action` and refuses it (429) past any of its limits. */
export async function enforceRateLimit(action: keyof typeof LIMITS, subjects: { account?: string; address: string }, now = new Date()): Promise<void> {
  const db = await getDb();
  await pruneNow(now);
  const policy: { pair?: Limit; account?: Limit; address: Limit } = LIMITS[action];
  const checks: [string, Limit][] = [[`${action}:ip:${subjects.address}`, policy.address]];
  if (subjects.account && policy.account) checks.push([`${action}:account:${subjects.account}`, policy.account]);
  if (subjects.account && policy.pair) checks.push([`${action}:pair:${subjects.account}|${subjects.address}`, policy.pair]);
  for (const [key, { limit, windowSeconds }] of checks) {
    const hit = await hitRateLimit(db, key, limit, windowSeconds, now);
    if (!hit.allowed) throw tooMany(hit.retryAfterSeconds);
  }
}

/** Counts a write of a signed-in user and refuses it (429 RATE_LIMITED with Retry-After) past the user's limit. */
export async function enforceUserRateLimit(action: keyof typeof USER_LIMITS, userId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await pruneNow(now);
  const { limit, windowSeconds } = USER_LIMITS[action];
  const hit = await hitRateLimit(db, `${action}:user:${userId}`, limit(), windowSeconds, now);
  if (!hit.allowed) throw new ApiError('RATE_LIMITED', 'api.error.tooManyWrites', undefined, { 'retry-after': String(hit.retryAfterSeconds) });
}

const pairKey = (account: string, address: string) => `login:pair:${account}|${address}`;
const addressKey = (address: string) => `login:ip:${address}`;

/** Before checking a password: 429 while this pair must wait, or while the address is over its cap. */
export async function checkLogin(account: string, address: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await pruneNow(now);
  const pair = await peekRateLimit(db, pairKey(account, address));
  if (pair) {
    const wait = loginWaitSeconds(pair.count, pair.windowStart, now);
    if (wait > 0) throw tooMany(wait);
  }
  const byAddress = await peekRateLimit(db, addressKey(address));
  if (byAddress && byAddress.count >= LOGIN_ADDRESS_FAILURES.limit) {
    const ends = byAddress.windowStart.getTime() + LOGIN_ADDRESS_FAILURES.windowSeconds * 1000;
    if (ends > now.getTime()) throw tooMany(Math.ceil((ends - now.getTime()) / 1000));
  }
}

/** After a wrong password: one more failure for the pair and for the address. */
export async function recordLoginFailure(account: string, address: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await recordFailure(db, pairKey(account, address), now);
  await hitRateLimit(db, addressKey(address), LOGIN_ADDRESS_FAILURES.limit, LOGIN_ADDRESS_FAILURES.windowSeconds, now);
}

/**
 * After a successful sign-in: the pair starts afresh. The address's count stays: otherwise signing
 * in to one's own account would reset the cap on guessing at others.
 */
export async function clearLoginFailures(account: string, address: string): Promise<void> {
  await clearRateLimit(await getDb(), pairKey(account, address));
}
