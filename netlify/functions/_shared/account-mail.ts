/**
 * Single-use email links and their localized messages (issue 4): random 32-byte tokens, stored only
 * as SHA-256 hashes, valid 30 minutes (spec §9); a new link cancels the earlier ones of its kind that
 * are at least a minute old. The mails to one address are paced (issue 27 point 2, `mayMailLink`): a
 * request inside the gap mails nothing, and the last link mailed still works.
 */
import { createHash, randomBytes } from 'node:crypto';
import { getDb } from '../../../db/client.ts';
import { cancelEmailTokens, consumeEmailToken, findUserByEmail, issueEmailToken } from '../../../db/queries/accounts.ts';
import { LINK_REPLACES_AFTER_SECONDS } from '../../../src/domain/account/link-pacing.ts';
import { ApiError } from '../../../src/domain/envelope.ts';
import type { EmailTokenPurpose, Locale } from '../../../src/domain/enums.ts';
import { sendMail } from './mailer.ts';
import { translate } from './messages.ts';
import { mayMailLink } from './rate-limit.ts';
import { siteOrigin } from './site.ts';

export const EMAIL_LINK_MINUTES = 30;

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The account mails with a link: `verify` confirms a new address (the first registration's password
 * counts), `reset` chooses a new password, `claim` confirms an address that is not verified yet by
 * choosing its password (issue 27 point 1: a second registration or a resend, so that only the
 * mailbox's owner decides the password; the reset page serves it, and a reset verifies the address).
 */
const MAILS = {
  verify: { purpose: 'verify_email', page: 'verify-email', prefix: 'email.verify' },
  reset: { purpose: 'reset_password', page: 'reset-password', prefix: 'email.reset' },
  claim: { purpose: 'reset_password', page: 'reset-password', prefix: 'email.claim' },
} as const satisfies Record<string, { purpose: EmailTokenPurpose; page: string; prefix: string }>;
export type LinkMail = keyof typeof MAILS;

interface Recipient {
  id: string;
  email: string;
  firstName: string | null;
  language: string;
}

const localeOf = (user: Recipient) => (['en', 'de', 'it'].includes(user.language) ? user.language : 'en') as Locale;

/** Composes and sends one account mail in the user's language, as plain text and HTML. */
async function sendAccountMail(user: Recipient, prefix: string, link: string, params: Record<string, string | number> = {}): Promise<void> {
  const locale = localeOf(user);
  const name = user.firstName ?? user.email;
  const greeting = translate(locale, 'email.greeting', { name });
  const body = translate(locale, `${prefix}.body`, params);
  const action = translate(locale, `${prefix}.action`);
  const ignore = translate(locale, `${prefix}.ignore`);
  const signature = translate(locale, 'email.signature');
  await sendMail({
    to: user.email,
    subject: translate(locale, `${prefix}.subject`),
    link,
    text: `${greeting}\n\n${body}\n\n${action}: ${link}\n\n${ignore}\n\n${signature}\n`,
    html: `<!doctype html><html lang="${locale}"><body><p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(ignore)}</p><p>${escapeHtml(signature)}</p></body></html>`,
  });
}

/**
 * Issues a fresh link for the user and mails it, unless the address's mails of this purpose are
 * paced (then the last link mailed, still valid, is the one to use).
 */
export async function mailTokenLink(req: Request, user: Recipient, mail: LinkMail, now = new Date()): Promise<void> {
  const { purpose, page, prefix } = MAILS[mail];
  if (!(await mayMailLink(purpose, user.email, now))) return;
  const { token, hash } = newToken();
  await issueEmailToken(await getDb(), user.id, purpose, hash, new Date(now.getTime() + EMAIL_LINK_MINUTES * 60_000), LINK_REPLACES_AFTER_SECONDS);
  await sendAccountMail(user, prefix, `${siteOrigin(req)}/${localeOf(user)}/${page}?token=${token}`, { minutes: EMAIL_LINK_MINUTES });
}

/**
 * A registration of an address that has an account (issue 27 point 1), after the answer: the owner
 * always hears of it. Not verified yet: the confirmation links mailed before stop working (one of
 * them may carry a stranger's password) and a `claim` link lets the mailbox's owner choose the
 * password. Verified: a notice that points to the password reset; nothing changes.
 */
export async function mailRegistrationOfExisting(req: Request, email: string, now = new Date()): Promise<void> {
  const db = await getDb();
  const user = await findUserByEmail(db, email);
  if (!user) return;
  if (!user.emailVerifiedAt) {
    await cancelEmailTokens(db, user.id, 'verify_email');
    await mailTokenLink(req, user, 'claim', now);
    return;
  }
  if (!(await mayMailLink('registered', user.email, now))) return;
  await sendAccountMail(user, 'email.registered', `${siteOrigin(req)}/${localeOf(user)}/forgot-password`);
}

/** Uses an emailed link's token once and returns its user; expired, used and unknown links are errors. */
export async function useEmailLink(purpose: EmailTokenPurpose, token: string): Promise<string> {
  const outcome = await consumeEmailToken(await getDb(), purpose, hashToken(token), new Date());
  if (outcome.status === 'ok') return outcome.userId;
  throw linkRefused(outcome.status);
}

/** The error for an emailed link that cannot be used (account and newsletter links alike). */
export function linkRefused(status: string): ApiError {
  switch (status) {
    case 'expired':
      return new ApiError('VALIDATION', 'api.error.linkExpired', [{ path: 'token', key: 'validation.token.expired' }]);
    case 'used':
      return new ApiError('CONFLICT', 'api.error.linkUsed', [{ path: 'token', key: 'validation.token.used' }]);
    default:
      return new ApiError('VALIDATION', 'api.error.linkInvalid', [{ path: 'token', key: 'validation.token' }]);
  }
}
