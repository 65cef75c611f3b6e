import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { bookOfEdition, deleteEdition, promoteEdition, updateEdition } from '../../db/queries/editorial/editions.ts';
import { cacheTag } from '../../src/domain/cdn/cache-tags.ts';
import { etagOf } from '../../src/domain/editorial/versions.ts';
import { EditionIdParamsSchema, editionPatchSchema, maxEditionYear, PromoteEditionSchema } from '../../src/domain/schemas/edition.ts';
import { noteCatalogueWrite } from './_shared/catalogue-index.ts';
import { handle, noContent, ok, parseParams, parseValue, readJson } from './_shared/http.ts';
import { requestRebuild } from './_shared/rebuild.ts';
import { editionValue, expectedVersionOf, requireEditor } from './_shared/editorial.ts';

/**
 * /api/editions/{id} (super users; spec §7, issue 13 point 2):
 * - PATCH with only `{ isPrimaryEdition: true }`: makes the edition the book's primary one, demoting
 *   the old primary in the same transaction;
 * - PATCH with the edition's fields (as POST /api/books/{id}/editions): replaces them; left-out
 *   optional values become empty (the form leaves empty values out, spec §5);
 * - DELETE: removes the edition; the primary edition is refused (409, spec §8).
 * Each write names the version it is based on (`If-Match: "v<n>"` or the body's `version`; issue 27
 * point 4): a stale one is a 409 with the current edition. Each write is recorded in the admin
 * history and asks for a static rebuild (book pages show the editions).
 */
export default handle({
  PATCH: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, EditionIdParamsSchema);
    const body = await readJson(req);
    const promotion = PromoteEditionSchema.safeParse(body);
    const db = await getDb();
    let edition;
    if (promotion.success) {
      edition = editionValue(await promoteEdition(db, id, actor, expectedVersionOf(req, promotion.data)));
    } else {
      const { version, ...input } = parseValue(body, editionPatchSchema(maxEditionYear(new Date())));
      edition = editionValue(await updateEdition(db, id, input, actor, expectedVersionOf(req, { version })));
    }
    await noteCatalogueWrite([cacheTag('book', edition.bookId)]); // its book's page lists it (ADR 0037)
    await requestRebuild(ctx);
    return ok(edition, { headers: { etag: etagOf(edition.version) } });
  },
  DELETE: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, EditionIdParamsSchema);
    const db = await getDb();
    const bookId = await bookOfEdition(db, id);
    editionValue(await deleteEdition(db, id, actor, expectedVersionOf(req)));
    await noteCatalogueWrite(bookId === null ? [] : [cacheTag('book', bookId)]);
    await requestRebuild(ctx);
    return noContent();
  },
});

export const config: Config = { path: '/api/editions/:id' };
