import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { books } from './catalogue.ts';
import { localizedText } from './localized.ts';

export const awards = pgTable(
  'awards',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    names: localizedText('names').notNull().default({}),
    about: localizedText('about').notNull().default({}),
    /** Bumped by each editor write (issue 27 point 4, ADR 0030): the edit form's ETag; a write naming an older one is refused (409). */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('awards_slug_key').on(t.slug), check('awards_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);

export const awardCategories = pgTable(
  'award_categories',
  {
    id: serial('id').primaryKey(),
    awardId: integer('award_id').notNull().references(() => awards.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    names: localizedText('names').notNull().default({}),
    position: smallint('position').notNull().default(0),
  },
  (t) => [uniqueIndex('award_categories_award_slug_key').on(t.awardId, t.slug)],
);

/** A book's award entry: winner or nominee in one category and year (year presented). */
export const bookAwards = pgTable(
  'book_awards',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id').notNull().references(() => books.id, { onDelete: 'cascade' }),
    awardId: integer('award_id').notNull().references(() => awards.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => awardCategories.id, { onDelete: 'set null' }),
    /** Spec §3: a custom category is allowed where no catalogue category fits. */
    customCategory: text('custom_category'),
    year: smallint('year').notNull(),
    isWinner: boolean('is_winner').notNull().default(false),
    /** The title as printed in that award list when it differs from the book's (e.g. 'Dune World'). */
    asTitle: text('as_title'),
  },
  (t) => [
    uniqueIndex('book_awards_entry_key').on(t.bookId, t.awardId, sql`coalesce(${t.categoryId}, 0)`, t.year),
    index('book_awards_award_year_idx').on(t.awardId, t.categoryId, t.year),
    index('book_awards_book_idx').on(t.bookId),
    check('book_awards_category_present', sql`${t.categoryId} IS NOT NULL OR ${t.customCategory} IS NOT NULL`),
  ],
);

/**
 * A year an award was not given in a category (issue 13 point 4: 'no award' years, such as the
 * Hugo's "No Award"): the finalists of that year, if any, stay nominees. Migration 0010.
 */
export const awardNoAwardYears = pgTable(
  'award_no_award_years',
  {
    id: serial('id').primaryKey(),
    awardId: integer('award_id').notNull().references(() => awards.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => awardCategories.id, { onDelete: 'cascade' }),
    customCategory: text('custom_category'),
    year: smallint('year').notNull(),
  },
  (t) => [uniqueIndex('award_no_award_years_key').on(t.awardId, sql`coalesce(${t.categoryId}, 0)`, sql`coalesce(${t.customCategory}, '')`, t.year)],
);
