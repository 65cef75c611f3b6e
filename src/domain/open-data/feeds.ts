/**
 * Feeds of the catalogue (issue 16 point 3): one feed's content rendered as RSS 2.0 (through
 * @astrojs/rss) and as Atom 1.0 (the small generator below), both valid by the W3C feed
 * validator's rules: absolute URLs, a self link, stable ids, RFC 822 dates in RSS and RFC 3339
 * dates in Atom, the language, an author for every Atom entry (the feed's). Pure: the build
 * (src/lib/feeds.server.ts) passes the content in. Layout and choices:
 * docs/decisions/0016-feeds-and-goodreads-export.md.
 */
import { getRssString } from '@astrojs/rss';

export const FEED_FORMATS = ['rss', 'atom'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** Media types of the two formats (the files' extensions, .rss and .atom, give the same). */
export const FEED_MEDIA_TYPES: Readonly<Record<FeedFormat, string>> = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
};

export interface FeedItem {
  /** Stable and unique within the feed: RSS guid and Atom id (an absolute URL). */
  id: string;
  /** Whether `id` is the item's page (RSS isPermaLink). */
  idIsLink: boolean;
  title: string;
  /** Absolute URL of the item's page. */
  link: string;
  /** When the item became news (RSS pubDate, Atom updated). */
  date: Date;
  /** Plain text. */
  summary: string;
  authors: readonly string[];
  categories: readonly string[];
}

export interface Feed {
  title: string;
  description: string;
  /** BCP 47 language tag of the texts (en, de, it). */
  language: string;
  /** Absolute URL of the HTML page the feed belongs to. */
  pageUrl: string;
  /** Absolute URLs of this feed in each format (self and alternate links). */
  urls: Readonly<Record<FeedFormat, string>>;
  /** Who publishes it (the site's name) and where (its home page). */
  publisher: { name: string; url: string };
  /** The feed's last change: its newest item's date, else this one (never the build's clock, so an unchanged feed stays byte for byte the same). */
  updatedFallback: Date;
  items: readonly FeedItem[];
}

/** Characters XML 1.0 does not allow even escaped (C0 controls but tab, LF, CR; lone surrogates; U+FFFE/F). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text without the characters XML cannot carry.
 * @example xmlSafe('a\u0000b') // 'ab'
 */
export const xmlSafe = (text: string): string => text.replace(NOT_XML, '');

/**
 * Text escaped for XML content and attribute values.
 * @example escapeXml('Tom & "Jerry" <3') // 'Tom &amp; &quot;Jerry&quot; &lt;3'
 */
export function escapeXml(text: string): string {
  return xmlSafe(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/**
 * RFC 3339 date-time in UTC, whole seconds (Atom).
 * @example rfc3339(new Date('2026-01-02T03:04:05.678Z')) // '2026-01-02T03:04:05Z'
 */
export const rfc3339 = (date: Date): string => `${date.toISOString().slice(0, 19)}Z`;

/** The feed's last change (see Feed.updatedFallback). */
export function feedUpdated(feed: Feed): Date {
  return feed.items.reduce<Date | null>((newest, item) => (!newest || item.date > newest ? item.date : newest), null) ?? feed.updatedFallback;
}

/** Atom 1.0 (RFC 4287): feed id, title, updated, author, self and alternate links; per entry id, title, updated, link, summary. */
export function atomXml(feed: Feed): string {
  const e = escapeXml;
  const entries = feed.items.map((item) =>
    [
      '  <entry>',
      `    <id>${e(item.id)}</id>`,
      `    <title>${e(item.title)}</title>`,
      `    <updated>${rfc3339(item.date)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${e(item.link)}"/>`,
      ...item.authors.map((name) => `    <author><name>${e(name)}</name></author>`),
      ...item.categories.map((term) => `    <category term="${e(term)}"/>`),
      item.summary ? `    <summary>${e(item.summary)}</summary>` : '',
      '  </entry>',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${e(feed.language)}">`,
    `  <id>${e(feed.urls.atom)}</id>`,
    `  <title>${e(feed.title)}</title>`,
    `  <subtitle>${e(feed.description)}</subtitle>`,
    `  <updated>${rfc3339(feedUpdated(feed))}</updated>`,
    `  <author><name>${e(feed.publisher.name)}</name><uri>${e(feed.publisher.url)}</uri></author>`,
    `  <link rel="self" type="${FEED_MEDIA_TYPES.atom}" href="${e(feed.urls.atom)}"/>`,
    `  <link rel="alternate" type="text/html" href="${e(feed.pageUrl)}"/>`,
    `  <link rel="alternate" type="${FEED_MEDIA_TYPES.rss}" href="${e(feed.urls.rss)}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/**
 * RSS 2.0 through @astrojs/rss (which escapes every text it writes): channel title, link, description,
 * language and atom:link rel=self; per item title, link, guid (isPermaLink only when it is the page),
 * pubDate (RFC 822), description, dc:creator (RSS's own <author> must be an e-mail address) and categories.
 */
export function rssXml(feed: Feed): Promise<string> {
  // customData is parsed as XML by @astrojs/rss and written again, escaped: its values are escaped here.
  const e = escapeXml;
  const safe = (text: string) => xmlSafe(text);
  return getRssString({
    title: safe(feed.title),
    description: safe(feed.description),
    site: feed.pageUrl,
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom', dc: 'http://purl.org/dc/elements/1.1/' },
    customData: [
      `<language>${e(feed.language)}</language>`,
      `<lastBuildDate>${feedUpdated(feed).toUTCString()}</lastBuildDate>`,
      `<atom:link href="${e(feed.urls.rss)}" rel="self" type="${FEED_MEDIA_TYPES.rss}"/>`,
    ].join(''),
    items: feed.items.map((item) => ({
      title: safe(item.title),
      link: item.link,
      pubDate: item.date,
      description: safe(item.summary) || undefined,
      categories: item.categories.map(safe),
      customData: [
        `<guid isPermaLink="${item.idIsLink}">${e(item.id)}</guid>`,
        ...item.authors.map((name) => `<dc:creator>${e(name)}</dc:creator>`),
      ].join(''),
    })),
  });
}

/** The feed in one format. */
export function feedXml(feed: Feed, format: FeedFormat): Promise<string> {
  return format === 'rss' ? rssXml(feed) : Promise.resolve(atomXml(feed));
}
