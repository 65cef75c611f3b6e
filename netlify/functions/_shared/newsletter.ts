/**
 * The newsletter's server side (issue 14 point 4): the sign-up's mail, the confirmation, and the
 * unsubscribe tokens. A confirmation token is 32 random bytes, stored only as its SHA-256 hash. An
 * unsubscribe token is the subscription's id and an HMAC of it under SESSION_SECRET, so every mail
 * can carry a link without a stored secret per subscriber (ADR 0019; src/domain/newsletter/unsubscribe-token.ts).
 */
import { getDb } from '../../../db/client.ts';
import { confirmSubscription, findSubscription, pruneSubscriptions, signUp, unsubscribe } from '../../../db/queries/newsletter/subscriptions.ts';
import { ApiError } from '../../../src/domain/envelope.ts';
import type { Locale } from '../../../src/domain/enums.ts';
import {
  composeConfirmationMail,
  composeNewsletterMail,
  composeUnsubscribeLinkMail,
  newsletterLinks,
  type ComposedMail,
  type NewsletterContent,
  type NewsletterLinks,
} from '../../../src/domain/newsletter/newsletter-mail.ts';
import { CONFIRM_LINK_HOURS, confirmLinkExpiresAt, consentProofCutoff, unconfirmedCutoff } from '../../../src/domain/newsletter/subscription.ts';
import { subscriptionOfToken as tokenSubscription, unsubscribeToken as tokenOf } from '../../../src/domain/newsletter/unsubscribe-token.ts';
import type { NewsletterSignUp, NewsletterUnsubscribeLinkRequest } from '../../../src/domain/schemas/newsletter.ts';
import { hashToken, linkRefused, newToken } from './account-mail.ts';
import { mayMailLink } from './rate-limit.ts';
import { siteOrigin } from './site.ts';
import { getEnv } from './env.ts';
import { sendMail } from './mailer.ts';
import { translate } from './messages.ts';

/** The token of a subscription's unsubscribe links (src/domain/newsletter/unsubscribe-token.ts) under SESSION_SECRET. */
export function unsubscribeToken(subscriptionId: string): string {
  return tokenOf(subscriptionId, getEnv().SESSION_SECRET);
}

/** The subscription id an unsubscribe token names, or null when its signature does not match. */
export function subscriptionOfToken(token: string): string | null {
  return tokenSubscription(token, getEnv().SESSION_SECRET);
}

/** The unsubscribe links of one subscription's mails, on the site's own address. */
export function linksFor(origin: string, subscriptionId: string, locale: Locale): NewsletterLinks {
  return newsletterLinks(origin, locale, unsubscribeToken(subscriptionId));
}

/**
 * Records the sign-up and mails the confirmation link in the reader's chosen language, unless the
 * address is confirmed already, or its mails are paced (issue 27 point 2, src/domain/account/link-pacing.ts:
 * then nothing changes, and the link mailed last, valid 48 hours, is the one to use). Runs after the
 * answer (afterResponse): every sign-up answers alike.
 */
export async function signUpAndMail(req: Request, input: NewsletterSignUp, now = new Date()): Promise<void> {
  if (!(await mayMailLink('newsletter', input.email, now))) return;
  const { token, hash } = newToken();
  const { step, id } = await signUp(await getDb(), {
    email: input.email,
    language: input.language,
    consentTextVersion: input.consentTextVersion,
    tokenHash: hash,
    expiresAt: confirmLinkExpiresAt(now),
    now,
  });
  // Sign-ups are rare: each one also removes the unconfirmed ones past their 30 days and the unsubscribed past three years.
  await pruneSubscriptions(await getDb(), { unconfirmedBefore: unconfirmedCutoff(now), unsubscribedBefore: consentProofCutoff(now) });
  if (step === 'keep') return;
  const origin = siteOrigin(req);
  const link = `${origin}/${input.language}/newsletter/confirm?token=${token}`;
  const links = linksFor(origin, id, input.language);
  await sendMail(composeConfirmationMail(input.email, input.language, link, CONFIRM_LINK_HOURS, links, (key, params) => translate(input.language, key, params)));
}

