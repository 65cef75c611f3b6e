/**
 * The newsletter's send queue as rules (issue 29 point 23): what an issue in each state allows, how the
 * background worker walks its recipients, when a queue counts as stalled and what its progress is.
 * Pure: the state, counts and times come from the caller (db/queries/newsletter/issues.ts and
 * netlify/functions/_shared/newsletter-send.ts apply them).
 */
import type { NewsletterIssueStatus } from '../enums.ts';

/** Recipients one step of the worker takes: the lease is renewed and progress shows after each. */
export const SEND_BATCH_SIZE = 50;
/** How long a worker holds a sending issue without renewing: well above one batch of SMTP sends. */
export const SEND_LEASE_SECONDS = 120;
/** A send no worker took within this time after it started is asked for again. */
export const SEND_UNCLAIMED_SECONDS = 30;

export type IssueAction = 'edit' | 'send' | 'testMail';

/**
 * Whether an action is allowed on an issue in `status`: a draft can be changed, test-mailed and sent;
 * once sending starts its text is what subscribers get, so it stays as it is (a test mail still works).
 * @example mayIssue('sent', 'edit') // false
 */
export function mayIssue(status: NewsletterIssueStatus, action: IssueAction): boolean {
  if (action === 'testMail') return true;
  return status === 'draft';
}

/**
 * Whether a sending issue's worker is gone: its lease ran out, or no worker took it within
 * SEND_UNCLAIMED_SECONDS of the start. Such a queue is resumed; what it sent stays sent.
 * @example isSendStalled({ status: 'sending', leaseUntil: null, sendStartedAt: minuteAgo }, now) // true
 */
export function isSendStalled(issue: { status: NewsletterIssueStatus; leaseUntil: Date | null; sendStartedAt: Date | null }, now: Date): boolean {
  if (issue.status !== 'sending') return false;
  const until = issue.leaseUntil ?? (issue.sendStartedAt && new Date(issue.sendStartedAt.getTime() + SEND_UNCLAIMED_SECONDS * 1000));
  return !until || until.getTime() < now.getTime();
}

/**
 * What the worker does after a batch: a full batch means more may wait; a short one means every
 * recipient has been taken, and the issue is sent.
 * @example afterBatch(50, 50) // 'continue'
 * @example afterBatch(12, 50) // 'finish'
 */
export function afterBatch(taken: number, batchSize: number = SEND_BATCH_SIZE): 'continue' | 'finish' {
  return taken >= batchSize ? 'continue' : 'finish';
}

/**
 * The progress the admin screen shows: mails handled of the recipients counted at the start (an
 * address that unsubscribes meanwhile is skipped, so a finished send is always 100 %).
 * @example sendProgress({ status: 'sending', recipients: 200, delivered: 50 }) // { done: 50, total: 200, percent: 25 }
 */
export function sendProgress(issue: { status: NewsletterIssueStatus; recipients: number; delivered: number }): { done: number; total: number; percent: number } {
  const total = Math.max(issue.recipients, issue.delivered);
  if (issue.status === 'sent') return { done: issue.delivered, total: issue.delivered, percent: 100 };
  if (issue.status === 'draft' || total === 0) return { done: 0, total, percent: 0 };
  return { done: issue.delivered, total, percent: Math.floor((issue.delivered / total) * 100) };
}
