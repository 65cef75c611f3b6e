/**
 * Single-use email links and their localized messages (issue 4): random 32-byte tokens, stored only
 * as SHA-256 hashes, valid 30 minutes (spec §9); a new link invalidates the previous one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { getDb } from '../../../db/client.ts';
import { consumeEmailToken, issueEmailToken } from '../../../db/queries/accounts.ts';
import { ApiError } from '../../../src/domain/envelope.ts';
import type { EmailTokenPurpose, Locale } from '../../../src/domain/enums.ts';
import { sendMail } from './mailer.ts';
import { translate } from './messages.ts';
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

const PAGES: Record<EmailTokenPurpose, { page: string; prefix: string }> = {
  verify_email: { page: 'verify-email', prefix: 'email.verify' },
  reset_password: { page: 'reset-password', prefix: 'email.reset' },
};

/** Issues a fresh link for the user and mails it in the user's language, as plain text and HTML. */
export async function mailTokenLink(
  req: Request,
  user: { id: string; email: string; firstName: string | null; language: string },
  purpose: EmailTokenPurpose,
  now = new Date(),
): Promise<void> {
  const locale = (['en', 'de', 'it'].includes(user.language) ? user.language : 'en') as Locale;
  const { token, hash } = newToken();
  await issueEmailToken(await getDb(), user.id, purpose, hash, new Date(now.getTime() + EMAIL_LINK_MINUTES * 60_000));
  const { page, prefix } = PAGES[purpose];
  const link = `${siteOrigin(req)}/${locale}/${page}?token=${token}`;
  const name = user.firstName ?? user.email;
  const greeting = translate(locale, 'email.greeting', { name });
  const body = translate(locale, `${prefix}.body`, { minutes: EMAIL_LINK_MINUTES });
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