/**
 * The unsubscribe page without a token (issue 29 point 23): mails the address its unsubscribe link,
 * in the page's language, if it has a subscription that is not ended, unless its mails of this kind
 * are paced (src/domain/account/link-pacing.ts: the link mailed last is the same link). Runs after
 * the answer, so every address answers alike.
 */
export async function mailUnsubscribeLink(req: Request, input: NewsletterUnsubscribeLinkRequest, now = new Date()): Promise<void> {
  const subscription = await findSubscription(await getDb(), input.email);
  if (!subscription || subscription.unsubscribedAt) return;
  if (!(await mayMailLink('newsletter-unsubscribe', subscription.email, now))) return;
  const links = linksFor(siteOrigin(req), subscription.id, input.language);
  await sendMail(composeUnsubscribeLinkMail(subscription.email, input.language, links, (key, params) => translate(input.language, key, params)));
}

/** Confirms with a mailed token; expired, used and unknown links are errors (like the account links). */
export async function confirmWithToken(token: string, now = new Date()): Promise<void> {
  const outcome = await confirmSubscription(await getDb(), hashToken(token), now);
  if (outcome !== 'ok') throw linkRefused(outcome);
}

/** Unsubscribes the token's subscription; a token whose signature does not match is an invalid link. */
export async function unsubscribeWithToken(token: string, now = new Date()): Promise<void> {
  const id = subscriptionOfToken(token);
  if (!id) throw new ApiError('VALIDATION', 'api.error.linkInvalid', [{ path: 'token', key: 'validation.token' }]);
  await unsubscribe(await getDb(), id, now);
}

/**
 * One newsletter mail to one confirmed subscriber, composed with the unsubscribe link and the one-click
 * headers; the send queue calls this for each recipient and hands it to sendMail.
 */
export function newsletterMailFor(origin: string, subscriber: { id: string; email: string; language: Locale }, content: NewsletterContent): ComposedMail {
  const links = linksFor(origin, subscriber.id, subscriber.language);
  return composeNewsletterMail(subscriber.email, subscriber.language, content, links, (key, params) => translate(subscriber.language, key, params));
}

/** Public answers of the archive (issue 29 point 23): a newly sent issue shows within a minute. */
export const ARCHIVE_CACHE = { 'cache-control': 'public, max-age=60', 'netlify-cdn-cache-control': 'public, durable, s-maxage=60, stale-while-revalidate=300' };

/** The one-click body is 26 bytes; a form post much larger than that is no one-click request. */
const ONE_CLICK_MAX_BYTES = 4 * 1024;
export const ONE_CLICK_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'] as const;

/** The request's media type, lower-cased, without parameters. */
export function mediaType(req: Request): string {
  return (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * The fields of a one-click unsubscribe POST (RFC 8058: `List-Unsubscribe=One-Click`, sent
 * url-encoded or as multipart/form-data), read with a small size cap.
 */
export async function readOneClickForm(req: Request): Promise<Record<string, string>> {
  if (Number(req.headers.get('content-length') ?? 0) > ONE_CLICK_MAX_BYTES) throw new ApiError('VALIDATION', 'api.error.bodyTooLarge');
  const bytes = new Uint8Array(await req.arrayBuffer());
  if (bytes.byteLength > ONE_CLICK_MAX_BYTES) throw new ApiError('VALIDATION', 'api.error.bodyTooLarge');
  let form: FormData | URLSearchParams;
  try {
    form = mediaType(req) === 'multipart/form-data'
      ? await new Response(bytes, { headers: { 'content-type': req.headers.get('content-type')! } }).formData()
      : new URLSearchParams(new TextDecoder().decode(bytes));
  } catch {
    throw new ApiError('VALIDATION', 'api.error.malformedForm');
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
  return fields;
}
