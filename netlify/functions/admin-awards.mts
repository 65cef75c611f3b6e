import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { createAward, listAwardsAdmin } from '../../db/queries/editorial/awards.ts';
import { AwardInputSchema } from '../../src/domain/schemas/awards-admin.ts';
import { awardAnswer } from './_shared/awards-admin.ts';
import { requireEditor } from './_shared/editorial.ts';
import { handle, ok, parseJson } from './_shared/http.ts';

/**
 * /api/admin/awards (issue 13 point 4; super users only): GET every award with its categories; POST
 * `{name, slug?, names {en, de, it}, about {en, de, it}}` adds one (201, with the rebuild it asked for).
 */
export default handle({
  GET: async (req) => {
    await requireEditor(req);
    return ok(await listAwardsAdmin(await getDb()), { headers: { 'cache-control': 'private, no-store' } });
  },
  POST: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const input = await parseJson(req, AwardInputSchema);
    return awardAnswer(ctx, await createAward(await getDb(), actor, input), 201);
  },
});

export const config: Config = { path: '/api/admin/awards' };
