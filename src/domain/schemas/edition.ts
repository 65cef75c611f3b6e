import { z } from 'zod';
import { refSchema } from './refs.ts';
import { BINDING_TYPES, EDITION_TYPES, FORMAT_TYPES } from '../enums.ts';

/** An edition as the API returns it (spec §3 Edition; GET /api/books/{id}/editions). */
export const EditionSchema = z.object({
  id: z.number().int(),
  bookId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  coverImage: z.string().nullable(),
  publicationYear: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  isbn: z.string().nullable(),
  asin: z.string().nullable(),
  publisher: z.string().nullable(),
  isPrimaryEdition: z.boolean(),
  editionType: z.enum(EDITION_TYPES),
  formatType: z.enum(FORMAT_TYPES),
  bindingType: z.enum(BINDING_TYPES).nullable(),
  languageCode: z.string(),
  languageName: z.string(),
  translator: z.string().nullable(),
  isOriginalLanguage: z.boolean(),
});
export type Edition = z.infer<typeof EditionSchema>;

/** A book reference in a path: its numeric id or its slug. */
export const BookRefSchema = refSchema('validation.bookRef');
export type BookRef = z.infer<typeof BookRefSchema>;
