/**
 * The newsletter's send queue (issue 29 point 23), following the import worker's pattern (ADR 0026):
 * "send" leaves the issue `sending` and asks the background function `newsletter-send-background`
 * (Netlify answers 202 at once and gives it up to 15 minutes; `npm start` and the tests run it the
 * same way, scripts/function-server.ts) with a request signed by an HMAC of the issue id. The worker
 * takes the issue's lease, then mails its recipients batch by batch, recording each address before
 * its mail goes out (at most once per address). An admin screen polling a send whose worker is gone
 * (lease run out) asks for it again: the new worker skips every address already recorded.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getDb } from '../../../db/client.ts';
import {
  claimDelivery,
  claimSend,
  finishSending,
  liveSubscriptionOf,
  nextRecipients,
  renewSendLease,
  settleDelivery,
  type IssueRecord,
} from '../../../db/queries/newsletter/issues.ts';
import { renderMarkdown } from '../../../src/domain/markdown.ts';
import { composeNewsletterMail, type NewsletterContent } from '../../../src/domain/newsletter/newsletter-mail.ts';
import { afterBatch, isSendStalled, SEND_BATCH_SIZE, sendProgress } from '../../../src/domain/newsletter/send-queue.ts';
import type { NewsletterIssue } from '../../../src/domain/schemas/newsletter.ts';
import { ApiError } from '../../../src/domain/envelope.ts';
import { getEnv } from './env.ts';
import { afterResponse, type RequestContext } from './http.ts';
import { sendMail } from './mailer.ts';
import { translate } from './messages.ts';
import { newsletterMailFor } from './newsletter.ts';
import { siteOrigin } from './site.ts';

export const SEND_WORKER_PATH = '/.netlify/functions/newsletter-send-background';
const SIGNATURE_HEADER = 'x-newsletter-signature';

const sign = (issueId: string) => createHmac('sha256', getEnv().SESSION_SECRET).update(`newsletter-send:${issueId}`).digest('hex');

/** Whether the worker's request was signed by one of our functions. */
export function isSignedSendRequest(req: Request, issueId: string): boolean {
  const given = Buffer.from(req.headers.get(SIGNATURE_HEADER) ?? '', 'utf8');
  const expected = Buffer.from(sign(issueId), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Asks the background worker to send an issue. Not reaching it is logged: the next poll of the issue asks again. */
export async function startSendWorker(req: Request, issueId: string): Promise<void> {
  try {
    // The site's own address, never the request's Host: the call carries the issue's signature (issue 26 point 2).
    const res = await fetch(new URL(SEND_WORKER_PATH, siteOrigin(req)), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(issueId) },
      body: JSON.stringify({ issueId }),
    });
    if (res.status !== 202) console.warn(`Newsletter send worker for ${issueId} answered ${res.status}`);
    await res.body?.cancel();
  } catch (error) {
    console.warn(`Newsletter send worker for ${issueId} not reached:`, error);
  }
}

/** An issue's subject and body as a mail's content: the markdown rendered by the site's safe renderer, the source as the text part. */
export function issueContent(issue: Pick<IssueRecord, 'subject' | 'body'>): NewsletterContent {
  return { subject: issue.subject, text: issue.body, html: renderMarkdown(issue.body) };
}

export interface SendOptions {
  /** The site's address for the unsubscribe links. */
  origin: string;
  batchSize?: number;
  /** Stop after this many batches, keeping the lease (tests: a worker that dies mid-send). */
  maxBatches?: number;
}

/**
 * Sends an issue to whoever has not had it yet, if this worker can take it. Each address is recorded
 * before its mail; a failed mail is recorded as failed and not retried (at most once).
 */
export async function runNewsletterSend(issueId: string, options: SendOptions): Promise<void> {
  const db = await getDb();
  const issue = await claimSend(db, issueId);
  if (!issue) return;
  const batchSize = options.batchSize ?? SEND_BATCH_SIZE;
  const content = issueContent(issue);
  for (let batch = 0; options.maxBatches === undefined || batch < options.maxBatches; batch++) {
    const recipients = await nextRecipients(db, issue, batchSize);
    for (const recipient of recipients) {
      if (!(await claimDelivery(db, issue.id, recipient.id))) continue;
      try {
        await sendMail(newsletterMailFor(options.origin, { id: recipient.id, email: recipient.email, language: issue.language }, content));
        await settleDelivery(db, issue.id, recipient.id, 'sent');
      } catch (error) {
        console.error(`Newsletter ${issue.id} to subscription ${recipient.id} failed:`, error);
        await settleDelivery(db, issue.id, recipient.id, 'failed');
      }
    }
    if (afterBatch(recipients.length, batchSize) === 'finish') return finishSending(db, issue.id);
    await renewSendLease(db, issue.id);
  }
}

/**
 * The test mail to the signed-in super user: the issue as subscribers get it, subject marked as a
 * test. Its unsubscribe link and headers are the super user's own subscription's when they have one,
 * else the unsubscribe page that asks for the address (no one-click header: there is nothing to end).
 */
export async function sendTestMail(req: Request, issue: IssueRecord, to: string): Promise<void> {
  const origin = siteOrigin(req);
  const subject = `${translate(issue.language, 'newsletter.mail.testPrefix')} ${issue.subject}`;
  const content = { ...issueContent(issue), subject };
  const subscription = await liveSubscriptionOf(await getDb(), to);
  if (subscription) {
    await sendMail(newsletterMailFor(origin, { id: subscription.id, email: to, language: issue.language }, content));
    return;
  }
  const t = (key: string, params?: Readonly<Record<string, string | number>>) => translate(issue.language, key, params);
  const askPage = `${origin.replace(/\/$/, '')}/${issue.language}/newsletter/unsubscribe`;
  const mail = composeNewsletterMail(to, issue.language, content, { unsubscribePage: askPage, oneClick: askPage }, t);
  await sendMail({ ...mail, headers: {} });
}

/** An issue as the admin API answers it. */
export function issueAnswer(issue: IssueRecord): NewsletterIssue {
  return {
    id: issue.id,
    language: issue.language,
    subject: issue.subject,
    body: issue.body,
    status: issue.status,
    recipients: issue.recipients,
    progress: sendProgress(issue),
    createdAt: issue.createdAt.toISOString(),
    updatedAt: issue.updatedAt.toISOString(),
    sendStartedAt: issue.sendStartedAt?.toISOString() ?? null,
    sentAt: issue.sentAt?.toISOString() ?? null,
  };
}

/** A send whose worker is gone is asked for again after the answer (the poll does not wait). */
export function resumeIfStalled(req: Request, ctx: RequestContext, issue: IssueRecord, now = new Date()): void {
  if (isSendStalled(issue, now)) afterResponse(ctx, () => startSendWorker(req, issue.id));
}


/** An issue the admin API names, or a 404 (an id that is no UUID is a 400 from its schema). */
export function issueOr404<T>(issue: T | null): T {
  if (!issue) throw new ApiError('NOT_FOUND', 'api.error.newsletterIssueNotFound');
  return issue;
}

/** The answer to changing or sending an issue that is no longer a draft. */
export function notDraft(): ApiError {
  return new ApiError('CONFLICT', 'api.error.newsletterIssueNotDraft');
}
