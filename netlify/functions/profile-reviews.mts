import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { ownReviews } from '../../db/queries/reader/profile.ts';
import { REVIEWS_PAGE_SIZE, ReviewsQuerySchema } from '../../src/domain/schemas/reader.ts';
import { handle, ok, parseQuery } from './_shared/http.ts';
import { requireUser } from './_shared/session.ts';

/** GET /api/profile/reviews?page= (issue 12, point 9): the signed-in reader's own ratings and reviews of books and authors, the latest change first. */
export default handle({
  GET: async (req, ctx) => {
    const user = await requireUser(req);
    const { page } = parseQuery(req, ReviewsQuerySchema);
    return ok(await ownReviews(await getDb(), user.id, ctx.locale, page, REVIEWS_PAGE_SIZE), { headers: { 'cache-control': 'private, no-store' } });
  },
});

export const config: Config = { path: '/api/profile/reviews' };
