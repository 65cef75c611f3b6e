import { z } from 'zod';
import { text } from './text.ts';
import { GENRE_CATEGORIES } from '../enums.ts';
import { normalizeSearchQuery, SEARCH_MAX_LENGTH, SEARCH_MAX_LIMIT } from '../search-query.ts';

/** ?q= of the search endpoints: an empty or blank q is no error (it finds nothing); over 200 characters is a 400. */
export const SearchQuerySchema = z.strictObject({
  q: text()
    .max(SEARCH_MAX_LENGTH, 'validation.search.tooLong')
    .default('')
    .transform((q) => normalizeSearchQuery(q)),
  lang: z.enum(['en', 'de', 'it'], 'validation.language').optional(),
  /** Results per type; default the typeahead's cap (spec §7), more only for the results page. */
  limit: z.coerce.number().int('validation.limit').min(1, 'validation.limit').max(SEARCH_MAX_LIMIT, 'validation.limit').optional(),
});

const PersonRefSchema = z.object({ slug: z.string(), name: z.string() });
export const BookHitSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  originalTitle: z.string(),
  authors: z.array(PersonRefSchema),
  year: z.number().int().nullable(),
  coverImage: z.string().nullable(),
});
export const AuthorHitSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export const SeriesHitSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export const GenreHitSchema = z.object({ id: z.number().int(), name: z.string(), canonicalName: z.string(), category: z.enum(GENRE_CATEGORIES) });
export const AwardHitSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });

export type BookHit = z.infer<typeof BookHitSchema>;
export type AuthorHit = z.infer<typeof AuthorHitSchema>;
export type SeriesHit = z.infer<typeof SeriesHitSchema>;
export type GenreHit = z.infer<typeof GenreHitSchema>;
export type AwardHit = z.infer<typeof AwardHitSchema>;
