/**
 * Newsletter issues and their send queue (issue 29 point 23, migration 0027). Drafts are written by
 * super users; sending records the start and the audience's size, and the background worker takes a
 * lease, reads recipients in batches and records each one in `newsletter_deliveries` before mailing
 * (the primary key (issue, subscription) makes a second mail to an address impossible, however often
 * the queue resumes). The rules are src/domain/newsletter/send-queue.ts.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Locale, NewsletterDeliveryStatus, NewsletterIssueStatus } from '../../../src/domain/enums.ts';
import { SEND_LEASE_SECONDS } from '../../../src/domain/newsletter/send-queue.ts';
import type { NewsletterIssueInput } from '../../../src/domain/schemas/newsletter.ts';
import type { Database } from '../../client.ts';
import { newsletterDeliveries as deliveries, newsletterIssues as issues } from '../../schema/index.ts';

export interface IssueRecord {
  id: string;
  language: Locale;
  subject: string;
  body: string;
  status: NewsletterIssueStatus;
  recipients: number;
  /** Recipients handled so far (claimed, sent or failed). */
  delivered: number;
  leaseUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
  sendStartedAt: Date | null;
  sentAt: Date | null;
}

const columns = {
  id: issues.id,
  language: sql<Locale>`${issues.language}`,
  subject: issues.subject,
  body: issues.body,
  status: issues.status,
  recipients: issues.recipients,
  delivered: sql<number>`(SELECT count(*)::int FROM newsletter_deliveries d WHERE d.issue_id = ${issues.id})`,
  leaseUntil: issues.leaseUntil,
  createdAt: issues.createdAt,
  updatedAt: issues.updatedAt,
  sendStartedAt: issues.sendStartedAt,
  sentAt: issues.sentAt,
};

/** Every issue, newest first (a handful a month: no paging). */
export async function listIssues(db: Database): Promise<IssueRecord[]> {
  return db.select(columns).from(issues).orderBy(desc(issues.createdAt));
}

export async function findIssue(db: Database, id: string): Promise<IssueRecord | null> {
  const [row] = await db.select(columns).from(issues).where(eq(issues.id, id)).limit(1);
  return row ?? null;
}

export async function createIssue(db: Database, input: NewsletterIssueInput, userId: string): Promise<IssueRecord> {
  const [row] = await db.insert(issues).values({ ...input, createdBy: userId }).returning({ id: issues.id });
  return (await findIssue(db, row!.id))!;
}

/** Changes a draft; null when the issue does not exist, 'notDraft' once it is sending or sent. */
export async function updateDraft(db: Database, id: string, input: NewsletterIssueInput): Promise<IssueRecord | 'notDraft' | null> {
  const updated = await db
    .update(issues)
    .set({ ...input, updatedAt: sql`now()` })
    .where(and(eq(issues.id, id), eq(issues.status, 'draft')))
    .returning({ id: issues.id });
  if (updated.length > 0) return findIssue(db, id);
  const existing = await findIssue(db, id);
  return existing ? 'notDraft' : null;
}

/**
 * Starts sending a draft: the audience is the language's subscribers confirmed by now, counted in the
 * same statement. Null when the issue does not exist, 'notDraft' when it was sent or started already
 * (two clicks on "send" start one queue).
 */
export async function startSending(db: Database, id: string): Promise<IssueRecord | 'notDraft' | null> {
  const { rows } = await db.execute(sql`
    UPDATE newsletter_issues i SET status = 'sending', send_started_at = now(), updated_at = now(), lease_until = NULL,
      recipients = (SELECT count(*)::int FROM newsletter_subscriptions s
                    WHERE s.language = i.language AND s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL)
    WHERE i.id = ${id} AND i.status = 'draft' RETURNING i.id`);
  if (rows.length > 0) return findIssue(db, id);
  const existing = await findIssue(db, id);
  return existing ? 'notDraft' : null;
}

/** Takes a sending issue for this worker (a lease of SEND_LEASE_SECONDS), or null: another holds it, or it is not sending. */
export async function claimSend(db: Database, id: string): Promise<IssueRecord | null> {
  const { rows } = await db.execute(sql`
    UPDATE newsletter_issues SET lease_until = now() + make_interval(secs => ${SEND_LEASE_SECONDS})
    WHERE id = ${id} AND status = 'sending' AND (lease_until IS NULL OR lease_until < now()) RETURNING id`);
  return rows.length > 0 ? findIssue(db, id) : null;
}

