import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { BOOK_RATINGS } from '../../db/queries/reader/ratings.ts';
import { BookRefSchema } from '../../src/domain/schemas/edition.ts';
import { handle } from './_shared/http.ts';
import { deleteHandler, rateHandler, type RatingEndpoint } from './_shared/reader-ratings.ts';

const BOOK: RatingEndpoint = { target: BOOK_RATINGS, params: z.object({ id: BookRefSchema }), notFound: 'api.error.bookNotFound' };

/**
 * The signed-in reader's own rating of a book (spec §5, §7; issue 12), by book id or slug. Each
 * answers RatingResultSchema (own rating and the new summary) or 204:
 * - POST {rating}: rate; an existing review stays (spec §7 sends the rating only);
 * - PUT {rating, review?}: rate and review in one (null or blank review: none);
 * - DELETE: remove the rating and its review.
 */
export default handle({
  POST: rateHandler(BOOK, { rateOnly: true }),
  PUT: rateHandler(BOOK),
  DELETE: deleteHandler(BOOK),
});

export const config: Config = { path: '/api/books/:id/ratings' };
