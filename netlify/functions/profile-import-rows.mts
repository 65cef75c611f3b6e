import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { readImportRows } from '../../db/queries/open-data/import-jobs.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { IMPORT_ROWS_PAGE_SIZE, ImportJobParamsSchema, ImportRowsQuerySchema } from '../../src/domain/schemas/import.ts';
import { handle, ok, parseQuery } from './_shared/http.ts';
import { requireUser } from './_shared/session.ts';

/**
 * GET /api/profile/imports/{id}/rows?group=matched|uncertain|unmatched&page= (issue 16 point 1): the
 * review step, a page (50) of one group of the job's rows with the books they name (matched: the
 * book and its edition; uncertain: up to three candidates and the reader's choice).
 */
export default handle({
  GET: async (req, ctx) => {
    const user = await requireUser(req);
    const params = ImportJobParamsSchema.safeParse(ctx.params);
    if (!params.success) throw new ApiError('NOT_FOUND', 'api.error.importNotFound');
    const { group, page } = parseQuery(req, ImportRowsQuerySchema);
    const rows = await readImportRows(await getDb(), user.id, params.data.id, group, page, ctx.locale);
    if (!rows) throw new ApiError('NOT_FOUND', 'api.error.importNotFound');
    return ok({ ...rows, page, pageSize: IMPORT_ROWS_PAGE_SIZE }, { headers: { 'cache-control': 'private, no-store' } });
  },
});

export const config: Config = { path: '/api/profile/imports/:id/rows' };
