import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { readReadingHistory } from '../../db/queries/open-data/reading-history.ts';
import { goodreadsCsv } from '../../src/domain/open-data/goodreads-csv.ts';
import { handle } from './_shared/http.ts';
import { requireUser } from './_shared/session.ts';

/**
 * GET /api/profile/export.csv (issue 16 point 2): the signed-in reader's shelves, ratings and
 * reviews in Goodreads' library export layout, for other sites' Goodreads importers. Own data only:
 * the id comes from the session, never from the request.
 */
export default handle({
  GET: async (req) => {
    const user = await requireUser(req);
    const csv = goodreadsCsv(await readReadingHistory(await getDb(), user.id));
    return new Response(csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="phantastika-goodreads-export.csv"',
        'cache-control': 'private, no-store',
      },
    });
  },
});

export const config: Config = { path: '/api/profile/export.csv' };
