import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { createEdition } from '../../db/queries/editorial/editions.ts';
import { listEditions, listEditorEditions } from '../../db/queries/editions.ts';
import { findBookId } from '../../db/queries/refs.ts';
import { cacheTag } from '../../src/domain/cdn/cache-tags.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { isSuperUser } from '../../src/domain/roles.ts';
import { BookRefSchema, editionInputSchema, maxEditionYear, type Edition } from '../../src/domain/schemas/edition.ts';
import { z } from 'zod';
import { createVersionedAnswerCache } from './_shared/answer-cache.ts';
import { noteCatalogueWrite } from './_shared/catalogue-index.ts';
import { editionValue, requireEditor } from './_shared/editorial.ts';
import { etagOf } from '../../src/domain/editorial/versions.ts';
import { handle, ok, parseJson, parseParams } from './_shared/http.ts';
import { requestRebuild } from './_shared/rebuild.ts';
import { getSessionUser } from './_shared/session.ts';

const ParamsSchema = z.object({ id: BookRefSchema });
const cached = createVersionedAnswerCache<Edition[] | null>({ maxEntries: 5_000 });

async function loadEditions(id: number | string, list: typeof listEditions = listEditions): Promise<Edition[] | null> {
  const db = await getDb();
  const bookId = await findBookId(db, id);
  return bookId === null ? null : list(db, bookId);
}

/**
 * /api/books/{id}/editions (spec §7), by book id or slug:
 * - GET: every edition of the book, primary first. Cached per instance under the catalogue's version
 *   (an edition write loads afresh; on the writing instance at once, issue 27 point 5) for everyone
 *   but super users, who edit them and read them live with their versions (issue 27 point 4).
 * - POST (super users; issue 13 point 2): adds an edition (spec §5 fields; 201 with the edition).
 *   The edition rules decide what the request leaves out; asks for a static rebuild (book pages show
 *   the editions; the pop-up reads them live).
 */
export default handle({
  GET: async (req, ctx) => {
    const { id } = parseParams(ctx.params, ParamsSchema);
    const editor = isSuperUser(await getSessionUser(req));
    const editions = editor ? await loadEditions(id, listEditorEditions) : await cached(String(id), () => loadEditions(id));
    if (editions === null) throw new ApiError('NOT_FOUND', 'api.error.bookNotFound');
    return ok(editions, editor ? { headers: { 'cache-control': 'private, no-store', vary: 'cookie' } } : undefined);
  },
  POST: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, ParamsSchema);
    const input = await parseJson(req, editionInputSchema(maxEditionYear(new Date())));
    const db = await getDb();
    const bookId = await findBookId(db, id);
    if (bookId === null) throw new ApiError('NOT_FOUND', 'api.error.bookNotFound');
    const edition = editionValue(await createEdition(db, bookId, input, actor));
    // The book's page (ADR 0037), and read-your-writes (issue 27 point 5): this instance's next answer
    // (cached or not) has the edition.
    await noteCatalogueWrite([cacheTag('book', bookId)]);
    await requestRebuild(ctx);
    return ok(edition, { status: 201, headers: { etag: etagOf(edition.version) } });
  },
});

export const config: Config = { path: '/api/books/:id/editions' };
