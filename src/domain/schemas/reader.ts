/**
 * The reader API's contract (issue 12; spec §3 Rating or review, Reading list entry, Affiliate
 * service; §7 modal-data, affiliate/services, reading-list, ratings). Functions parse requests with
 * these schemas and islands parse answers with them: one definition for both sides (STYLE rule 3).
 */
import { z } from 'zod';
import { text } from './text.ts';
import { EditionSchema } from './edition.ts';
import { GENRE_CATEGORIES, READING_STATUSES } from '../enums.ts';
import { RATING_MAX, RATING_MIN } from '../rating.ts';

/** Spec §9 and issue 12: the pop-up's limits, review length, page sizes. */
export const REVIEW_MAX_LENGTH = 5_000;
export const POPUP_REVIEW_LIMIT = 2;
export const POPUP_BIO_LENGTH = 400;
export const REVIEWS_PAGE_SIZE = 10;
export const READING_LIST_PAGE_SIZE = 24;

const RATING_KEY = 'validation.rating.range';

/** A whole number of stars, 1 to 5 (spec §5: half stars are display only). */
export const StarsSchema = z.number(RATING_KEY).int(RATING_KEY).min(RATING_MIN, RATING_KEY).max(RATING_MAX, RATING_KEY);

/** Plain review text, stored as typed (line breaks kept), rendered escaped. Blank means no review. */
export const ReviewTextSchema = text('validation.review', { multiline: true }).max(REVIEW_MAX_LENGTH, 'validation.review.tooLong');

export const ReadingStatusSchema = z.enum(READING_STATUSES, 'validation.readingStatus');

/** A numeric id in a JSON body (a book's id: spec §7 `POST /api/reading-list {bookId, status}`). */
const IdSchema = z.number('validation.id').int('validation.id').positive('validation.id');

/** `?page=` of the paginated reader lists, 1-based. */
const PageParam = z.coerce.number('validation.page').int('validation.page').min(1, 'validation.page').max(100_000, 'validation.page').default(1);

// ---------------------------------------------------------------------------------------------
// Requests.

/** POST /api/reading-list (spec §7); the pop-up adds with status to_read (spec §4). */
export const AddToReadingListSchema = z.strictObject({ bookId: IdSchema, status: ReadingStatusSchema.default('to_read') });
export type AddToReadingList = z.infer<typeof AddToReadingListSchema>;

/** PATCH /api/reading-list/{bookId}. */
export const UpdateReadingListSchema = z.strictObject({ status: ReadingStatusSchema });

/** GET /api/reading-list?status=&page= */
export const ReadingListQuerySchema = z.strictObject({ status: ReadingStatusSchema.optional(), page: PageParam });

/** POST /api/books/{id}/ratings (spec §7: rating only). */
export const RateBookSchema = z.strictObject({ rating: StarsSchema });

/** PUT /api/books/{id}/ratings and PUT /api/authors/{id}/reviews: rate and review in one (review optional; null removes it). */
export const RateAndReviewSchema = z.strictObject({ rating: StarsSchema, review: ReviewTextSchema.nullable().optional() });
export type RateAndReview = z.infer<typeof RateAndReviewSchema>;

/** GET /api/books/{id}/reviews?page= and GET /api/authors/{id}/reviews?page= */
export const ReviewsQuerySchema = z.strictObject({ page: PageParam });

// ---------------------------------------------------------------------------------------------
// Answers.

/** Average rounded to one decimal, null without ratings (spec §3). */
export const RatingSummarySchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

