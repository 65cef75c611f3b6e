/**
 * The seed catalogue files (db/seed/data, copied unchanged from shared/data) and their shapes,
 * parsed with zod so a malformed file fails loudly at import instead of half-importing.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ALT_TITLE_KINDS } from '../schema/enums.ts';
import { parseAllNoAwardYears, type SeedNoAwardYear } from './no-award-years.ts';

const LocalizedSchema = z.object({ en: z.string(), de: z.string(), it: z.string() });

export const SeedAwardSchema = z.object({
  key: z.string(),
  name: z.string(),
  names: LocalizedSchema,
  about: LocalizedSchema,
  categories: z.array(z.object({ key: z.string(), name: LocalizedSchema })),
});
export const SeedAuthorSchema = z.object({
  key: z.string(),
  name: z.string(),
  sortName: z.string(),
  birthYear: z.number().int().optional(),
  deathYear: z.number().int().optional(),
  nationality: z.string().optional(),
});
export const SeedSeriesSchema = z.object({
  key: z.string(),
  name: z.string(),
  authorKeys: z.array(z.string()),
  status: z.enum(['ongoing', 'completed']).optional(),
});
export const SEED_GENRES = ['science-fiction', 'fantasy', 'horror'] as const;
export const SeedBookSchema = z.object({
  key: z.string(),
  title: z.string(),
  authorKeys: z.array(z.string()).min(1),
  year: z.number().int(),
  yearApprox: z.boolean().optional(),
  originalLanguage: z.string().optional(),
  genres: z.array(z.enum(SEED_GENRES)),
  series: z.object({ key: z.string(), position: z.number().optional() }).optional(),
  /** Revision 2: other titles of the work (serial, UK/US, working titles). */
  altTitles: z.array(z.object({ title: z.string().trim().min(1), kind: z.enum(ALT_TITLE_KINDS) })).optional(),
  /** Publisher of the first edition in the original language (revision 2: never a translation's). */
  firstPublisher: z.string().optional(),
  /** May be empty (revision 2: a few essential works without an entry in a covered category). */
  awardEntries: z.array(
    z.object({
      award: z.string(),
      category: z.string(),
      year: z.number().int(),
      result: z.enum(['winner', 'nominee']),
      /** The title as that award list prints it, when it differs (always one of altTitles). */
      asTitle: z.string().optional(),
    }),
  ),
});
export const SeedEditionSchema = z.object({
  bookKey: z.string(),
  title: z.string(),
  languageCode: z.string().min(2),
  publisher: z.string().optional(),
  publicationYear: z.number().int().optional(),
  translator: z.string().optional(),
  /** 'high' where the edition's facts were confirmed (revision 2); not stored. */
  confidence: z.string().optional(),
});
export const SeedDescriptionSchema = z.object({ bookKey: z.string(), en: z.string(), de: z.string(), it: z.string() });

export type SeedAward = z.infer<typeof SeedAwardSchema>;
export type SeedAuthor = z.infer<typeof SeedAuthorSchema>;
export type SeedSeries = z.infer<typeof SeedSeriesSchema>;
export type SeedBook = z.infer<typeof SeedBookSchema>;
export type SeedEdition = z.infer<typeof SeedEditionSchema>;
export type SeedDescription = z.infer<typeof SeedDescriptionSchema>;

export interface SeedCatalogue {
  awards: SeedAward[];
  authors: SeedAuthor[];
  series: SeedSeries[];
  books: SeedBook[];
  editions: SeedEdition[];
  descriptions: SeedDescription[];
  /** Years an award was not given in a category (from stats.md; none in synthetic catalogues). */
  noAwardYears?: SeedNoAwardYear[];
}

export const SEED_DATA_DIR = path.join(process.cwd(), 'db', 'seed', 'data');

export function loadSeedCatalogue(dir = SEED_DATA_DIR): SeedCatalogue {
  const read = <T>(file: string, schema: z.ZodType<T>): T[] =>
    z.array(schema).parse(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
  return {
    awards: read('awards.json', SeedAwardSchema),
    authors: read('authors.json', SeedAuthorSchema),
    series: read('series.json', SeedSeriesSchema),
    books: read('books.json', SeedBookSchema),
    editions: read('editions.json', SeedEditionSchema),
    descriptions: read('descriptions.json', SeedDescriptionSchema),
    noAwardYears: existsSync(path.join(dir, 'stats.md')) ? parseAllNoAwardYears(readFileSync(path.join(dir, 'stats.md'), 'utf8')) : [],
  };
}
