/**
 * /{locale}/feeds/new-books.rss and .atom (issue 16 point 3): the books added to the catalogue
 * last, prebuilt per language from the build's catalogue snapshot (src/lib/feeds.server.ts).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCatalogueSnapshot } from '../../../../db/queries/catalogue.ts';
import { LOCALES } from '../../../domain/enums.ts';
import { feedFileName } from '../../../domain/open-data/feed-items.ts';
import { FEED_FORMATS, FEED_MEDIA_TYPES, feedXml, type FeedFormat } from '../../../domain/open-data/feeds.ts';
import { newBooksFeed } from '../../../lib/feeds.server.ts';

export const prerender = true;

export const getStaticPaths = (() =>
  LOCALES.flatMap((locale) => FEED_FORMATS.map((format) => ({ params: { locale, feed: feedFileName('new-books', format) }, props: { format } })))) satisfies GetStaticPaths;

export const GET: APIRoute<{ format: FeedFormat }> = async ({ params, props, site }) => {
  if (!site) throw new Error('Feeds need the `site` option (SITE_URL) for absolute URLs.');
  const feed = newBooksFeed(await getCatalogueSnapshot(), site, params.locale as (typeof LOCALES)[number]);
  return new Response(await feedXml(feed, props.format), { headers: { 'Content-Type': `${FEED_MEDIA_TYPES[props.format]}; charset=utf-8` } });
};
