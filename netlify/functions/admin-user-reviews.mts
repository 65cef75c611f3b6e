import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { getDb } from '../../db/client.ts';
import { listUserReviews } from '../../db/queries/editorial/reviews.ts';
import { UserIdSchema } from '../../src/domain/schemas/admin-users.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { requireEditor } from './_shared/editorial.ts';
import { handle, ok, parseParams } from './_shared/http.ts';

const Params = z.object({ id: UserIdSchema });

/** GET /api/admin/users/{id}/reviews (issue 13 point 5; super users only): the user's reviews with text, hidden ones too, for moderation. */
export default handle({
  GET: async (req, ctx) => {
    await requireEditor(req);
    const { id } = parseParams(ctx.params, Params);
    const reviews = await listUserReviews(await getDb(), id, ctx.locale);
    if (!reviews) throw new ApiError('NOT_FOUND', 'api.error.userNotFound');
    return ok(reviews, { headers: { 'cache-control': 'private, no-store' } });
  },
});

export const config: Config = { path: '/api/admin/users/:id/reviews' };
