import { CATALOGUE_ANSWER_TAGS } from '../../src/domain/cdn/cache-tags.ts';
import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { listBooks } from '../../db/queries/lists.ts';
import { BookListQuerySchema } from '../../src/domain/schemas/lists.ts';
import { answerBookList } from './_shared/catalogue-lists.ts';
import { createBook } from '../../db/queries/editorial/books.ts';
import { requireEditor, savedAnswer, schemasNow, unwrap } from './_shared/editorial.ts';
import { handle, ok, parseJson, parseQuery } from './_shared/http.ts';
import { requireUser } from './_shared/session.ts';

/**
 * GET /api/books: one page of the book list with the spec's filters and sorts (issue 3). Answered from the instance's
 * in-memory copy of the catalogue (_shared/catalogue-lists.ts; ADR 0021), current within the version check. The reading-list filter (`list`,
 * issue 12) is the signed-in reader's own: it needs a session, and its pages are never cached or shared.
 */
export default handle({
  GET: async (req, ctx) => {
    const query = parseQuery(req, BookListQuerySchema);
    const locale = query.lang ?? ctx.locale;
    if (query.list) {
      const user = await requireUser(req);
      return ok(await listBooks(await getDb(), query, locale, user.id), { headers: { 'cache-control': 'private, no-store' } });
    }
    const page = await answerBookList(query, locale);
    return ok(page, { headers: { 'cache-control': 'public, max-age=60', 'netlify-cache-tag': CATALOGUE_ANSWER_TAGS, vary: 'Accept-Language' } });
  },
  /** Adds a book (issue 13; super users only); answers its id and slug, and asks for a rebuild. */
  POST: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const input = await parseJson(req, schemasNow().createBook);
    return savedAnswer(ctx, 'book', unwrap('book', await createBook(await getDb(), actor, input)), 201);
  },
});

export const config: Config = { path: '/api/books' };
