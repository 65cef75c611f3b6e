import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { emailTokenPurposeEnum, roleEnum } from './enums.ts';

/** Accounts (spec §3 User, issue 4). Emails are unique regardless of case. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull().default('NORMAL_USER'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    bio: text('bio'),
    language: text('language').notNull().default('en'),
    profileImageUrl: text('profile_image_url'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Bumped on role change, password change or deletion: older session tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // New accounts per day for the analytics rollup (issue 14).
    index('users_created_idx').on(t.createdAt),
    check('users_language_supported', sql`${t.language} IN ('en', 'de', 'it')`),
  ],
);

/** Single-use email links, stored hashed, valid 30 minutes (spec §4, §9). */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_key').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId, t.purpose),
    // The hourly prune (issue 26 point 6) finds links past their expiry.
    index('email_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Signed-in sessions (issue 10): the session token names its row, so signing out ends that session
 * on the server and "sign out everywhere" ends them all. Expired and revoked rows are pruned hourly
 * (netlify/functions/prune-expired.mts).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    // The hourly prune (issue 26 point 6) finds revoked sessions without reading the live ones; partial, so it holds only the few revoked since the last run.
    index('sessions_revoked_idx').on(t.revokedAt).where(sql`${t.revokedAt} IS NOT NULL`),
  ],
);

/** Fixed-window rate-limit counters, kept in the database so they hold across function instances. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
