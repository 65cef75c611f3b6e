import type { Config } from '@netlify/functions';
import { ensureRollups } from './_shared/analytics.ts';
import { handle, noContent } from './_shared/http.ts';

/**
 * Netlify scheduled function (issue 14 point 2), shortly after midnight UTC: rolls up the day that
 * ended, removes raw events past the retention and deletes the ended day's salt, also when nobody
 * opens the dashboard or sends an event that day. The dashboard and the event endpoint do the same
 * when they run first; under `npm start` (no scheduler) they are what does it. Idempotent.
 */
export default handle({
  POST: async () => {
    await ensureRollups(new Date());
    return noContent();
  },
});

export const config: Config = { schedule: '5 0 * * *' };
