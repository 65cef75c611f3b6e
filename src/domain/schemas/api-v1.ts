/**
 * The public read API's contract (issue 16 point 4, `/api/v1/*`; docs/decisions/0025-public-read-api-v1.md):
 * queries derived from the list pages' own schemas (lists.ts), and the answers. The same schemas
 * validate requests, type the queries' results and generate the OpenAPI document
 * (src/domain/open-data/openapi-document.ts), so the document cannot drift from the code.
 * `.meta({ id })` makes a schema a named component of the document.
 */
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '../envelope.ts';
import { GENDERS, GENRE_CATEGORIES, LOCALES } from '../enums.ts';
import { EditionSchema } from './edition.ts';
import { AuthorCardSchema, AuthorListQuerySchema, BookCardSchema, BookListQuerySchema, SeriesCardSchema, SeriesListQuerySchema } from './lists.ts';
import { refSchema } from './refs.ts';
import { text } from './text.ts';

/** Page sizes of the read API: 1 to 100 items, 20 unless asked. */
export const API_V1_MAX_LIMIT = 100;
export const API_V1_DEFAULT_LIMIT = 20;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const limit = z.coerce
  .number('validation.apiLimit')
  .int('validation.apiLimit')
  .min(1, 'validation.apiLimit')
  .max(API_V1_MAX_LIMIT, 'validation.apiLimit')
  .default(API_V1_DEFAULT_LIMIT)
  .meta({ description: `Items per page, 1 to ${API_V1_MAX_LIMIT}.`, example: 20 });

const cursor = text('validation.cursor')
  .min(1, 'validation.cursor')
  .max(64, 'validation.cursor')
  .optional()
  .meta({ description: 'Where the page starts: the `nextCursor` of the previous page (opaque; valid only with the same filters, sort and language). Leave it out for the first page.', example: 'YzEuMjAuM2Y5YTBjMTI' });

const lang = z
  .enum(LOCALES, 'validation.language')
  .optional()
  .meta({ description: 'Language of titles, names and texts (en, de, it). Without it, the Accept-Language header decides (en when it names none of them).', example: 'de' });

const paging = { limit, cursor, lang };

/** GET /api/v1/books: the books list's filters and sorts (`/books?genre=...&minRating=...&sort=...`), without the reader's own list filter. */
export const BooksQueryV1Schema = BookListQuerySchema.omit({ offset: true, limit: true, lang: true, list: true }).extend({
  ...paging,
  genre: BookListQuerySchema.shape.genre.meta({ description: 'Only books of this genre (its name or slug, any case).', example: 'science-fiction' }),
  minRating: BookListQuerySchema.shape.minRating.meta({ description: 'Only books whose average reader rating is at least this (1-5).', example: 4 }),
  sort: BookListQuerySchema.shape.sort.meta({ description: 'Order: newest or oldest first (publication year), title A-Z or Z-A (in the language\'s alphabet), best rated.', example: 'title_asc' }),
});
export type BooksQueryV1 = z.infer<typeof BooksQueryV1Schema>;
/** What a list query chooses besides the page (cursor, limit) and language. */
export type ListFiltersV1<Q> = Omit<Q, 'limit' | 'cursor' | 'lang'>;

/** GET /api/v1/authors. */
export const AuthorsQueryV1Schema = AuthorListQuerySchema.omit({ offset: true, limit: true, lang: true }).extend({
  ...paging,
  sort: AuthorListQuerySchema.shape.sort.meta({ description: 'Order: name A-Z or Z-A (by surname), best rated, most books.', example: 'books' }),
});
export type AuthorsQueryV1 = z.infer<typeof AuthorsQueryV1Schema>;

/** GET /api/v1/series. */
export const SeriesQueryV1Schema = SeriesListQuerySchema.omit({ offset: true, limit: true, lang: true }).extend({
  ...paging,
  sort: SeriesListQuerySchema.shape.sort.meta({ description: 'Order: name A-Z or Z-A, best rated, most books.', example: 'name_asc' }),
  kind: SeriesListQuerySchema.shape.kind.meta({ description: 'Only series of this kind.', example: 'novel_series' }),
  size: SeriesListQuerySchema.shape.size.meta({ description: 'Only series with 1-3, 4-10 or more than 10 books.', example: '4-10' }),
});
export type SeriesQueryV1 = z.infer<typeof SeriesQueryV1Schema>;

