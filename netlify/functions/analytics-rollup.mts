import type { Config } from '@netlify/functions';
import { ensureRollups } from './_shared/analytics.ts';
import { scheduled } from './_shared/scheduled.ts';

/**
 * Netlify scheduled function (issue 14 point 2), shortly after midnight UTC: rolls up the day that
 * ended, removes raw events past the retention and deletes the ended day's salt, also when nobody
 * opens the dashboard or sends an event that day. The dashboard and the event endpoint do the same
 * when they run first. Idempotent; still, like every scheduled function, only the scheduler (or the
 * local server's timer under `npm start`) sets it to work, and opening its URL does nothing
 * (`scheduled()`, src/domain/runtime/scheduled-invocation.ts).
 */
export default scheduled('analytics-rollup', ensureRollups);

export const config: Config = { schedule: '5 0 * * *' };
