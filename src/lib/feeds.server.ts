/**
 * The catalogue's feeds (issue 16 point 3) from the build's catalogue snapshot: new books, an
 * award's winners and finalists, a series' new entries, per page language. Joins snapshot records
 * and picks translation keys only; which items and ids are the rules of
 * src/domain/open-data/feed-items.ts, the XML is src/domain/open-data/feeds.ts. No query of its
 * own: the snapshot is read once per build, whatever the number of feeds.
 */
import type { CatalogueBook, CatalogueSeries, CatalogueSnapshot } from '../../db/queries/catalogue.ts';
import type { AwardView } from '../components/lists/awards-data.server.ts';
import { absoluteUrl, bookPath, genresOf, yearLabel } from '../components/detail/detail-data.ts';
import { awardRoute } from '../domain/awards-view.ts';
import { localized, localizedTitle, metaDescription } from '../domain/catalogue-view.ts';
import type { Locale } from '../domain/enums.ts';
import { awardEntryDate, awardEntryId, feedPath, latestAwardYears, newestBooks, NEW_BOOKS_LIMIT, type FeedRef } from '../domain/open-data/feed-items.ts';
import { FEED_FORMATS, FEED_MEDIA_TYPES, type Feed, type FeedFormat, type FeedItem } from '../domain/open-data/feeds.ts';
import { localePath, t } from './i18n.ts';

/** Length of the synopsis excerpt in an item's summary. */
const SUMMARY_LENGTH = 300;

/** The alternate links a page's head carries for a feed: one per format. */
export interface FeedLink {
  type: string;
  title: string;
  href: string;
}

function feedUrls(site: URL, locale: Locale, ref: FeedRef): Record<FeedFormat, string> {
  return { rss: absoluteUrl(site, localePath(locale, feedPath(ref, 'rss'))), atom: absoluteUrl(site, localePath(locale, feedPath(ref, 'atom'))) };
}

/** `<link rel="alternate">` data of a feed for a page's head. */
export function feedLinks(site: URL, locale: Locale, ref: FeedRef, title: string): FeedLink[] {
  const urls = feedUrls(site, locale, ref);
  return FEED_FORMATS.map((format) => ({ type: FEED_MEDIA_TYPES[format], title: `${title} (${format === 'rss' ? 'RSS' : 'Atom'})`, href: urls[format] }));
}

/** Feed titles, for the pages' links and the feeds themselves. */
export const feedTitles = {
  newBooks: (locale: Locale) => t(locale, 'feeds.newBooks.title'),
  award: (locale: Locale, award: string) => t(locale, 'feeds.award.title', { award }),
  series: (locale: Locale, series: string) => t(locale, 'feeds.series.title', { series }),
};

const authorNames = (snapshot: CatalogueSnapshot, book: CatalogueBook) => book.authorIds.flatMap((id) => snapshot.authorById.get(id)?.name ?? []);

/** The newest addition to the catalogue: an empty feed's date, so it too stays the same from build to build. */
function catalogueUpdated(snapshot: CatalogueSnapshot): Date {
  const newest = snapshot.books.reduce<string>((max, b) => (b.createdAt > max ? b.createdAt : max), '1970-01-01T00:00:00Z');
  return new Date(newest);
}

function baseFeed(snapshot: CatalogueSnapshot, site: URL, locale: Locale, ref: FeedRef, texts: { title: string; description: string; pagePath: string }, items: FeedItem[]): Feed {
  return {
    ...texts,
    language: locale,
    pageUrl: absoluteUrl(site, localePath(locale, texts.pagePath)),
    urls: feedUrls(site, locale, ref),
    publisher: { name: t(locale, 'site.name'), url: absoluteUrl(site, localePath(locale, '/')) },
    updatedFallback: catalogueUpdated(snapshot),
    items,
  };
}

/** A book as an item: its page is its id; dated when it entered the catalogue. */
function bookItem(snapshot: CatalogueSnapshot, book: CatalogueBook, site: URL, locale: Locale): FeedItem {
  const authors = authorNames(snapshot, book);
  const link = absoluteUrl(site, bookPath(locale, book.slug));
  const synopsis = localized(book.description, locale);
  const summary = [
    authors.length > 0 ? t(locale, 'book.byAuthors', { authors: authors.join(', ') }) : null,
    yearLabel(locale, book.publicationYear, book.publicationYearApprox),
    synopsis ? metaDescription(synopsis.text, '', SUMMARY_LENGTH) : null,
  ].filter(Boolean);
  return {
    id: link,
    idIsLink: true,
    title: localizedTitle(book, locale).title,
    link,
    date: new Date(book.createdAt),
    summary: summary.join(' · '),
    authors,
    categories: genresOf(snapshot, book, locale).map((g) => g.label),
  };
}

/** New books in the catalogue (ADR 0016: the books added last). */
export function newBooksFeed(snapshot: CatalogueSnapshot, site: URL, locale: Locale): Feed {
  const items = newestBooks(snapshot.books, NEW_BOOKS_LIMIT).map((book) => bookItem(snapshot, book, site, locale));
  return baseFeed(snapshot, site, locale, { kind: 'new-books' }, { title: feedTitles.newBooks(locale), description: t(locale, 'feeds.newBooks.description'), pagePath: '/books' }, items);
}

/** A series' new entries: its books added last, the later volume first among books added together. */
export function seriesFeed(snapshot: CatalogueSnapshot, series: CatalogueSeries, site: URL, locale: Locale): Feed {
  const position = new Map(series.books.map((b, i) => [b.bookId, i]));
  const books = series.books
    .flatMap(({ bookId }) => snapshot.bookById.get(bookId) ?? [])
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || position.get(b.id)! - position.get(a.id)!)
    .slice(0, NEW_BOOKS_LIMIT);
  return baseFeed(
    snapshot,
    site,
    locale,
    { kind: 'series', slug: series.slug },
    { title: feedTitles.series(locale, series.name), description: t(locale, 'feeds.series.description', { series: series.name }), pagePath: `/series/${series.slug}` },
    books.map((book) => bookItem(snapshot, book, site, locale)),
  );
}

/** An award's winners and finalists of its latest years, every category (the award page's view of it). */
export function awardFeed(snapshot: CatalogueSnapshot, award: AwardView, site: URL, locale: Locale): Feed {
  const entries = award.categories.flatMap((category) =>
    category.years.flatMap((year) => [...year.winners, ...year.nominees].map((entry) => ({ year: year.year, category, entry }))),
  );
  const items = latestAwardYears(entries).map(({ year, category, entry }): FeedItem => {
    const link = absoluteUrl(site, bookPath(locale, entry.bookSlug));
    const params = { title: entry.title, award: award.name, year, category: category.name };
    const authors = entry.authors.map((a) => a.name);
    return {
      id: awardEntryId(absoluteUrl(site, localePath(locale, awardRoute(award.slug, category.slug))), year, entry.bookSlug, entry.isWinner),
      idIsLink: false,
      title: t(locale, entry.isWinner ? 'feeds.award.itemWinner' : 'feeds.award.itemFinalist', params),
      link,
      date: awardEntryDate(year),
      summary: authors.length > 0 ? t(locale, 'book.byAuthors', { authors: authors.join(', ') }) : '',
      authors,
      categories: [category.name],
    };
  });
  return baseFeed(
    snapshot,
    site,
    locale,
    { kind: 'award', slug: award.slug },
    { title: feedTitles.award(locale, award.name), description: t(locale, 'feeds.award.description', { award: award.name }), pagePath: awardRoute(award.slug) },
    items,
  );
}
