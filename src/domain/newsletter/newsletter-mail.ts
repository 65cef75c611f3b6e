/**
 * The newsletter's mails as values (issue 14 point 4): the double opt-in confirmation, and the frame
 * every newsletter mail goes out in, with its unsubscribe link and the one-click List-Unsubscribe
 * headers (RFC 2369, RFC 8058). Pure: texts come translated through `translate`, links from the caller.
 * Every mail to a subscriber carries both (issue 29 point 23): the confirmation, the mailed
 * unsubscribe link, each newsletter issue (the send queue composes it with `composeNewsletterMail`)
 * and its test mail.
 */
import type { Locale } from '../enums.ts';

export type Translate = (key: string, params?: Readonly<Record<string, string | number>>) => string;

/** A mail ready for the mailer (netlify/functions/_shared/mailer.ts `Mail`). */
export interface ComposedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** The mail's one action link (printed by the outbox). */
  link?: string;
}

export interface NewsletterLinks {
  /** The page a reader opens from the mail's text: it asks before it unsubscribes (link scanners open links). */
  unsubscribePage: string;
  /** Where a mail client POSTs `List-Unsubscribe=One-Click` (RFC 8058): the API itself. */
  oneClick: string;
}

/**
 * The unsubscribe addresses of one subscriber's mails.
 * @example newsletterLinks('https://phantastika.example', 'de', 'id.sig').oneClick // 'https://phantastika.example/api/newsletter/unsubscribe?token=id.sig'
 */
export function newsletterLinks(origin: string, locale: Locale, unsubscribeToken: string): NewsletterLinks {
  const token = encodeURIComponent(unsubscribeToken);
  const base = origin.replace(/\/$/, '');
  return { unsubscribePage: `${base}/${locale}/newsletter/unsubscribe?token=${token}`, oneClick: `${base}/api/newsletter/unsubscribe?token=${token}` };
}

/**
 * The headers that let a mail client offer "unsubscribe" and do it with one POST (RFC 8058: the
 * https URL in List-Unsubscribe, and List-Unsubscribe-Post naming the one-click body).
 * @example listUnsubscribeHeaders('https://x/api/newsletter/unsubscribe?token=t')['List-Unsubscribe'] // '<https://x/api/newsletter/unsubscribe?token=t>'
 */
export function listUnsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  if (!oneClickUrl.startsWith('https://') && !oneClickUrl.startsWith('http://')) throw new Error('List-Unsubscribe needs an http(s) URL');
  if (/[<>,\s]/.test(oneClickUrl)) throw new Error('List-Unsubscribe URL must not contain <, >, commas or spaces');
  return { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface NewsletterContent {
  subject: string;
  /** The text as plain paragraphs (blank-line separated). */
  text: string;
  /** The issue's body as HTML (trusted: written by the editors' campaign tool). */
  html: string;
}

/**
 * One newsletter mail to one confirmed subscriber: the content, then why they receive it and the
 * unsubscribe link in their language, and the one-click headers.
 */
export function composeNewsletterMail(to: string, locale: Locale, content: NewsletterContent, links: NewsletterLinks, translate: Translate): ComposedMail {
  const why = translate('newsletter.mail.why');
  const unsubscribe = translate('newsletter.mail.unsubscribe');
  return {
    to,
    subject: content.subject,
    link: links.unsubscribePage,
    headers: listUnsubscribeHeaders(links.oneClick),
    text: `${content.text.trim()}\n\n--\n${why}\n${unsubscribe}: ${links.unsubscribePage}\n`,
    html:
      `<!doctype html><html lang="${locale}"><body>${content.html}` +
      `<hr><p>${escapeHtml(why)}</p><p><a href="${escapeHtml(links.unsubscribePage)}">${escapeHtml(unsubscribe)}</a></p></body></html>`,
  };
}

/**
 * The double opt-in mail: the link that confirms the sign-up, in the reader's language, and (issue 29
 * point 23) the unsubscribe link and one-click headers: a reader who changed their mind ends the
 * pending sign-up from the first mail, and the link stays theirs once confirmed.
 */
export function composeConfirmationMail(to: string, locale: Locale, confirmLink: string, hours: number, links: NewsletterLinks, translate: Translate): ComposedMail {
  const lines = {
    intro: translate('newsletter.confirmMail.body', { hours }),
    action: translate('newsletter.confirmMail.action'),
    ignore: translate('newsletter.confirmMail.ignore'),
    signature: translate('email.signature'),
    unsubscribe: translate('newsletter.confirmMail.unsubscribe'),
  };
  return {
    to,
    subject: translate('newsletter.confirmMail.subject'),
    link: confirmLink,
    headers: listUnsubscribeHeaders(links.oneClick),
    text: `${lines.intro}\n\n${lines.action}: ${confirmLink}\n\n${lines.ignore}\n\n${lines.signature}\n\n--\n${lines.unsubscribe}: ${links.unsubscribePage}\n`,
    html:
      `<!doctype html><html lang="${locale}"><body><p>${escapeHtml(lines.intro)}</p>` +
      `<p><a href="${escapeHtml(confirmLink)}">${escapeHtml(lines.action)}</a></p><p>${escapeHtml(lines.ignore)}</p><p>${escapeHtml(lines.signature)}</p>` +
      `<hr><p><a href="${escapeHtml(links.unsubscribePage)}">${escapeHtml(lines.unsubscribe)}</a></p></body></html>`,
  };
}

/**
 * The mail the unsubscribe page sends to an address that asked for its link (issue 29 point 23): the
 * subscriber's unsubscribe link (the page still asks before it unsubscribes) and the one-click headers.
 */
export function composeUnsubscribeLinkMail(to: string, locale: Locale, links: NewsletterLinks, translate: Translate): ComposedMail {
  const lines = {
    intro: translate('newsletter.unsubscribeMail.body'),
    action: translate('newsletter.unsubscribeMail.action'),
    ignore: translate('newsletter.unsubscribeMail.ignore'),
    signature: translate('email.signature'),
  };
  return {
    to,
    subject: translate('newsletter.unsubscribeMail.subject'),
    link: links.unsubscribePage,
    headers: listUnsubscribeHeaders(links.oneClick),
    text: `${lines.intro}\n\n${lines.action}: ${links.unsubscribePage}\n\n${lines.ignore}\n\n${lines.signature}\n`,
    html:
      `<!doctype html><html lang="${locale}"><body><p>${escapeHtml(lines.intro)}</p>` +
      `<p><a href="${escapeHtml(links.unsubscribePage)}">${escapeHtml(lines.action)}</a></p><p>${escapeHtml(lines.ignore)}</p><p>${escapeHtml(lines.signature)}</p></body></html>`,
  };
}
