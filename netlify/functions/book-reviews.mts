import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { BOOK_RATINGS } from '../../db/queries/reader/ratings.ts';
import { BookRefSchema } from '../../src/domain/schemas/edition.ts';
import { handle } from './_shared/http.ts';
import { reviewsHandler } from './_shared/reader-ratings.ts';

/**
 * GET /api/books/{id}/reviews?page= (issue 12): the book's reviews with text, newest first, ten per
 * page, each with its author's display name (spec §3), and the summary of all its ratings. Public.
 */
export default handle({
  GET: reviewsHandler({ target: BOOK_RATINGS, params: z.object({ id: BookRefSchema }), notFound: 'api.error.bookNotFound' }),
});

export const config: Config = { path: '/api/books/:id/reviews' };
