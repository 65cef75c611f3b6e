/**
 * Rate limits of the account endpoints (issue 4), per account and per client address, counted in
 * the database. Exceeding one answers 429 with Retry-After.
 */
import type { Context } from '@netlify/functions';
import { getDb } from '../../../db/client.ts';
import { hitRateLimit } from '../../../db/queries/accounts.ts';
import { ApiError } from '../../../src/domain/envelope.ts';

export interface Limit {
  limit: number;
  windowSeconds: number;
}

/** Attempts allowed per window. */
export const LIMITS = {
  login: { account: { limit: 5, windowSeconds: 15 * 60 }, address: { limit: 30, windowSeconds: 15 * 60 } },
  register: { address: { limit: 10, windowSeconds: 60 * 60 } },
  resend: { account: { limit: 3, windowSeconds: 60 * 60 }, address: { limit: 10, windowSeconds: 60 * 60 } },
  forgot: { account: { limit: 3, windowSeconds: 60 * 60 }, address: { limit: 10, windowSeconds: 60 * 60 } },
} as const satisfies Record<string, { account?: Limit; address: Limit }>;

/** The client address as the platform saw it (Netlify's context.ip), never a client-supplied header. */
export function clientAddress(context: Context | undefined): string {
  return context?.ip || 'unknown';
}

export async function enforceRateLimit(action: keyof typeof LIMITS, subjects: { account?: string; address: string }, now = new Date()): Promise<void> {
  const db = await getDb();
  const policy: { account?: Limit; address: Limit } = LIMITS[action];
  const checks: [string, Limit][] = [[`${action}:ip:${subjects.address}`, policy.address]];
  if (policy.account && subjects.account) checks.push([`${action}:account:${subjects.account}`, policy.account]);
  for (const [key, { limit, windowSeconds }] of checks) {
    const hit = await hitRateLimit(db, key, limit, windowSeconds, now);
    if (!hit.allowed) throw new ApiError('RATE_LIMITED', 'api.error.rateLimited', undefined, { 'retry-after': String(hit.retryAfterSeconds) });
  }
}
