import type { Config } from '@netlify/functions';
import { pruneExpired } from './_shared/prune.ts';
import { scheduled } from './_shared/scheduled.ts';

/**
 * Netlify scheduled function (issue 26 point 6), every hour: removes expired and revoked sessions,
 * e-mail links a week past their expiry, rate-limit counters past the longest window, newsletter
 * records past their time and settled import jobs past ADR 0026's limits (the rules:
 * src/domain/runtime/retention.ts), and logs how many of each went. Only the scheduler sets it to
 * work; opening its URL does nothing (`scheduled()`, src/domain/runtime/scheduled-invocation.ts).
 * Under `npm start` the local server's timer calls it on the same schedule.
 */
export default scheduled('prune-expired', pruneExpired);

export const config: Config = { schedule: '@hourly' };
