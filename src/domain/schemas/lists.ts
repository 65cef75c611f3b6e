import { z } from 'zod';
import { text } from './text.ts';
import { GENRE_CATEGORIES, LOCALES, SERIES_KINDS } from '../enums.ts';

/** Sorts of the list pages (spec §9). */
export const BOOK_SORTS = ['newest', 'oldest', 'title_asc', 'title_desc', 'rating'] as const;
export type BookSort = (typeof BOOK_SORTS)[number];
export const PEOPLE_SORTS = ['name_asc', 'name_desc', 'rating', 'books'] as const;
export type PeopleSort = (typeof PEOPLE_SORTS)[number];
/** Series book-count ranges (spec §9): 1-3, 4-10 and more than 10. */
export const SERIES_SIZES = ['1-3', '4-10', '10+'] as const;
export type SeriesSize = (typeof SERIES_SIZES)[number];
export const SERIES_SIZE_BOUNDS: Record<SeriesSize, [number, number]> = { '1-3': [1, 3], '4-10': [4, 10], '10+': [11, 1_000_000] };

/** The books list's reading-list filter (spec §9: want to read, currently reading, read, not in my list), signed-in readers only. */
export const LIST_FILTERS = ['to_read', 'reading', 'read', 'none'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

export const LIST_PAGE_SIZE = 24;
export const LIST_MAX_LIMIT = 60;

const paging = {
  offset: z.coerce.number().int('validation.offset').min(0, 'validation.offset').max(1_000_000, 'validation.offset').default(0),
  limit: z.coerce.number().int('validation.limit').min(1, 'validation.limit').max(LIST_MAX_LIMIT, 'validation.limit').default(LIST_PAGE_SIZE),
  lang: z.enum(LOCALES).optional(),
};

export const BookListQuerySchema = z.strictObject({
  ...paging,
  genre: text('validation.genre').trim().min(1, 'validation.genre').max(100, 'validation.genre').optional(),
  minRating: z.coerce.number().int('validation.rating.range').min(1, 'validation.rating.range').max(5, 'validation.rating.range').optional(),
  list: z.enum(LIST_FILTERS, 'validation.listFilter').optional(),
  sort: z.enum(BOOK_SORTS, 'validation.sort').default('newest'),
});
export type BookListQuery = z.infer<typeof BookListQuerySchema>;

export const AuthorListQuerySchema = z.strictObject({
  ...paging,
  sort: z.enum(PEOPLE_SORTS, 'validation.sort').default('name_asc'),
});
export type AuthorListQuery = z.infer<typeof AuthorListQuerySchema>;

export const SeriesListQuerySchema = z.strictObject({
  ...paging,
  sort: z.enum(PEOPLE_SORTS, 'validation.sort').default('name_asc'),
  kind: z.enum(SERIES_KINDS, 'validation.seriesKind').optional(),
  size: z.enum(SERIES_SIZES, 'validation.seriesSize').optional(),
});
export type SeriesListQuery = z.infer<typeof SeriesListQuerySchema>;

const PersonRefSchema = z.object({ slug: z.string(), name: z.string() });
const RatingSchema = z.object({ average: z.number().nullable(), count: z.number().int() });

export const BookCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  originalTitle: z.string(),
  authors: z.array(PersonRefSchema),
  year: z.number().int().nullable(),
  genres: z.array(z.object({ slug: z.string(), name: z.string(), category: z.string() })),
  coverImage: z.string().nullable(),
  rating: RatingSchema,
});
export type BookCard = z.infer<typeof BookCardSchema>;

export const AuthorCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  profileImageUrl: z.string().nullable(),
  birthYear: z.number().int().nullable(),
  deathYear: z.number().int().nullable(),
  bookCount: z.number().int(),
  rating: RatingSchema,
});
export type AuthorCard = z.infer<typeof AuthorCardSchema>;

export const SeriesCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** The series' picture (an upload's `/images/…` address or an external one), if any. */
  imageUrl: z.string().nullable(),
  kind: z.enum(SERIES_KINDS),
  status: z.enum(['ongoing', 'completed']).nullable(),
  authors: z.array(PersonRefSchema),
  bookCount: z.number().int(),
  rating: RatingSchema,
});
export type SeriesCard = z.infer<typeof SeriesCardSchema>;

/** A genre as the genres page lists it (name in the page language). */
export const GenreCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  category: z.enum(GENRE_CATEGORIES),
  bookCount: z.number().int(),
});
export type GenreCard = z.infer<typeof GenreCardSchema>;

/** An award as the awards page lists it, with its categories in their order (names in the page language). */
export const AwardCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type AwardCard = z.infer<typeof AwardCardSchema>;

/** One page of a list: the items, the total matching, and where the page starts ('x of y'). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), offset: z.number().int(), limit: z.number().int() });
export type Page<T> = { items: T[]; total: number; offset: number; limit: number };
