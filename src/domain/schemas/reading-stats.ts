/**
 * The profile's own-data answers (issue 12, point 9): the reading statistics of the stats tab and the
 * reader's own book and author reviews of the reviews tab. Functions build them, the profile island parses them.
 */
import { z } from 'zod';
import { GENRE_CATEGORIES, REVIEW_TARGETS } from '../enums.ts';

/** GET /api/profile/reading-stats: everything the stats tab draws, for the signed-in reader only. */
export const ReadingStatsSchema = z.object({
  /** Books marked read, by the year and month they were marked read ('2026-03'), oldest first. */
  readByMonth: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), count: z.number().int() })),
  /** Books marked read per year, oldest first. */
  readByYear: z.array(z.object({ year: z.number().int(), count: z.number().int() })),
  /** Read books per genre (a book with two genres counts for both), most first; names in the request language. */
  genres: z.array(z.object({ slug: z.string(), name: z.string(), category: z.enum(GENRE_CATEGORIES), count: z.number().int() })),
  /** How many of the reader's ratings give 1, 2, 3, 4 and 5 stars (always five entries). */
  ratings: z.array(z.object({ stars: z.number().int(), count: z.number().int() })).length(5),
  /** Pages of the read books (each book's own page count; books without one are counted apart). */
  pagesRead: z.number().int(),
  booksWithoutPages: z.number().int(),
  /** Entries per status of the whole list. */
  totals: z.object({ to_read: z.number().int(), reading: z.number().int(), read: z.number().int() }),
});
export type ReadingStats = z.infer<typeof ReadingStatsSchema>;

/**
 * One of the reader's own ratings or reviews, of a book or of an author, with what the reviews tab
 * shows of it: the book's title in the request language or the author's name, its cover or portrait.
 */
export const OwnReviewSchema = z.object({
  target: z.enum(REVIEW_TARGETS),
  /** The book's or the author's id. */
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  rating: z.number().int(),
  review: z.string().nullable(),
  date: z.string(),
  updatedAt: z.string(),
  /**
   * When a super user hid the review by moderation (issue 13 point 5), else null: the writer still
   * sees it here, marked, while no one else does. The reason stays with the editors
   * (src/domain/schemas/moderation.ts), so it is not sent.
   */
  hiddenAt: z.string().nullable(),
});
export type OwnReview = z.infer<typeof OwnReviewSchema>;

/** GET /api/profile/reviews?page=: books and authors together, the latest change first. */
export const OwnReviewPageSchema = z.object({
  items: z.array(OwnReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OwnReviewPage = z.infer<typeof OwnReviewPageSchema>;
