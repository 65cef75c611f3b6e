/**
 * The newsletter contract (issue 14 point 4; spec §1 "a newsletter sign-up sits in the footer", its
 * call not shown): sign up with e-mail, language and the consent text's version; confirm with the
 * mailed token; unsubscribe with the token of a newsletter mail's link, as JSON from our page or as
 * the one-click POST of RFC 8058 from a mail client. Super users read counts and export a CSV.
 */
import { z } from 'zod';
import { LOCALES, NEWSLETTER_ISSUE_STATUSES } from '../enums.ts';
import { CONSENT_TEXT_VERSIONS } from '../newsletter/subscription.ts';
import { EmailSchema, EmailTokenSchema } from './auth.ts';
import { text } from './text.ts';

/** POST /api/newsletter. `consentTextVersion` names the consent text the form showed (and the reader ticked). */
export const NewsletterSignUpSchema = z.strictObject({
  email: EmailSchema,
  language: z.enum(LOCALES, 'validation.language'),
  consentTextVersion: z.enum(CONSENT_TEXT_VERSIONS, 'validation.newsletter.consent'),
});
export type NewsletterSignUp = z.infer<typeof NewsletterSignUpSchema>;

/** The one answer of a sign-up, whatever the address's state (no answer reveals who is subscribed). */
export const NewsletterSignUpAnswerSchema = z.object({ status: z.literal('confirmation_sent') });

/** POST /api/newsletter/confirm: the token of the mailed link (32 random bytes, base64url). */
export const NewsletterConfirmSchema = z.strictObject({ token: EmailTokenSchema });
export const NewsletterConfirmAnswerSchema = z.object({ status: z.literal('confirmed') });

/** The token of an unsubscribe link: the subscription's id and its HMAC (base64url of 32 bytes). */
export const UnsubscribeTokenSchema = text('validation.token').regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/, 'validation.token');

/** POST /api/newsletter/unsubscribe as JSON (the unsubscribe page). */
export const NewsletterUnsubscribeSchema = z.strictObject({ token: UnsubscribeTokenSchema });
/** POST /api/newsletter/unsubscribe?token= as a one-click form post (RFC 8058): the token is in the URL. */
export const OneClickQuerySchema = z.strictObject({ token: UnsubscribeTokenSchema });
/** The one-click body, exactly `List-Unsubscribe=One-Click`. */
export const OneClickBodySchema = z.object({ 'List-Unsubscribe': z.literal('One-Click', 'validation.newsletter.oneClick') });
export const NewsletterUnsubscribeAnswerSchema = z.object({ status: z.literal('unsubscribed') });

/**
 * POST /api/newsletter/unsubscribe-link (issue 29 point 23): the unsubscribe page without a token asks
 * for the address; its link is mailed in `language` (the page's). The answer is the same whatever the
 * address's state.
 */
export const NewsletterUnsubscribeLinkSchema = z.strictObject({ email: EmailSchema, language: z.enum(LOCALES, 'validation.language') });
export type NewsletterUnsubscribeLinkRequest = z.infer<typeof NewsletterUnsubscribeLinkSchema>;
export const NewsletterUnsubscribeLinkAnswerSchema = z.object({ status: z.literal('link_sent') });

/** GET /api/admin/newsletter: how many addresses are in each state, confirmed ones per language. */
export const NewsletterCountsSchema = z.object({
  pending: z.number().int(),
  confirmed: z.number().int(),
  unsubscribed: z.number().int(),
  confirmedByLanguage: z.object({ en: z.number().int(), de: z.number().int(), it: z.number().int() }),
});
export type NewsletterCounts = z.infer<typeof NewsletterCountsSchema>;

/** Longest subject of an issue: mail clients show about 60 characters; more is a mistake, not a subject. */
export const ISSUE_SUBJECT_MAX = 200;
/** Longest markdown body of an issue (about 30 printed pages). */
export const ISSUE_BODY_MAX = 50_000;

/**
 * POST /api/admin/newsletter/issues and PUT …/{id} (issue 29 point 23): an issue in one language, its
 * subject and markdown body (rendered by src/domain/markdown.ts, raw HTML shown as text).
 */
export const NewsletterIssueInputSchema = z.strictObject({
  language: z.enum(LOCALES, 'validation.language'),
  subject: text('validation.newsletter.subject').trim().min(1, 'validation.newsletter.subject').max(ISSUE_SUBJECT_MAX, 'validation.newsletter.subject'),
  body: text('validation.newsletter.body', { multiline: true }).trim().min(1, 'validation.newsletter.body').max(ISSUE_BODY_MAX, 'validation.newsletter.body'),
});
export type NewsletterIssueInput = z.infer<typeof NewsletterIssueInputSchema>;

export const NewsletterIssueParamsSchema = z.object({ id: z.uuid('validation.newsletter.issue') });

/** An issue as super users see it, with the send queue's progress. */
export const NewsletterIssueSchema = z.object({
  id: z.uuid(),
  language: z.enum(LOCALES),
  subject: z.string(),
  body: z.string(),
  status: z.enum(NEWSLETTER_ISSUE_STATUSES),
  recipients: z.number().int(),
  progress: z.object({ done: z.number().int(), total: z.number().int(), percent: z.number().int() }),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  sendStartedAt: z.iso.datetime({ offset: true }).nullable(),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
});
export type NewsletterIssue = z.infer<typeof NewsletterIssueSchema>;
export const NewsletterIssueListSchema = z.object({ items: z.array(NewsletterIssueSchema) });

/** POST …/{id}/test: whom the test mail went to (the signed-in super user). */
export const NewsletterTestMailAnswerSchema = z.object({ status: z.literal('test_sent'), to: z.string() });

/** GET /api/newsletter/issues?language= : the public archive of sent issues. */
export const NewsletterArchiveQuerySchema = z.strictObject({ language: z.enum(LOCALES, 'validation.language') });
export const NewsletterArchiveEntrySchema = z.object({ id: z.uuid(), language: z.enum(LOCALES), subject: z.string(), sentAt: z.iso.datetime({ offset: true }) });
export const NewsletterArchiveSchema = z.object({ items: z.array(NewsletterArchiveEntrySchema) });
/** GET /api/newsletter/issues/{id}: one sent issue with its body rendered to safe HTML. */
export const NewsletterArchiveIssueSchema = NewsletterArchiveEntrySchema.extend({ html: z.string() });
export type NewsletterArchiveEntry = z.infer<typeof NewsletterArchiveEntrySchema>;
export type NewsletterArchiveIssue = z.infer<typeof NewsletterArchiveIssueSchema>;
