import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { listHistory } from '../../db/queries/editorial/history.ts';
import { HistoryQuerySchema } from '../../src/domain/schemas/editorial.ts';
import { requireEditor } from './_shared/editorial.ts';
import { handle, ok, parseQuery } from './_shared/http.ts';

/**
 * GET /api/admin/history?entity=book&id=42&page=1 (issue 13 point 8; super users only): the admin
 * writes of one thing, newest first, with who, when, what and the thing before and after; a book's
 * also has its editions' writes and the award finalists saves that named it, and every page the names
 * of the authors, genres, series, awards and categories its records name by id (issue 29 point 17).
 */
export default handle({
  GET: async (req, ctx) => {
    await requireEditor(req);
    const query = parseQuery(req, HistoryQuerySchema);
    return ok(await listHistory(await getDb(), query, ctx.locale));
  },
});

export const config: Config = { path: '/api/admin/history' };
