import { pgEnum } from 'drizzle-orm/pg-core';
import {
  ANALYTICS_EVENT_TYPES,
  BINDING_TYPES,
  CURRENCIES,
  EDITION_TYPES,
  EMAIL_TOKEN_PURPOSES,
  FORMAT_TYPES,
  GENDERS,
  GENRE_CATEGORIES,
  HISTORY_ACTIONS,
  HISTORY_ENTITY_TYPES,
  READING_STATUSES,
  ROLES,
  SERIES_KINDS,
  SERIES_STATUSES,
} from '../../src/domain/enums.ts';

// Database enums come from the domain tuples so the DB, zod and TS can never disagree.
export const roleEnum = pgEnum('role', ROLES);
export const editionTypeEnum = pgEnum('edition_type', EDITION_TYPES);
export const formatTypeEnum = pgEnum('format_type', FORMAT_TYPES);
export const bindingTypeEnum = pgEnum('binding_type', BINDING_TYPES);
export const currencyEnum = pgEnum('currency', CURRENCIES);
export const readingStatusEnum = pgEnum('reading_status', READING_STATUSES);
export const seriesKindEnum = pgEnum('series_kind', SERIES_KINDS);
export const seriesStatusEnum = pgEnum('series_status', SERIES_STATUSES);
export const genreCategoryEnum = pgEnum('genre_category', GENRE_CATEGORIES);
export const genderEnum = pgEnum('gender', GENDERS);
export const analyticsEventTypeEnum = pgEnum('analytics_event_type', ANALYTICS_EVENT_TYPES);
export const emailTokenPurposeEnum = pgEnum('email_token_purpose', EMAIL_TOKEN_PURPOSES);
export const historyEntityTypeEnum = pgEnum('history_entity_type', HISTORY_ENTITY_TYPES);
export const historyActionEnum = pgEnum('history_action', HISTORY_ACTIONS);

/**
 * Kinds of a work's other titles (seed data revision 2, books[].altTitles): a magazine serial's
 * title, the title in the UK or US market, a pre-publication title; 'translation-of-record' is
 * reserved by the data. Kept here, beside its database enum, until src/domain/enums.ts takes it.
 */
export const ALT_TITLE_KINDS = ['serial', 'uk', 'us', 'working', 'translation-of-record'] as const;
export type AltTitleKind = (typeof ALT_TITLE_KINDS)[number];
export const altTitleKindEnum = pgEnum('alt_title_kind', ALT_TITLE_KINDS);

/** The things with a slug route that can move (issue 11.4): /books/{slug}, /authors/{slug}, /series/{slug}. */
export const SLUG_KINDS = ['book', 'author', 'series'] as const;
export type SlugKind = (typeof SLUG_KINDS)[number];
export const slugKindEnum = pgEnum('slug_kind', SLUG_KINDS);
