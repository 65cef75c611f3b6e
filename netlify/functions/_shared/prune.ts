/**
 * The hourly prune (issue 26 point 6; netlify/functions/prune-expired.mts): removes every kind of
 * row past its time by the retention rules (src/domain/runtime/retention.ts), each kind in batched
 * statements (db/queries/runtime/batched-delete.ts), and logs how many went. A kind that fails is
 * logged and does not stop the others; the run then fails, and the next one tries again.
 */
import { getDb } from '../../../db/client.ts';
import { pruneEmailTokens, pruneRateLimits } from '../../../db/queries/accounts.ts';
import { pruneSubscriptions } from '../../../db/queries/newsletter/subscriptions.ts';
import { pruneImportJobs } from '../../../db/queries/open-data/import-jobs.ts';
import { pruneIdempotencyKeys } from '../../../db/queries/runtime/idempotency-keys.ts';
import { pruneSessions } from '../../../db/queries/sessions.ts';
import { retentionCutoffs } from '../../../src/domain/runtime/retention.ts';
import { RATE_LIMIT_LONGEST_WINDOW_SECONDS } from './rate-limit.ts';

/** Rows removed per kind. */
export interface PruneCounts {
  sessions: number;
  emailTokens: number;
  rateLimits: number;
  newsletterSubscriptions: number;
  importJobs: number;
  idempotencyKeys: number;
}

/** Removes what is past its time at `now`; returns how many rows of each kind went. */
export async function pruneExpired(now = new Date()): Promise<PruneCounts> {
  const db = await getDb();
  const cutoffs = retentionCutoffs(now, RATE_LIMIT_LONGEST_WINDOW_SECONDS);
  const kinds: Record<keyof PruneCounts, () => Promise<number>> = {
    sessions: () => pruneSessions(db, cutoffs.sessionsEndedBefore),
    emailTokens: () => pruneEmailTokens(db, cutoffs.emailTokensExpiredBefore),
    rateLimits: () => pruneRateLimits(db, cutoffs.rateLimitWindowsBefore),
    newsletterSubscriptions: () => pruneSubscriptions(db, { unconfirmedBefore: cutoffs.newsletterUnconfirmedBefore, unsubscribedBefore: cutoffs.newsletterUnsubscribedBefore }),
    importJobs: () => pruneImportJobs(db, cutoffs.importJobsUntouchedBefore),
    idempotencyKeys: () => pruneIdempotencyKeys(db, cutoffs.idempotencyKeysMadeBefore),
  };
  const counts = {} as PruneCounts;
  const failures: unknown[] = [];
  for (const [kind, prune] of Object.entries(kinds) as [keyof PruneCounts, () => Promise<number>][]) {
    try {
      counts[kind] = await prune();
    } catch (error) {
      console.error(`Pruning ${kind} failed:`, error);
      failures.push(error);
    }
  }
  console.log('Pruned expired rows:', JSON.stringify(counts));
  if (failures.length > 0) throw new AggregateError(failures, `Pruning failed for ${failures.length} kind(s)`);
  return counts;
}