/** GET /api/v1/genres and /api/v1/awards: pages and language only. */
export const PlainListQueryV1Schema = z.strictObject(paging);
export type PlainListQueryV1 = z.infer<typeof PlainListQueryV1Schema>;

/** A detail query: the language only. */
export const DetailQueryV1Schema = z.strictObject({ lang });
export type DetailQueryV1 = z.infer<typeof DetailQueryV1Schema>;

/** A detail path: `/api/v1/books/{ref}` with the numeric id or the slug. */
export const RefParamsV1Schema = z.object({
  ref: refSchema('validation.ref').meta({ description: 'The numeric id or the slug.', example: 'dune' }),
});
export type RefParamsV1 = z.infer<typeof RefParamsV1Schema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const LocalizedTextV1Schema = z
  .object({
    text: z.string().meta({ description: 'Markdown.' }),
    language: z.enum(LOCALES),
    isFallback: z.boolean().meta({ description: 'True when the asked language has no text and the English one is given.' }),
  })
  .meta({ id: 'LocalizedText', description: 'A text in the asked language, else in English.' });

export const BookRefV1Schema = z
  .object({ id: z.number().int(), slug: z.string(), title: z.string(), year: z.number().int().nullable() })
  .meta({ id: 'BookRef', description: 'A book named by another record, its title in the asked language.' });

export const TranslationV1Schema = z
  .object({ language: z.string().meta({ description: 'ISO 639-1 code.', example: 'de' }), title: z.string().meta({ example: 'Der Wüstenplanet' }) })
  .meta({ id: 'Translation', description: "The title of the book's translation into a language (from its translated editions)." });

export const SeriesMembershipV1Schema = z
  .object({
    slug: z.string(),
    name: z.string(),
    kind: SeriesCardSchema.shape.kind,
    position: z.number().nullable().meta({ description: 'Place in the series (novellas between volumes have decimals).', example: 1 }),
  })
  .meta({ id: 'SeriesMembership' });

const AwardCategoryV1Schema = z.object({ slug: z.string(), name: z.string() }).meta({ id: 'AwardCategory' });

export const BookAwardV1Schema = z
  .object({
    award: z.object({ slug: z.string(), name: z.string() }),
    category: AwardCategoryV1Schema.nullable(),
    customCategory: z.string().nullable().meta({ description: 'A category the award gave only in some years, by its name.' }),
    year: z.number().int(),
    isWinner: z.boolean().meta({ description: 'Winner (true) or finalist (false).' }),
  })
  .meta({ id: 'BookAward' });

export const EditionV1Schema = EditionSchema.meta({ id: 'Edition', description: 'An edition of the book: the original or a translation, in some format.' });

export const BookV1Schema = BookCardSchema.extend({
  title: z.string().meta({ description: 'The title in the asked language: a translation\'s, else the original title.', example: 'Der Wüstenplanet' }),
  originalLanguage: z.string().nullable().meta({ example: 'en' }),
  translations: z.array(TranslationV1Schema),
  series: z.array(SeriesMembershipV1Schema),
  awards: z.array(BookAwardV1Schema),
  editions: z.array(EditionV1Schema).meta({ description: 'Primary edition first, then by language and year.' }),
}).meta({
  id: 'Book',
  description: 'A work, with its authors, genres, average reader rating, translations, series, awards and editions.',
  example: { id: 1, slug: 'dune', title: 'Dune', originalTitle: 'Dune' },
});
export type BookV1 = z.infer<typeof BookV1Schema>;

export const BookDetailV1Schema = BookV1Schema.extend({ description: LocalizedTextV1Schema.nullable() }).meta({ id: 'BookDetail', description: 'A book with its synopsis.' });
export type BookDetailV1 = z.infer<typeof BookDetailV1Schema>;

export const AuthorV1Schema = AuthorCardSchema.meta({ id: 'Author', description: 'An author with the number of their books and the average rating of their reviews.' });
export type AuthorV1 = z.infer<typeof AuthorV1Schema>;

