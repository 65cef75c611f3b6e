import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { confirmedSubscribers } from '../../db/queries/newsletter/subscriptions.ts';
import { subscribersCsv } from '../../src/domain/newsletter/subscribers-csv.ts';
import { handle } from './_shared/http.ts';
import { requireRole } from './_shared/session.ts';

/**
 * GET /api/admin/newsletter/export (issue 14 point 4): the confirmed subscribers as a CSV download
 * (e-mail, language, consent time and text version, confirmation time), super users only. Errors
 * (401, 403) keep the JSON envelope; the file itself is no envelope.
 */
export default handle({
  GET: async (req) => {
    await requireRole(req, 'SUPER_USER');
    const csv = subscribersCsv(await confirmedSubscribers(await getDb()));
    const day = new Date().toISOString().slice(0, 10);
    return new Response(csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="newsletter-subscribers-${day}.csv"`,
        'cache-control': 'private, no-store',
      },
    });
  },
});

export const config: Config = { path: '/api/admin/newsletter/export' };
