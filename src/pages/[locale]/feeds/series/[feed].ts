/**
 * /{locale}/feeds/series/{slug}.rss and .atom (issue 16 point 3): a series' new entries, from the
 * build's catalogue snapshot (no query per series).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCatalogueSnapshot, type CatalogueSeries } from '../../../../../db/queries/catalogue.ts';
import { LOCALES, type Locale } from '../../../../domain/enums.ts';
import { feedFileName } from '../../../../domain/open-data/feed-items.ts';
import { FEED_FORMATS, FEED_MEDIA_TYPES, feedXml, type FeedFormat } from '../../../../domain/open-data/feeds.ts';
import { seriesFeed } from '../../../../lib/feeds.server.ts';

export const prerender = true;

export const getStaticPaths = (async () => {
  const { series } = await getCatalogueSnapshot();
  return LOCALES.flatMap((locale) => series.flatMap((s) => FEED_FORMATS.map((format) => ({ params: { locale, feed: feedFileName(s.slug, format) }, props: { series: s, format } }))));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ series: CatalogueSeries; format: FeedFormat }> = async ({ params, props, site }) => {
  if (!site) throw new Error('Feeds need the `site` option (SITE_URL) for absolute URLs.');
  const feed = seriesFeed(await getCatalogueSnapshot(), props.series, site, params.locale as Locale);
  return new Response(await feedXml(feed, props.format), { headers: { 'Content-Type': `${FEED_MEDIA_TYPES[props.format]}; charset=utf-8` } });
};