/** A reader's rating with its optional review, as others see it (spec §3: user's display name, date). */
export const ReviewSchema = z.object({
  id: z.number().int(),
  /** The reviewer; lets an island recognise the signed-in reader's own review. */
  userId: z.string(),
  /** Display name per spec §3 (first + last, first, e-mail local part, else 'Anonymous User'). */
  displayName: z.string(),
  rating: z.number().int(),
  review: z.string().nullable(),
  /** ISO 8601: when it was written; `updatedAt` when it last changed. */
  date: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** The signed-in reader's own rating of a book or author (null when they have none). */
export const OwnRatingSchema = z.object({ rating: z.number().int(), review: z.string().nullable(), updatedAt: z.string() });
export type OwnRating = z.infer<typeof OwnRatingSchema>;

/**
 * A page of reviews, newest first, with the summary of all ratings, and the signed-in reader's own
 * rating (null when signed out or not rated): the items hold only reviews with text, so a rating
 * without text would otherwise not be found as the reader's own.
 */
export const ReviewPageSchema = z.object({
  items: z.array(ReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  summary: RatingSummarySchema,
  own: OwnRatingSchema.nullable(),
});
export type ReviewPage = z.infer<typeof ReviewPageSchema>;

/** Answer of a rating write: the reader's rating and the new summary, so an island shows both at once. */
export const RatingResultSchema = z.object({ own: OwnRatingSchema.nullable(), summary: RatingSummarySchema });
export type RatingResult = z.infer<typeof RatingResultSchema>;

/** One reading-list entry with what the profile's list shows of its book. */
export const ReadingListEntrySchema = z.object({
  bookId: z.number().int(),
  status: ReadingStatusSchema,
  addedAt: z.string(),
  updatedAt: z.string(),
  book: z.object({
    slug: z.string(),
    title: z.string(),
    coverImage: z.string().nullable(),
    year: z.number().int().nullable(),
    authors: z.array(z.object({ slug: z.string(), name: z.string() })),
  }),
});
export type ReadingListEntry = z.infer<typeof ReadingListEntrySchema>;

export const ReadingListPageSchema = z.object({
  items: z.array(ReadingListEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Entries per status over the whole list (the filter's counts). */
  counts: z.object({ to_read: z.number().int(), reading: z.number().int(), read: z.number().int() }),
});
export type ReadingListPage = z.infer<typeof ReadingListPageSchema>;

/** GET /api/books/{id}/modal-data (spec §2 pop-up, §7), localized by Accept-Language. */
export const ModalDataSchema = z.object({
  book: z.object({
    id: z.number().int(),
    slug: z.string(),
    /** Title by the edition rule in the request language (as list and detail pages). */
    title: z.string(),
    originalTitle: z.string(),
    coverImage: z.string().nullable(),
    /** Synopsis (markdown) in the request language, falling back to English; null without one. */
    description: z.string().nullable(),
    publicationDate: z.string().nullable(),
    publicationYear: z.number().int().nullable(),
    publisher: z.string().nullable(),
    pages: z.number().int().nullable(),
    authors: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string() })),
    genres: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string(), canonicalName: z.string(), category: z.enum(GENRE_CATEGORIES) })),
    /** Every series of the book with its position (spec §2 'series links with position'). */
    allSeries: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string(), position: z.number().nullable() })),
    awards: z.array(
      z.object({
        awardId: z.number().int(),
        awardSlug: z.string(),
        awardName: z.string(),
        category: z.string().nullable(),
        year: z.number().int(),
        isWinner: z.boolean(),
        asTitle: z.string().nullable(),
      }),
    ),
    editions: z.array(EditionSchema),
  }),
  /** The first author with image and bio cut at 400 characters plus '...' (spec §2, §9); null without authors. */
  author: z
    .object({ id: z.number().int(), slug: z.string(), name: z.string(), profileImageUrl: z.string().nullable(), bio: z.string().nullable() })
    .nullable(),
  /** All ratings' summary and up to 2 reader reviews with text, newest first. */
  ratings: RatingSummarySchema.extend({ reviews: z.array(ReviewSchema) }),
  isInReadingList: z.boolean(),
  readingStatus: ReadingStatusSchema.nullable(),
  /** The signed-in reader's stars (null when signed out or not rated) and their review. */
  userRating: z.number().int().nullable(),
  userReview: z.string().nullable(),
});
export type ModalData = z.infer<typeof ModalDataSchema>;

/** GET /api/affiliate/services (spec §3 Affiliate service, §7). */
export const AffiliateLocaleSchema = z.object({
  region: z.string(),
  variant: z.string(),
  template: z.string(),
  domain: z.string(),
  affiliateTag: z.string().nullable(),
});
export type AffiliateLocale = z.infer<typeof AffiliateLocaleSchema>;
export const AffiliateServiceSchema = z.object({ key: z.string(), name: z.string(), locales: z.array(AffiliateLocaleSchema) });
export type AffiliateService = z.infer<typeof AffiliateServiceSchema>;
