import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { getDb } from '../../db/client.ts';
import { moderateReview } from '../../db/queries/editorial/reviews.ts';
import { ModerationReasonSchema, ReviewParamsSchema } from '../../src/domain/schemas/moderation.ts';
import { requireEditor } from './_shared/editorial.ts';
import { notePopularityWrite } from './_shared/catalogue-index.ts';
import { handle, ok, parseJson, parseParams } from './_shared/http.ts';
import { unwrapModeration } from './_shared/moderation.ts';

const Params = ReviewParamsSchema.extend({ action: z.enum(['hide', 'unhide'], 'validation.moderation.action') });

/**
 * POST /api/admin/reviews/{book|author}/{id}/hide `{reason}` and .../unhide (no body) (issue 13
 * point 5; super users only): a hidden review leaves every public list at once (no rebuild: reviews
 * are read live); the reason is kept on the review and in the admin history.
 */
export default handle({
  POST: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { kind, id, action } = parseParams(ctx.params, Params);
    const change = action === 'hide' ? { kind: 'hide' as const, reason: (await parseJson(req, ModerationReasonSchema)).reason } : { kind: 'unhide' as const };
    const moderated = unwrapModeration(await moderateReview(await getDb(), actor, kind, id, change, ctx.locale));
    await notePopularityWrite();
    return ok(moderated);
  },
});

export const config: Config = { path: '/api/admin/reviews/:kind/:id/:action' };
