import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { books } from './catalogue.ts';
import { bindingTypeEnum, currencyEnum, editionTypeEnum, formatTypeEnum } from './enums.ts';

/**
 * Editions of a book (spec §3, §4). Invariants as constraints: an edition always belongs to a book,
 * at most one primary edition and at most one 'original' edition per book, a price never negative
 * and never without its currency (nor a currency without a price).
 */
export const editions = pgTable(
  'editions',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id').notNull().references(() => books.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    coverImageUrl: text('cover_image_url'),
    publicationYear: smallint('publication_year'),
    pages: integer('pages'),
    isbn: text('isbn'),
    asin: text('asin'),
    publisher: text('publisher'),
    isPrimaryEdition: boolean('is_primary_edition').notNull().default(false),
    editionType: editionTypeEnum('edition_type').notNull().default('original'),
    formatType: formatTypeEnum('format_type').notNull().default('physical'),
    bindingType: bindingTypeEnum('binding_type'),
    languageCode: text('language_code').notNull().default('de'),
    languageName: text('language_name').notNull().default('Deutsch'),
    translator: text('translator'),
    isOriginalLanguage: boolean('is_original_language').notNull().default(true),
    /**
     * The price an editor set (spec §3 Edition formats; issue 29 point 25), exact to the cent; null
     * when not known. `currency` is set exactly when a price is (the API defaults it to EUR, spec §9).
     */
    price: numeric('price', { precision: 8, scale: 2, mode: 'number' }),
    currency: currencyEnum('currency'),
    /** Key of the seed record this edition came from (db/seed/import.ts editionKey); null for editions added in the app. */
    sourceKey: text('source_key'),
    /** The title folded for search (migration 0002 functions), stored so typeahead matching reads plain text. */
    titleFold: text('title_fold').generatedAlwaysAs(sql`public.search_fold(title)`),
    /** The title with German umlauts spelled out (ü→ue), folded likewise. */
    titleTranslit: text('title_translit').generatedAlwaysAs(sql`public.search_translit(title)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by each editor write (issue 27 point 4, ADR 0030): the edit form's ETag; a write naming an older one is refused (409). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('editions_one_primary_per_book').on(t.bookId).where(sql`${t.isPrimaryEdition}`),
    uniqueIndex('editions_one_original_per_book').on(t.bookId).where(sql`${t.editionType} = 'original'`),
    uniqueIndex('editions_source_key_key').on(t.sourceKey),
    index('editions_book_idx').on(t.bookId, t.languageCode),
    index('editions_title_fold_trgm').using('gin', sql`${t.titleFold} gin_trgm_ops`),
    index('editions_title_translit_trgm').using('gin', sql`${t.titleTranslit} gin_trgm_ops`),
    check('editions_title_present', sql`length(trim(${t.title})) > 0`),
    check('editions_pages_positive', sql`${t.pages} IS NULL OR ${t.pages} >= 1`),
    check('editions_year_range', sql`${t.publicationYear} IS NULL OR ${t.publicationYear} >= 1800`),
    check('editions_language_code_length', sql`length(${t.languageCode}) >= 2`),
    check('editions_price_not_negative', sql`${t.price} IS NULL OR ${t.price} >= 0`),
    check('editions_price_has_currency', sql`(${t.price} IS NULL) = (${t.currency} IS NULL)`),
  ],
);
