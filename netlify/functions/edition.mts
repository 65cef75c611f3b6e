import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { deleteEdition, promoteEdition, updateEdition } from '../../db/queries/editorial/editions.ts';
import { editionRuleError } from '../../src/domain/editorial/edition-rules.ts';
import { EditionIdParamsSchema, editionInputSchema, maxEditionYear, PromoteEditionSchema } from '../../src/domain/schemas/edition.ts';
import { handle, noContent, ok, parseParams, parseValue, readJson } from './_shared/http.ts';
import { requestRebuild } from './_shared/rebuild.ts';
import { requireRole } from './_shared/session.ts';

/**
 * /api/editions/{id} (super users; spec §7, issue 13 point 2):
 * - PATCH with only `{ isPrimaryEdition: true }`: makes the edition the book's primary one, demoting
 *   the old primary in the same transaction;
 * - PATCH with the edition's fields (as POST /api/books/{id}/editions): replaces them; left-out
 *   optional values become empty (the form leaves empty values out, spec §5);
 * - DELETE: removes the edition; the primary edition is refused (409, spec §8).
 * Each write asks for a static rebuild (book pages show the editions).
 */
export default handle({
  PATCH: async (req, ctx) => {
    await requireRole(req, 'SUPER_USER');
    const { id } = parseParams(ctx.params, EditionIdParamsSchema);
    const body = await readJson(req);
    const promote = PromoteEditionSchema.safeParse(body).success;
    const db = await getDb();
    const result = promote ? await promoteEdition(db, id) : await updateEdition(db, id, parseValue(body, editionInputSchema(maxEditionYear(new Date()))));
    if (!result.ok) throw editionRuleError(result.violation);
    // TODO(issue 13 point 8, history): record this write (who, when, before, after: result.value) once the admin history table lands.
    requestRebuild();
    return ok(result.value);
  },
  DELETE: async (req, ctx) => {
    await requireRole(req, 'SUPER_USER');
    const { id } = parseParams(ctx.params, EditionIdParamsSchema);
    const result = await deleteEdition(await getDb(), id);
    if (!result.ok) throw editionRuleError(result.violation);
    // TODO(issue 13 point 8, history): record this delete (who, when, before: the edition, after: none) once the admin history table lands.
    requestRebuild();
    return noContent();
  },
});

export const config: Config = { path: '/api/editions/:id' };
