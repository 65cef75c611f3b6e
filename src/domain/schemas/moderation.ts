/**
 * Review moderation (issue 13 point 5): a super user hides a reader's review with a reason, shows it
 * again, or removes its text with a reason; the admin users page lists a user's reviews with those
 * actions. A hidden review is in no public list (db/queries/reader/ratings.ts); the reason is kept on
 * the row while hidden and in the admin history for good.
 */
import { z } from 'zod';
import { IdParamSchema } from './refs.ts';
import { text } from './text.ts';

/** What a review is about: a book (the `ratings` row) or an author (`author_reviews`). */
export const REVIEW_KINDS = ['book', 'author'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

export const MODERATION_REASON_MAX = 500;
/** How many of a user's reviews the admin page lists (newest first). */
export const USER_REVIEWS_LIMIT = 200;

/** `/api/admin/reviews/{kind}/{id}` */
export const ReviewParamsSchema = z.object({ kind: z.enum(REVIEW_KINDS, 'validation.moderation.kind'), id: IdParamSchema });

/** POST .../hide and DELETE: why (shown to no reader; kept for the editors). */
export const ModerationReasonSchema = z.strictObject({
  reason: text('validation.moderation.reason', { multiline: true })
    .trim()
    .min(1, 'validation.moderation.reason')
    .max(MODERATION_REASON_MAX, 'validation.moderation.reason'),
});
export type ModerationReason = z.infer<typeof ModerationReasonSchema>;

/** One review of a user as the admin page shows it. */
export const ModeratedReviewSchema = z.object({
  kind: z.enum(REVIEW_KINDS),
  id: z.number().int(),
  /** The book or author reviewed. */
  target: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }),
  rating: z.number().int(),
  review: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
  hidden: z.object({ at: z.string(), reason: z.string(), by: z.string().nullable() }).nullable(),
});
export type ModeratedReview = z.infer<typeof ModeratedReviewSchema>;

export const UserReviewsSchema = z.object({ items: z.array(ModeratedReviewSchema), total: z.number().int() });
export type UserReviews = z.infer<typeof UserReviewsSchema>;
