import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { altTitleKindEnum, genderEnum, genreCategoryEnum, seriesKindEnum, seriesStatusEnum, slugKindEnum } from './enums.ts';
import { localizedText } from './localized.ts';

// The catalogue aggregate: works, people, series and genres (DESIGN.md §4).

export const authors = pgTable(
  'authors',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    /** The slug was chosen by an editor (issue 13): the seed importer keeps it even where it does not follow the name. */
    slugPinned: boolean('slug_pinned').notNull().default(false),
    /** Key of the seed record this row came from (db/seed); null for rows added in the app. */
    sourceKey: text('source_key'),
    name: text('name').notNull(),
    sortName: text('sort_name').notNull(),
    bio: localizedText('bio').notNull().default({}),
    birthYear: smallint('birth_year'),
    deathYear: smallint('death_year'),
    nationality: text('nationality'),
    nativeLanguage: text('native_language'),
    gender: genderEnum('gender').notNull().default('not_specified'),
    profileImageUrl: text('profile_image_url'),
    /** The name folded for search (see editions.titleFold). */
    nameFold: text('name_fold').generatedAlwaysAs(sql`public.search_fold(name)`),
    nameTranslit: text('name_translit').generatedAlwaysAs(sql`public.search_translit(name)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by each editor write (issue 27 point 4, ADR 0030): the edit form's ETag; a write naming an older one is refused (409). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('authors_slug_key').on(t.slug),
    uniqueIndex('authors_source_key_key').on(t.sourceKey),
    index('authors_sort_name_idx').on(t.sortName),
    index('authors_name_fold_trgm').using('gin', sql`${t.nameFold} gin_trgm_ops`),
    index('authors_name_translit_trgm').using('gin', sql`${t.nameTranslit} gin_trgm_ops`),
    check('authors_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

export const series = pgTable(
  'series',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    /** The slug was chosen by an editor (issue 13): the seed importer keeps it even where it does not follow the name. */
    slugPinned: boolean('slug_pinned').notNull().default(false),
    /** Key of the seed record this row came from (db/seed); null for rows added in the app. */
    sourceKey: text('source_key'),
    name: text('name').notNull(),
    kind: seriesKindEnum('kind').notNull().default('novel_series'),
    status: seriesStatusEnum('status'),
    description: localizedText('description').notNull().default({}),
    imageUrl: text('image_url'),
    /** The name folded for search (see editions.titleFold). */
    nameFold: text('name_fold').generatedAlwaysAs(sql`public.search_fold(name)`),
    nameTranslit: text('name_translit').generatedAlwaysAs(sql`public.search_translit(name)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by each editor write (issue 27 point 4, ADR 0030): the edit form's ETag; a write naming an older one is refused (409). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('series_slug_key').on(t.slug),
    uniqueIndex('series_source_key_key').on(t.sourceKey),
    index('series_name_fold_trgm').using('gin', sql`${t.nameFold} gin_trgm_ops`),
    index('series_name_translit_trgm').using('gin', sql`${t.nameTranslit} gin_trgm_ops`),
    check('series_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

export const seriesAuthors = pgTable(
  'series_authors',
  {
    seriesId: integer('series_id').notNull().references(() => series.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull().references(() => authors.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.authorId] }), index('series_authors_author_idx').on(t.authorId)],
);

export const genres = pgTable(
  'genres',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    /** Canonical (English) name; used in /genres?genre={name}. */
    name: text('name').notNull(),
    names: localizedText('names').notNull().default({}),
    category: genreCategoryEnum('category').notNull().default('default'),
    description: localizedText('description').notNull().default({}),
    imageUrl: text('image_url'),
    /** Bumped by each editor write (issue 27 point 4, ADR 0030): the edit form's ETag; a write naming an older one is refused (409). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('genres_slug_key').on(t.slug),
    uniqueIndex('genres_name_key').on(sql`lower(${t.name})`),
    check('genres_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

export const books = pgTable(
  'books',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    /** The slug was chosen by an editor (issue 13): the seed importer keeps it even where it does not follow the name. */
    slugPinned: boolean('slug_pinned').notNull().default(false),
    /** Key of the seed record this row came from (db/seed); null for rows added in the app. */
    sourceKey: text('source_key'),
    /** Title in the original language (the work); translated titles live in editions. */
    originalTitle: text('original_title').notNull(),
    originalLanguage: text('original_language'),
    publicationYear: smallint('publication_year'),
    /** True when the year was derived from the award year (seed data: yearApprox). */
    publicationYearApprox: boolean('publication_year_approx').notNull().default(false),
    publicationDate: date('publication_date'),
    publisher: text('publisher'),
    pages: integer('pages'),
    description: localizedText('description').notNull().default({}),
    coverImageUrl: text('cover_image_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by each editor write (issue 27 point 4, ADR 0030): the edit form's ETag; a write naming an older one is refused (409). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('books_slug_key').on(t.slug),
    uniqueIndex('books_source_key_key').on(t.sourceKey),
    index('books_publication_year_idx').on(t.publicationYear),
    check('books_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('books_pages_positive', sql`${t.pages} IS NULL OR ${t.pages} >= 1`),
  ],
);

export const bookAuthors = pgTable(
  'book_authors',
  {
    bookId: integer('book_id').notNull().references(() => books.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull().references(() => authors.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull().default(0),
    role: text('role').notNull().default('author'),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.authorId] }), index('book_authors_author_idx').on(t.authorId)],
);

export const bookGenres = pgTable(
  'book_genres',
  {
    bookId: integer('book_id').notNull().references(() => books.id, { onDelete: 'cascade' }),
    genreId: integer('genre_id').notNull().references(() => genres.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.genreId] }), index('book_genres_genre_idx').on(t.genreId)],
);

export const bookSeries = pgTable(
  'book_series',
  {
    bookId: integer('book_id').notNull().references(() => books.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id').notNull().references(() => series.id, { onDelete: 'cascade' }),
    /** Position in the series; numeric so that 1.5 (novellas between volumes) is possible. */
    position: numeric('position', { precision: 6, scale: 2, mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.seriesId] }), index('book_series_series_idx').on(t.seriesId, t.position)],
);

/** Other titles of a work (seed revision 2): serial, UK/US or working titles, in the data's order. */
export const bookAltTitles = pgTable(
  'book_alt_titles',
  {
    bookId: integer('book_id').notNull().references(() => books.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: altTitleKindEnum('kind').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.title] }), check('book_alt_titles_title_present', sql`length(trim(${t.title})) > 0`)],
);

/**
 * A slug a book, author or series had before (issue 11.4): its old URL answers a 301 to the current
 * one (src/integrations/slug-redirects.ts writes the rules into the build's _redirects). The entity is
 * `entity_id` in the table of `kind`; a rule is written only while it exists. An old slug is never
 * given to another entity of that kind (db/seed/import.ts), so its URL keeps pointing at its owner.
 */
export const slugRedirects = pgTable(
  'slug_redirects',
  {
    kind: slugKindEnum('kind').notNull(),
    oldSlug: text('old_slug').notNull(),
    entityId: integer('entity_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.oldSlug] }),
    index('slug_redirects_entity_idx').on(t.kind, t.entityId),
    check('slug_redirects_old_slug_format', sql`${t.oldSlug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);
