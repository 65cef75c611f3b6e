import { describe, expect, it } from 'vitest';
import { composeConfirmationMail, composeNewsletterMail, composeUnsubscribeLinkMail, listUnsubscribeHeaders, newsletterLinks, type Translate } from './newsletter-mail.ts';

const translate: Translate = (key, params) => `[${key}${params ? ` ${JSON.stringify(params)}` : ''}]`;
const links = newsletterLinks('https://phantastika.example/', 'de', 'abc.DEF_-');

describe('newsletter links', () => {
  it('point the reader at the asking page in their language and the mail client at the API', () => {
    expect(links).toEqual({
      unsubscribePage: 'https://phantastika.example/de/newsletter/unsubscribe?token=abc.DEF_-',
      oneClick: 'https://phantastika.example/api/newsletter/unsubscribe?token=abc.DEF_-',
    });
  });

  it('encode a token that would break the URL', () => {
    expect(newsletterLinks('https://x', 'en', 'a b&c').oneClick).toBe('https://x/api/newsletter/unsubscribe?token=a%20b%26c');
  });
});

describe('List-Unsubscribe headers (RFC 2369, RFC 8058)', () => {
  it('name the one-click URL in angle brackets and the one-click POST body', () => {
    expect(listUnsubscribeHeaders(links.oneClick)).toEqual({
      'List-Unsubscribe': '<https://phantastika.example/api/newsletter/unsubscribe?token=abc.DEF_->',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('refuse an address that is not http(s) or would break the header', () => {
    expect(() => listUnsubscribeHeaders('mailto:x@example.org')).toThrow();
    expect(() => listUnsubscribeHeaders('https://x/a>,<https://evil')).toThrow();
    expect(() => listUnsubscribeHeaders('https://x/a b')).toThrow();
  });
});

describe('a newsletter mail', () => {
  const mail = composeNewsletterMail('reader@example.org', 'de', { subject: 'Neu im Katalog', text: 'Hallo\n\n', html: '<p>Hallo</p>' }, links, translate);

  it('carries the one-click headers', () => {
    expect(mail.headers['List-Unsubscribe']).toBe(`<${links.oneClick}>`);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('ends text and HTML with why it came and the unsubscribe link', () => {
    expect(mail.text).toBe(`Hallo\n\n--\n[newsletter.mail.why]\n[newsletter.mail.unsubscribe]: ${links.unsubscribePage}\n`);
    expect(mail.html).toContain(`<a href="${links.unsubscribePage}">[newsletter.mail.unsubscribe]</a>`);
    expect(mail.html).toContain('<html lang="de">');
    expect(mail).toMatchObject({ to: 'reader@example.org', subject: 'Neu im Katalog' });
  });
});

describe('the confirmation mail', () => {
  it('holds the link, how long it works, what to do if unasked, and the unsubscribe link with the one-click headers', () => {
    const mail = composeConfirmationMail('r@example.org', 'it', 'https://x/it/newsletter/confirm?token=t', 48, links, translate);
    expect(mail.subject).toBe('[newsletter.confirmMail.subject]');
    expect(mail.text).toContain('[newsletter.confirmMail.body {"hours":48}]');
    expect(mail.text).toContain('[newsletter.confirmMail.action]: https://x/it/newsletter/confirm?token=t');
    expect(mail.text).toContain(`[newsletter.confirmMail.unsubscribe]: ${links.unsubscribePage}`);
    expect(mail.html).toContain('<a href="https://x/it/newsletter/confirm?token=t">');
    expect(mail.html).toContain(`<a href="${links.unsubscribePage}">[newsletter.confirmMail.unsubscribe]</a>`);
    expect(mail.headers).toEqual(listUnsubscribeHeaders(links.oneClick));
    expect(mail.link).toBe('https://x/it/newsletter/confirm?token=t');
  });

  it('escapes texts in the HTML part', () => {
    const mail = composeConfirmationMail('r@example.org', 'en', 'https://x/?a=1&b=2', 48, links, () => '<b>"x"</b>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('https://x/?a=1&#38;b=2');
  });
});

describe('the mailed unsubscribe link', () => {
  it('links the asking page, names what to do if unasked and carries the one-click headers', () => {
    const mail = composeUnsubscribeLinkMail('r@example.org', 'de', links, translate);
    expect(mail).toMatchObject({ to: 'r@example.org', subject: '[newsletter.unsubscribeMail.subject]', link: links.unsubscribePage });
    expect(mail.text).toContain(`[newsletter.unsubscribeMail.action]: ${links.unsubscribePage}`);
    expect(mail.text).toContain('[newsletter.unsubscribeMail.ignore]');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.headers['List-Unsubscribe']).toBe(`<${links.oneClick}>`);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});
