import { describe, expect, it } from 'vitest';
import { isSafeUrl } from './safe-url.ts';

describe('isSafeUrl', () => {
  it.each([
    'http://example.org',
    'https://example.org/path?q=1#top',
    'HTTPS://EXAMPLE.ORG',
    'irc://irc.libera.chat/#phantastika',
    'ircs://irc.libera.chat:6697/#phantastika',
    'mailto:editor@example.org',
    'MailTo:editor@example.org',
    'xmpp:editor@example.org',
  ])('accepts the allowed scheme in %j', (url) => {
    expect(isSafeUrl(url)).toBe(true);
  });

  it.each([
    '/books/dune',
    './dune',
    '../authors/herbert',
    '#reviews',
    '?tab=reviews',
    'page.html',
    'books/dune:messiah',
    '//cdn.example.org/cover.jpg',
  ])('accepts the relative address %j', (url) => {
    expect(isSafeUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    '\u0000javascript:alert(1)',
    '\u001Fjavascript:alert(1) ',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:image/png;base64,iVBORw0KGgo=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.org/file',
    'unknown:thing',
    'a:b',
  ])('rejects %j', (url) => {
    expect(isSafeUrl(url)).toBe(false);
  });

  it('accepts an allowed scheme surrounded by whitespace', () => {
    expect(isSafeUrl('  https://example.org  ')).toBe(true);
  });

  it('rejects an empty or whitespace-only address', () => {
    expect(isSafeUrl('')).toBe(false);
    expect(isSafeUrl(' \t\n')).toBe(false);
  });
});
