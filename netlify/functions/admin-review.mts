import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { moderateReview } from '../../db/queries/editorial/reviews.ts';
import { ModerationReasonSchema, ReviewParamsSchema } from '../../src/domain/schemas/moderation.ts';
import { requireEditor } from './_shared/editorial.ts';
import { notePopularityWrite } from './_shared/catalogue-index.ts';
import { handle, ok, parseJson, parseParams } from './_shared/http.ts';
import { unwrapModeration } from './_shared/moderation.ts';

/**
 * DELETE /api/admin/reviews/{book|author}/{id} `{reason}` (issue 13 point 5; super users only):
 * removes a review's text (the star rating stays); the text and the reason stay in the admin history.
 */
export default handle({
  DELETE: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { kind, id } = parseParams(ctx.params, ReviewParamsSchema);
    const { reason } = await parseJson(req, ModerationReasonSchema);
    const moderated = unwrapModeration(await moderateReview(await getDb(), actor, kind, id, { kind: 'remove', reason }, ctx.locale));
    await notePopularityWrite();
    return ok(moderated);
  },
});

export const config: Config = { path: '/api/admin/reviews/:kind/:id' };
