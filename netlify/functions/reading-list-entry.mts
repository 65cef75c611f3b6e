import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { getDb } from '../../db/client.ts';
import { removeFromReadingList, updateReadingListStatus } from '../../db/queries/reader/reading-list.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { UpdateReadingListSchema } from '../../src/domain/schemas/reader.ts';
import { IdParamSchema } from '../../src/domain/schemas/refs.ts';
import { handle, noContent, ok, parseJson, parseParams } from './_shared/http.ts';
import { settleGuarded, userWriteGuard } from './_shared/rate-limit.ts';
import { requireSessionRef } from './_shared/session.ts';

const ParamsSchema = z.object({ bookId: IdParamSchema });

/**
 * One entry of the signed-in reader's own list, by book id (issue 12; spec §4 "status can be changed
 * or removed"): PATCH {status} changes it, DELETE removes it (204); 404 when the book is not in the list.
 */
export default handle({
  PATCH: async (req, ctx) => {
    const session = await requireSessionRef(req);
    const { bookId } = parseParams(ctx.params, ParamsSchema);
    const { status } = await parseJson(req, UpdateReadingListSchema);
    const guard = await userWriteGuard('readerWrite', session);
    const entry = settleGuarded(req, await updateReadingListStatus(await getDb(), guard, bookId, status, ctx.locale));
    if (!entry) throw new ApiError('NOT_FOUND', 'api.error.notInReadingList');
    return ok(entry, { headers: { 'cache-control': 'private, no-store' } });
  },
  DELETE: async (req, ctx) => {
    const session = await requireSessionRef(req);
    const { bookId } = parseParams(ctx.params, ParamsSchema);
    const guard = await userWriteGuard('readerWrite', session);
    if (!settleGuarded(req, await removeFromReadingList(await getDb(), guard, bookId))) throw new ApiError('NOT_FOUND', 'api.error.notInReadingList');
    return noContent();
  },
});

export const config: Config = { path: '/api/reading-list/:bookId' };
