import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { deleteBook, findBookRecord, updateBook } from '../../db/queries/editorial/books.ts';
import { found, IdParams, RefParams, requireEditor, savedAnswer, schemasNow, unwrap } from './_shared/editorial.ts';
import { handle, ok, parseJson, parseParams } from './_shared/http.ts';

/**
 * /api/books/{id} (issue 13 point 1; super users only): GET the book as its edit form loads it
 * (by id or slug), PATCH what the form changed, DELETE it. Writes record their history
 * and ask for a static rebuild. `/api/books/search` stays with its own function (excludedPath).
 */
export default handle({
  GET: async (req, ctx) => {
    await requireEditor(req);
    const { id } = parseParams(ctx.params, RefParams);
    return ok(found('book', await findBookRecord(await getDb(), id)));
  },
  PATCH: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, IdParams);
    const input = await parseJson(req, schemasNow().updateBook);
    return savedAnswer(unwrap('book', await updateBook(await getDb(), actor, id, input)));
  },
  DELETE: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, IdParams);
    return savedAnswer(unwrap('book', await deleteBook(await getDb(), actor, id)));
  },
});

export const config: Config = { path: '/api/books/:id', excludedPath: '/api/books/search' };
