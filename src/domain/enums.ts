/**
 * Every enumeration of the product as one `as const` tuple (STYLE.md rule 2).
 * The tuple feeds the database enum (db/schema), the zod enum (src/domain/schemas) and the TS type.
 * Order matters where a rank is derived from the index (roles).
 */

/** Interface languages; the first is the fallback (spec §1, §9). */
export const LOCALES = ['en', 'de', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Roles ascending (spec §6). */
export const ROLES = ['NORMAL_USER', 'POWER_USER', 'GOLDEN_USER', 'SUPER_USER'] as const;
export type Role = (typeof ROLES)[number];

/** Spec §3 enumerations for editions. */
export const EDITION_TYPES = ['original', 'revised', 'anniversary', 'special', 'international'] as const;
export type EditionType = (typeof EDITION_TYPES)[number];
export const FORMAT_TYPES = ['physical', 'digital'] as const;
export type FormatType = (typeof FORMAT_TYPES)[number];
export const BINDING_TYPES = ['hardcover', 'paperback', 'broschiert', 'mass_market', 'ebook', 'audiobook'] as const;
export type BindingType = (typeof BINDING_TYPES)[number];

/**
 * ISO 4217 codes an edition's price may be in (spec §3 Edition formats, §9 "currency EUR"; issue 29
 * point 25): the euro of the German and Italian markets first (the default), then the Swiss franc,
 * the pound and the dollar of the other markets the catalogue's languages are read in. All have two
 * minor digits, which the price's two decimals assume; a new code with another number of digits
 * needs that rule changed first (src/domain/schemas/edition.ts).
 */
export const CURRENCIES = ['EUR', 'CHF', 'GBP', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = CURRENCIES[0];

/** Reading list status (spec §3). */
export const READING_STATUSES = ['to_read', 'reading', 'read'] as const;
export type ReadingStatus = (typeof READING_STATUSES)[number];

/** What a reader rates and reviews (issue 12): a book or an author. */
export const REVIEW_TARGETS = ['book', 'author'] as const;
export type ReviewTarget = (typeof REVIEW_TARGETS)[number];

/** Series kinds: the list tabs of /series (spec §2). */
export const SERIES_KINDS = ['novel_series', 'publisher_series', 'author_edition'] as const;
export type SeriesKind = (typeof SERIES_KINDS)[number];
export const SERIES_STATUSES = ['ongoing', 'completed'] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];

/** Genre categories, each with its own colour (spec §3). */
export const GENRE_CATEGORIES = ['science_fiction', 'fantasy', 'horror', 'crossover', 'default'] as const;
export type GenreCategory = (typeof GENRE_CATEGORIES)[number];

export const GENDERS = ['male', 'female', 'non_binary', 'other', 'not_specified'] as const;
export type Gender = (typeof GENDERS)[number];

export const ANALYTICS_EVENT_TYPES = ['page_view', 'modal_open', 'interaction', 'click'] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/** Single-use email links (issue 4): verification and password reset. */
export const EMAIL_TOKEN_PURPOSES = ['verify_email', 'reset_password'] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/**
 * Language choices of the edition form (code: name), spec §3.
 * Kept as one tuple of pairs so the code list and the name lookup cannot drift.
 */
export const LANGUAGE_CHOICES = [
  ['de', 'Deutsch'],
  ['en', 'English'],
  ['fr', 'Français'],
  ['es', 'Español'],
  ['it', 'Italiano'],
  ['ru', 'Русский'],
  ['ja', '日本語'],
  ['zh', '中文'],
  ['pt', 'Português'],
  ['nl', 'Nederlands'],
  ['sv', 'Svenska'],
  ['no', 'Norsk'],
] as const;
export type LanguageCode = (typeof LANGUAGE_CHOICES)[number][0];

/** Error codes of the API envelope (DESIGN.md §5). */
export const ERROR_CODES = ['VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'METHOD_NOT_ALLOWED', 'CONFLICT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'RATE_LIMITED', 'INTERNAL', 'MISCONFIGURED', 'UNAVAILABLE'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Static rebuilds (issue 9): who builds, and where the latest request stands. */
export const REBUILD_MODES = ['local', 'hook', 'unavailable'] as const;
export type RebuildMode = (typeof REBUILD_MODES)[number];
export const REBUILD_STATES = ['idle', 'running', 'done', 'failed'] as const;
export type RebuildState = (typeof REBUILD_STATES)[number];

/**
 * Admin history (issue 13 point 8): what an admin write changed. Every kind of thing the admin area
 * edits is listed here already (editions, awards, users and affiliate services come with their own
 * screens), so a new screen records its writes without a migration. Moderated reviews (a book's
 * rating row, an author review; issue 13 point 5) came later with migration 0010.
 */
export const HISTORY_ENTITY_TYPES = ['book', 'author', 'series', 'genre', 'edition', 'award', 'user', 'affiliate_service', 'book_review', 'author_review'] as const;
export type HistoryEntityType = (typeof HISTORY_ENTITY_TYPES)[number];
export const HISTORY_ACTIONS = ['create', 'update', 'delete'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/**
 * A reading-history import (issue 16 point 1): the file is read and its rows matched in the
 * background (`matching`), the reader reviews the matches (`review`), confirms, the import is
 * applied in the background in one transaction (`applying`), and ends `done` or `failed`.
 */
export const IMPORT_JOB_STATUSES = ['matching', 'review', 'applying', 'done', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];
/** The sites whose exports the import reads. */
export const IMPORT_SOURCES = ['goodreads', 'storygraph'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
/** What the matcher made of an imported row, and how (src/domain/open-data/import-match.ts; 'choice': the reader picked). */
export const MATCH_KINDS = ['matched', 'uncertain', 'unmatched'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];
export const MATCH_VIAS = ['isbn13', 'isbn10', 'title', 'penName', 'fuzzy', 'choice'] as const;
export type MatchVia = (typeof MATCH_VIAS)[number];
/**
 * A newsletter issue's life (issue 29 point 23): written and changed as a `draft`, `sending` while
 * the send queue works through its recipients, `sent` once every one had their mail (then it is in
 * the public archive).
 */
export const NEWSLETTER_ISSUE_STATUSES = ['draft', 'sending', 'sent'] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];
/** One recipient's mail of an issue: recorded `claimed` before it is sent (at most once), then `sent` or `failed`. */
export const NEWSLETTER_DELIVERY_STATUSES = ['claimed', 'sent', 'failed'] as const;
export type NewsletterDeliveryStatus = (typeof NEWSLETTER_DELIVERY_STATUSES)[number];
