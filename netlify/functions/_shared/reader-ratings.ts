/**
 * The handlers books and authors share for ratings and reviews (issue 12): book ratings at
 * `/api/books/{id}/ratings` and `/api/books/{id}/reviews`, author reviews at `/api/authors/{id}/reviews`.
 * Each is thin: session token, parse, one query that also checks the session and counts the write
 * against the user's rate limit (db/queries/reader/ratings.ts, writer-guard.ts), envelope. Writes
 * only ever touch the signed-in reader's own row: the query takes the session's user id, and no
 * request can name another reader.
 */
import { z } from 'zod';
import { getDb } from '../../../db/client.ts';
import { deleteRating, listReviews, saveRating, type RatingTarget } from '../../../db/queries/reader/ratings.ts';
import { ApiError } from '../../../src/domain/envelope.ts';
import { storedReviewText } from '../../../src/domain/reader/review-text.ts';
import { RateAndReviewSchema, RateBookSchema, ReviewsQuerySchema } from '../../../src/domain/schemas/reader.ts';
import { cacheTag } from '../../../src/domain/cdn/cache-tags.ts';
import { notePopularityWrite } from './catalogue-index.ts';
import { noContent, ok, parseJson, parseParams, parseQuery, type RequestContext } from './http.ts';
import { settleGuarded, userWriteGuard } from './rate-limit.ts';
import { getSessionUser, requireSessionRef } from './session.ts';

type RefParams = z.ZodObject<{ id: z.ZodType<number | string> }>;
type Handler = (req: Request, ctx: RequestContext) => Promise<Response>;

/** What a rating endpoint rates: the table, how its path names the target, and the 404 message. */
export interface RatingEndpoint {
  target: RatingTarget;
  params: RefParams;
  notFound: string;
}

const PRIVATE = { 'cache-control': 'private, no-store' };

/** The cache tag of the rated book's or author's page (its average shows there: ADR 0037). */
const pageTagOf = (target: RatingTarget, id: number) => cacheTag(target.rated === 'books' ? 'book' : 'author', id);

/**
 * A verified session token and the path's reference. Whether the session is live, and the write
 * within the user's rate limit, the write's own statement checks (writer-guard.ts): signed in, own
 * row only, rate limited, in one round trip.
 */
async function writer(req: Request, ctx: RequestContext, endpoint: RatingEndpoint) {
  const session = await requireSessionRef(req);
  const { id } = parseParams(ctx.params, endpoint.params);
  return { session, ref: id };
}

/**
 * POST {rating} (spec §7: rating only) when `rateOnly`, else PUT {rating, review?}: rate, or rate and
 * review in one. PUT: a blank or null review removes the text; a PUT without `review` keeps it.
 */
export function rateHandler(endpoint: RatingEndpoint, { rateOnly = false } = {}): Handler {
  return async (req, ctx) => {
    const { session, ref } = await writer(req, ctx, endpoint);
    const input = rateOnly ? { ...(await parseJson(req, RateBookSchema)), review: undefined } : await parseJson(req, RateAndReviewSchema);
    const review = input.review === undefined ? undefined : storedReviewText(input.review);
    const guard = await userWriteGuard('readerWrite', session);
    const result = settleGuarded(req, await saveRating(await getDb(), endpoint.target, guard, ref, input.rating, review));
    if (!result) throw new ApiError('NOT_FOUND', endpoint.notFound);
    const { targetId, ...answer } = result;
    await notePopularityWrite([pageTagOf(endpoint.target, targetId)]);
    return ok(answer, { headers: PRIVATE });
  };
}

/** DELETE: removes the reader's own rating and review (204); 404 when they have none. */
export function deleteHandler(endpoint: RatingEndpoint): Handler {
  return async (req, ctx) => {
    const { session, ref } = await writer(req, ctx, endpoint);
    const guard = await userWriteGuard('readerWrite', session);
    const deleted = settleGuarded(req, await deleteRating(await getDb(), endpoint.target, guard, ref));
    if (!deleted) throw new ApiError('NOT_FOUND', 'api.error.ratingNotFound');
    await notePopularityWrite([pageTagOf(endpoint.target, deleted.targetId)]);
    return noContent(PRIVATE);
  };
}

/**
 * GET ?page=: the reviews with text, newest first, and the summary of all ratings; public, no sign-in.
 * A signed-in reader also gets their own rating (`own`), and then the answer is private.
 */
export function reviewsHandler(endpoint: RatingEndpoint): Handler {
  return async (req, ctx) => {
    const { id } = parseParams(ctx.params, endpoint.params);
    const { page } = parseQuery(req, ReviewsQuerySchema);
    const reader = await getSessionUser(req);
    const reviews = await listReviews(await getDb(), endpoint.target, id, page, reader?.id ?? null);
    if (!reviews) throw new ApiError('NOT_FOUND', endpoint.notFound);
    return ok(reviews, reader ? { headers: PRIVATE } : {});
  };
}
