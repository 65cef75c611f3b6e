/**
 * /{locale}/feeds/awards/{award}.rss and .atom (issue 16 point 3): an award's winners and finalists
 * of its latest years, from the same award views as the award pages (one per language, built once
 * in getStaticPaths).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCatalogueSnapshot } from '../../../../../db/queries/catalogue.ts';
import { buildAwardViews, type AwardView } from '../../../../components/lists/awards-data.server.ts';
import { LOCALES, type Locale } from '../../../../domain/enums.ts';
import { feedFileName } from '../../../../domain/open-data/feed-items.ts';
import { FEED_FORMATS, FEED_MEDIA_TYPES, feedXml, type FeedFormat } from '../../../../domain/open-data/feeds.ts';
import { awardFeed } from '../../../../lib/feeds.server.ts';

export const prerender = true;

export const getStaticPaths = (async () => {
  const snapshot = await getCatalogueSnapshot();
  return LOCALES.flatMap((locale) =>
    buildAwardViews(snapshot, locale).flatMap((award) => FEED_FORMATS.map((format) => ({ params: { locale, feed: feedFileName(award.slug, format) }, props: { award, format } }))),
  );
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ award: AwardView; format: FeedFormat }> = async ({ params, props, site }) => {
  if (!site) throw new Error('Feeds need the `site` option (SITE_URL) for absolute URLs.');
  const feed = awardFeed(await getCatalogueSnapshot(), props.award, site, params.locale as Locale);
  return new Response(await feedXml(feed, props.format), { headers: { 'Content-Type': `${FEED_MEDIA_TYPES[props.format]}; charset=utf-8` } });
};
