import { parseAtomFeed, parseRssFeed } from 'feedsmith';
import { describe, expect, it } from 'vitest';
import { atomXml, escapeXml, rfc3339, rssXml, xmlSafe, type Feed, type FeedItem } from './feeds.ts';

const item = (overrides: Partial<FeedItem> = {}): FeedItem => ({
  id: 'https://phantastika.example/en/books/dune',
  idIsLink: true,
  title: 'Dune',
  link: 'https://phantastika.example/en/books/dune',
  date: new Date('2026-01-02T03:04:05.678Z'),
  summary: 'by Frank Herbert · 1965',
  authors: ['Frank Herbert'],
  categories: ['Science fiction'],
  ...overrides,
});

const feed = (overrides: Partial<Feed> = {}): Feed => ({
  title: 'New books · Phantastika',
  description: 'Books most recently added to the catalogue.',
  language: 'en',
  pageUrl: 'https://phantastika.example/en/books',
  urls: { rss: 'https://phantastika.example/en/feeds/new-books.rss', atom: 'https://phantastika.example/en/feeds/new-books.atom' },
  publisher: { name: 'Phantastika', url: 'https://phantastika.example/' },
  updatedFallback: new Date('2020-01-01T00:00:00Z'),
  items: [item()],
  ...overrides,
});

const NASTY = 'Tom & "Jerry" <b>bold</b> \'quoted\' ]]> \u0000\u0008 Ünïcødé ✓';
const NASTY_CLEAN = 'Tom & "Jerry" <b>bold</b> \'quoted\' ]]>  Ünïcødé ✓';

describe('XML text', () => {
  it('escapes the five special characters and drops what XML cannot carry', () => {
    expect(escapeXml('Tom & "Jerry" <3 \'x\'')).toBe('Tom &amp; &quot;Jerry&quot; &lt;3 &apos;x&apos;');
    expect(xmlSafe('a\u0000b\u000Bc\uFFFEd\tE\nF\uD800')).toBe('abcd\tE\nF');
    expect(xmlSafe('🐉')).toBe('🐉');
  });

  it('writes RFC 3339 dates in UTC with whole seconds', () => {
    expect(rfc3339(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02T03:04:05Z');
  });
});

describe('atomXml', () => {
  it('writes the elements the Atom RFC requires and a feed parser reads them back', () => {
    const xml = atomXml(feed({ items: [item(), item({ id: 'https://phantastika.example/en/books/hyperion', title: 'Hyperion', link: 'https://phantastika.example/en/books/hyperion', date: new Date('2026-02-01T00:00:00Z'), authors: [] })] }));
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">')).toBe(true);
    const parsed = parseAtomFeed(xml);
    expect(parsed.id).toBe('https://phantastika.example/en/feeds/new-books.atom');
    expect(parsed.title?.value).toBe('New books · Phantastika');
    expect(parsed.updated).toBe('2026-02-01T00:00:00Z'); // the newest entry, not the clock
    expect(parsed.authors?.[0]?.name).toBe('Phantastika');
    expect(parsed.links).toEqual(
      expect.arrayContaining([
        { rel: 'self', type: 'application/atom+xml', href: 'https://phantastika.example/en/feeds/new-books.atom' },
        { rel: 'alternate', type: 'text/html', href: 'https://phantastika.example/en/books' },
      ]),
    );
    expect(parsed.entries).toHaveLength(2);
    const [dune] = parsed.entries!;
    expect(dune).toMatchObject({ id: 'https://phantastika.example/en/books/dune', updated: '2026-01-02T03:04:05Z', summary: { value: 'by Frank Herbert · 1965' } });
    expect(dune!.authors?.[0]?.name).toBe('Frank Herbert');
    expect(dune!.categories?.[0]?.term).toBe('Science fiction');
    expect(dune!.links?.[0]?.href).toBe('https://phantastika.example/en/books/dune');
  });

  it('escapes every text, so markup in a title stays text', () => {
    const xml = atomXml(feed({ title: NASTY, items: [item({ title: NASTY, summary: NASTY, authors: [NASTY], categories: [NASTY], link: 'https://x.example/?a=1&b="2"' })] }));
    expect(xml).not.toContain('<b>');
    const parsed = parseAtomFeed(xml);
    expect(parsed.title?.value).toBe(NASTY_CLEAN);
    expect(parsed.entries?.[0]?.title?.value).toBe(NASTY_CLEAN);
    expect(parsed.entries?.[0]?.authors?.[0]?.name).toBe(NASTY_CLEAN);
    expect(parsed.entries?.[0]?.links?.[0]?.href).toBe('https://x.example/?a=1&b="2"');
  });

  it('dates an empty feed by its fallback', () => {
    expect(parseAtomFeed(atomXml(feed({ items: [] }))).updated).toBe('2020-01-01T00:00:00Z');
  });
});

describe('rssXml', () => {
  it('writes the channel and item elements RSS 2.0 requires, with atom:link rel=self and RFC 822 dates', async () => {
    const xml = await rssXml(feed());
    const parsed = parseRssFeed(xml);
    expect(parsed).toMatchObject({
      title: 'New books · Phantastika',
      link: 'https://phantastika.example/en/books',
      description: 'Books most recently added to the catalogue.',
      language: 'en',
      lastBuildDate: 'Fri, 02 Jan 2026 03:04:05 GMT',
    });
    expect(parsed.atom?.links).toEqual([{ href: 'https://phantastika.example/en/feeds/new-books.rss', rel: 'self', type: 'application/rss+xml' }]);
    expect(parsed.items?.[0]).toMatchObject({
      title: 'Dune',
      link: 'https://phantastika.example/en/books/dune',
      guid: { value: 'https://phantastika.example/en/books/dune', isPermaLink: true },
      pubDate: 'Fri, 02 Jan 2026 03:04:05 GMT',
      description: 'by Frank Herbert · 1965',
      dc: { creators: ['Frank Herbert'] },
    });
  });

  it('keeps a guid that is not the link as such', async () => {
    const id = 'https://phantastika.example/en/awards/hugo/best-novel#1966-dune-winner';
    const parsed = parseRssFeed(await rssXml(feed({ items: [item({ id, idIsLink: false }), item({ id: `${id}x`, idIsLink: false, authors: ['A', 'B'] })] })));
    expect(parsed.items?.map((i) => i.guid)).toEqual([
      { value: id, isPermaLink: false },
      { value: `${id}x`, isPermaLink: false },
    ]);
    expect(parsed.items?.[1]?.dc?.creators).toEqual(['A', 'B']);
  });

  it('escapes every text, in the channel, the items and the custom elements', async () => {
    const xml = await rssXml(feed({ title: NASTY, description: NASTY, items: [item({ title: NASTY, summary: NASTY, authors: [NASTY], id: 'https://x.example/?a=1&b=2', idIsLink: false })] }));
    expect(xml).not.toContain('<b>');
    const parsed = parseRssFeed(xml);
    expect(parsed.title).toBe(NASTY_CLEAN);
    expect(parsed.items?.[0]?.title).toBe(NASTY_CLEAN);
    expect(parsed.items?.[0]?.description).toBe(NASTY_CLEAN);
    expect(parsed.items?.[0]?.dc?.creators).toEqual([NASTY_CLEAN]);
    expect(parsed.items?.[0]?.guid?.value).toBe('https://x.example/?a=1&b=2');
  });
});
