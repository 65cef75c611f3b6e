import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { AUTHOR_REVIEWS } from '../../db/queries/reader/ratings.ts';
import { AuthorRefSchema } from '../../src/domain/schemas/refs.ts';
import { handle } from './_shared/http.ts';
import { deleteHandler, rateHandler, reviewsHandler, type RatingEndpoint } from './_shared/reader-ratings.ts';

const AUTHOR: RatingEndpoint = { target: AUTHOR_REVIEWS, params: z.object({ id: AuthorRefSchema }), notFound: 'api.error.authorNotFound' };

/**
 * Reviews of an author (issue 12; spec §5 "An author review needs a chosen rating; review text
 * optional"), by author id or slug:
 * - GET ?page=: the reviews with text, newest first, and the summary of all ratings (public);
 * - PUT {rating, review?}: the signed-in reader's own rating and review;
 * - DELETE: removes it (204).
 */
export default handle({
  GET: reviewsHandler(AUTHOR),
  PUT: rateHandler(AUTHOR),
  DELETE: deleteHandler(AUTHOR),
});

export const config: Config = { path: '/api/authors/:id/reviews' };
