import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NEWSLETTER_DELIVERY_STATUSES, NEWSLETTER_ISSUE_STATUSES } from '../../src/domain/enums.ts';
import { newsletterSubscriptions } from './operations.ts';
import { users } from './users.ts';

export const newsletterIssueStatusEnum = pgEnum('newsletter_issue_status', NEWSLETTER_ISSUE_STATUSES);
export const newsletterDeliveryStatusEnum = pgEnum('newsletter_delivery_status', NEWSLETTER_DELIVERY_STATUSES);

/**
 * A newsletter issue (issue 29 point 23): one language, a subject and a markdown body that super users
 * write. Sending snapshots its audience (`send_started_at`: the subscribers of that language confirmed
 * by then and not unsubscribed when their turn comes) and its size (`recipients`); the background send
 * queue holds a lease (`lease_until`) while it works, so a queue whose worker died is taken up again.
 * Sent issues form the public archive.
 */
export const newsletterIssues = pgTable(
  'newsletter_issues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: newsletterIssueStatusEnum('status').notNull().default('draft'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    recipients: integer('recipients').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sendStartedAt: timestamp('send_started_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('newsletter_issues_language_supported', sql`${t.language} IN ('en', 'de', 'it')`),
    index('newsletter_issues_archive_idx').on(t.language, t.sentAt.desc()).where(sql`${t.status} = 'sent'`),
  ],
);

/**
 * Who was mailed an issue: one row per issue and subscriber, inserted before the mail goes out, so the
 * primary key makes every address receive an issue at most once, however often the queue resumes.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    issueId: uuid('issue_id')
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => newsletterSubscriptions.id, { onDelete: 'cascade' }),
    status: newsletterDeliveryStatusEnum('status').notNull().default('claimed'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.subscriptionId] })],
);
