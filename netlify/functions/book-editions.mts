import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { findBookId, listEditions } from '../../db/queries/editions.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { BookRefSchema } from '../../src/domain/schemas/edition.ts';
import { z } from 'zod';
import { handle, ok, parseParams } from './_shared/http.ts';

const ParamsSchema = z.object({ id: BookRefSchema });

/** GET /api/books/{id}/editions: every edition of a book (spec §7), by book id or slug. */
export default handle({
  GET: async (_req, ctx) => {
    const { id } = parseParams(ctx.params, ParamsSchema);
    const db = await getDb();
    const bookId = await findBookId(db, id);
    if (bookId === null) throw new ApiError('NOT_FOUND', 'api.error.bookNotFound');
    return ok(await listEditions(db, bookId));
  },
});

export const config: Config = { path: '/api/books/:id/editions' };
