import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { readUnmatchedRows } from '../../db/queries/open-data/import-jobs.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { unmatchedCsv } from '../../src/domain/open-data/import-file.ts';
import { ImportJobParamsSchema } from '../../src/domain/schemas/import.ts';
import { handle } from './_shared/http.ts';
import { requireUser } from './_shared/session.ts';

/**
 * GET /api/profile/imports/{id}/unmatched.csv (issue 16 point 1): the rows of an import that are not
 * in the catalogue (line, title, author, ISBN), as CSV; formula-like cells escaped (csvField).
 */
export default handle({
  GET: async (req, ctx) => {
    const user = await requireUser(req);
    const params = ImportJobParamsSchema.safeParse(ctx.params);
    if (!params.success) throw new ApiError('NOT_FOUND', 'api.error.importNotFound');
    const rows = await readUnmatchedRows(await getDb(), user.id, params.data.id);
    if (!rows) throw new ApiError('NOT_FOUND', 'api.error.importNotFound');
    return new Response(unmatchedCsv(rows), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="phantastika-import-not-in-catalogue.csv"',
        'cache-control': 'private, no-store',
      },
    });
  },
});

export const config: Config = { path: '/api/profile/imports/:id/unmatched.csv' };