/** Renews the worker's lease after a batch. */
export async function renewSendLease(db: Database, id: string): Promise<void> {
  await db.execute(sql`UPDATE newsletter_issues SET lease_until = now() + make_interval(secs => ${SEND_LEASE_SECONDS}) WHERE id = ${id} AND status = 'sending'`);
}

export interface Recipient {
  id: string;
  email: string;
}

/**
 * The next recipients not handled yet: subscribers of the issue's language confirmed by the send's
 * start and not unsubscribed now (an address that unsubscribed meanwhile is skipped), in id order.
 */
export async function nextRecipients(db: Database, issue: Pick<IssueRecord, 'id' | 'language' | 'sendStartedAt'>, limit: number): Promise<Recipient[]> {
  const { rows } = await db.execute(sql`
    SELECT s.id, s.email FROM newsletter_subscriptions s
    WHERE s.language = ${issue.language} AND s.confirmed_at IS NOT NULL AND s.confirmed_at <= ${issue.sendStartedAt!.toISOString()}::timestamptz
      AND s.unsubscribed_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM newsletter_deliveries d WHERE d.issue_id = ${issue.id} AND d.subscription_id = s.id)
    ORDER BY s.id LIMIT ${limit}`);
  return rows as unknown as Recipient[];
}

/**
 * Records that this worker mails `subscriptionId` now, before the mail goes out; false when the
 * address was handled already (another worker, or an earlier run): then nothing is sent.
 */
export async function claimDelivery(db: Database, issueId: string, subscriptionId: string): Promise<boolean> {
  const inserted = await db.insert(deliveries).values({ issueId, subscriptionId }).onConflictDoNothing().returning({ id: deliveries.subscriptionId });
  return inserted.length > 0;
}

export async function settleDelivery(db: Database, issueId: string, subscriptionId: string, status: Exclude<NewsletterDeliveryStatus, 'claimed'>): Promise<void> {
  await db
    .update(deliveries)
    .set({ status, at: sql`now()` })
    .where(and(eq(deliveries.issueId, issueId), eq(deliveries.subscriptionId, subscriptionId)));
}

/** Every recipient was taken: the issue is sent (and in the archive). */
export async function finishSending(db: Database, id: string): Promise<void> {
  await db.execute(sql`UPDATE newsletter_issues SET status = 'sent', sent_at = now(), lease_until = NULL, updated_at = now() WHERE id = ${id} AND status = 'sending'`);
}

/** The archive: sent issues of a language, newest first (newsletter_issues_archive_idx). */
export async function sentIssues(db: Database, language: Locale): Promise<{ id: string; language: Locale; subject: string; sentAt: Date }[]> {
  const { rows } = await db.execute(sql`
    SELECT id, language, subject, sent_at AS "sentAt" FROM newsletter_issues
    WHERE status = 'sent' AND language = ${language} ORDER BY sent_at DESC NULLS LAST LIMIT 500`);
  return (rows as { id: string; language: Locale; subject: string; sentAt: Date | string }[]).map((r) => ({ ...r, sentAt: new Date(r.sentAt) }));
}

/** One sent issue for the archive, or null (drafts and issues being sent are not public). */
export async function sentIssue(db: Database, id: string): Promise<{ id: string; language: Locale; subject: string; body: string; sentAt: Date } | null> {
  const [row] = await db
    .select({ id: issues.id, language: sql<Locale>`${issues.language}`, subject: issues.subject, body: issues.body, sentAt: issues.sentAt })
    .from(issues)
    .where(and(eq(issues.id, id), eq(issues.status, 'sent')))
    .limit(1);
  return row ? { ...row, sentAt: row.sentAt! } : null;
}

/** The subscription of an address, if any and not ended (the test mail's unsubscribe link). */
export async function liveSubscriptionOf(db: Database, email: string): Promise<{ id: string } | null> {
  const { rows } = await db.execute(sql`SELECT id FROM newsletter_subscriptions WHERE lower(email) = lower(${email}) AND unsubscribed_at IS NULL LIMIT 1`);
  return (rows[0] as { id: string } | undefined) ?? null;
}