export const AuthorDetailV1Schema = AuthorCardSchema.extend({
  bio: LocalizedTextV1Schema.nullable(),
  gender: z.enum(GENDERS),
  nationality: z.string().nullable(),
  nativeLanguage: z.string().nullable(),
  books: z.array(BookRefV1Schema).meta({ description: 'Oldest first.' }),
}).meta({ id: 'AuthorDetail' });
export type AuthorDetailV1 = z.infer<typeof AuthorDetailV1Schema>;

export const SeriesV1Schema = SeriesCardSchema.meta({ id: 'Series', description: 'A series (novel series, publisher series or author edition).' });
export type SeriesV1 = z.infer<typeof SeriesV1Schema>;

export const SeriesDetailV1Schema = SeriesCardSchema.extend({
  description: LocalizedTextV1Schema.nullable(),
  books: z.array(BookRefV1Schema.extend({ position: z.number().nullable() })).meta({ description: 'In series order (books without a position last, by year).' }),
}).meta({ id: 'SeriesDetail' });
export type SeriesDetailV1 = z.infer<typeof SeriesDetailV1Schema>;

export const GenreV1Schema = z
  .object({ id: z.number().int(), slug: z.string(), name: z.string(), category: z.enum(GENRE_CATEGORIES), bookCount: z.number().int() })
  .meta({ id: 'Genre', example: { id: 1, slug: 'science-fiction', name: 'Science Fiction', category: 'science_fiction', bookCount: 1445 } });
export type GenreV1 = z.infer<typeof GenreV1Schema>;

export const GenreDetailV1Schema = GenreV1Schema.extend({ description: LocalizedTextV1Schema.nullable() }).meta({ id: 'GenreDetail' });
export type GenreDetailV1 = z.infer<typeof GenreDetailV1Schema>;

export const AwardV1Schema = z
  .object({ id: z.number().int(), slug: z.string(), name: z.string(), categories: z.array(AwardCategoryV1Schema) })
  .meta({ id: 'Award', example: { id: 1, slug: 'hugo-award', name: 'Hugo Award', categories: [{ slug: 'best-novel', name: 'Best Novel' }] } });
export type AwardV1 = z.infer<typeof AwardV1Schema>;

export const AwardEntryV1Schema = z
  .object({ year: z.number().int(), category: AwardCategoryV1Schema.nullable(), customCategory: z.string().nullable(), isWinner: z.boolean(), book: BookRefV1Schema })
  .meta({ id: 'AwardEntry' });

export const AwardDetailV1Schema = AwardV1Schema.extend({
  about: LocalizedTextV1Schema.nullable(),
  entries: z.array(AwardEntryV1Schema).meta({ description: 'Winners and finalists, newest year first.' }),
}).meta({ id: 'AwardDetail' });
export type AwardDetailV1 = z.infer<typeof AwardDetailV1Schema>;

/** One page of a list, with the cursor of the next (null on the last page). */
export const pageV1 = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({
      items: z.array(item),
      total: z.number().int().meta({ description: 'Items in the whole list with these filters.' }),
      limit: z.number().int(),
      nextCursor: z.string().nullable().meta({ description: 'Pass it as `cursor` for the next page; null on the last page.' }),
      next: z.string().nullable().meta({ description: 'The path and query of the next page (also in the Link header); null on the last page.' }),
    })
    .meta({ id });
export interface PageV1<T> {
  items: T[];
  total: number;
  limit: number;
  nextCursor: string | null;
  next: string | null;
}

/** The envelope every answer comes in. */
export const okV1 = <T extends z.ZodType>(data: T, id: string) => z.object({ success: z.literal(true), data }).meta({ id });
export const ErrorV1Schema = ErrorEnvelopeSchema.meta({
  id: 'Error',
  description: 'A refusal: `code` is stable, `message` is in the request language (Accept-Language), `details` name the fields.',
  example: { success: false, error: { message: 'Unknown sort order.', code: 'VALIDATION', details: [{ path: 'sort', message: 'Unknown sort order.', key: 'validation.sort' }] } },
});
