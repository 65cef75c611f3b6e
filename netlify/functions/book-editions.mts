import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { listEditions } from '../../db/queries/editions.ts';
import { findBookId } from '../../db/queries/refs.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { BookRefSchema, type Edition } from '../../src/domain/schemas/edition.ts';
import { z } from 'zod';
import { createAnswerCache } from './_shared/answer-cache.ts';
import { handle, ok, parseParams } from './_shared/http.ts';

const ParamsSchema = z.object({ id: BookRefSchema });
const cached = createAnswerCache<Edition[] | null>();

/** GET /api/books/{id}/editions: every edition of a book (spec §7), by book id or slug. */
export default handle({
  GET: async (_req, ctx) => {
    const { id } = parseParams(ctx.params, ParamsSchema);
    const editions = await cached(String(id), async () => {
      const db = await getDb();
      const bookId = await findBookId(db, id);
      return bookId === null ? null : listEditions(db, bookId);
    });
    if (editions === null) throw new ApiError('NOT_FOUND', 'api.error.bookNotFound');
    return ok(editions);
  },
});

export const config: Config = { path: '/api/books/:id/editions' };
