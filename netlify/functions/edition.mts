import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { deleteEdition, promoteEdition, updateEdition } from '../../db/queries/editorial/editions.ts';
import { editionRuleError } from '../../src/domain/editorial/edition-rules.ts';
import { EditionIdParamsSchema, editionInputSchema, maxEditionYear, PromoteEditionSchema } from '../../src/domain/schemas/edition.ts';
import { handle, noContent, ok, parseParams, parseValue, readJson } from './_shared/http.ts';
import { requestRebuild } from './_shared/rebuild.ts';
import { requireEditor } from './_shared/editorial.ts';

/**
 * /api/editions/{id} (super users; spec §7, issue 13 point 2):
 * - PATCH with only `{ isPrimaryEdition: true }`: makes the edition the book's primary one, demoting
 *   the old primary in the same transaction;
 * - PATCH with the edition's fields (as POST /api/books/{id}/editions): replaces them; left-out
 *   optional values become empty (the form leaves empty values out, spec §5);
 * - DELETE: removes the edition; the primary edition is refused (409, spec §8).
 * Each write is recorded in the admin history and asks for a static rebuild (book pages show the editions).
 */
export default handle({
  PATCH: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, EditionIdParamsSchema);
    const body = await readJson(req);
    const promote = PromoteEditionSchema.safeParse(body).success;
    const db = await getDb();
    const result = promote ? await promoteEdition(db, id, actor) : await updateEdition(db, id, parseValue(body, editionInputSchema(maxEditionYear(new Date()))), actor);
    if (!result.ok) throw editionRuleError(result.violation);
    await requestRebuild(ctx);
    return ok(result.value);
  },
  DELETE: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, EditionIdParamsSchema);
    const result = await deleteEdition(await getDb(), id, actor);
    if (!result.ok) throw editionRuleError(result.violation);
    await requestRebuild(ctx);
    return noContent();
  },
});

export const config: Config = { path: '/api/editions/:id' };
