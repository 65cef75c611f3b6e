import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { addToReadingList, listReadingList } from '../../db/queries/reader/reading-list.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { AddToReadingListSchema, ReadingListQuerySchema } from '../../src/domain/schemas/reader.ts';
import { handle, ok, parseJson, parseQuery } from './_shared/http.ts';
import { settleGuarded, userWriteGuard } from './_shared/rate-limit.ts';
import { requireSessionRef, requireUser } from './_shared/session.ts';

const PRIVATE = { 'cache-control': 'private, no-store' };

/**
 * The signed-in reader's own reading list (spec §3, §4, §7; issue 12):
 * - GET /api/reading-list?status=&page=: a page of it, newest first, with counts per status;
 * - POST /api/reading-list {bookId, status = to_read}: adds the book, or sets its status when it is
 *   there already (201 when added, 200 when changed; 404 for an unknown book).
 */
export default handle({
  GET: async (req, ctx) => {
    const user = await requireUser(req);
    const query = parseQuery(req, ReadingListQuerySchema);
    return ok(await listReadingList(await getDb(), user.id, query, ctx.locale), { headers: PRIVATE });
  },
  POST: async (req, ctx) => {
    const session = await requireSessionRef(req);
    const { bookId, status } = await parseJson(req, AddToReadingListSchema);
    const guard = await userWriteGuard('readerWrite', session);
    const added = settleGuarded(req, await addToReadingList(await getDb(), guard, bookId, status, ctx.locale));
    if (!added) throw new ApiError('NOT_FOUND', 'api.error.bookNotFound');
    return ok(added.entry, { status: added.created ? 201 : 200, headers: PRIVATE });
  },
});

export const config: Config = { path: '/api/reading-list' };
