import { expect, test, type APIRequestContext } from '@playwright/test';
import { parseAtomFeed, parseRssFeed } from 'feedsmith';
import { LOCALES } from '../../src/domain/enums.ts';

/**
 * The feeds of the built site (issue 16 point 3), as a feed reader finds them: from a page's
 * `<link rel="alternate">` to the served file, parsed with feedsmith, with the elements the W3C
 * feed validator requires (RSS: channel title, link, description, atom:link rel=self, item guid and
 * pubDate; Atom: id, updated, author, self link; entry id, title, updated), absolute URLs, unique ids
 * and the page's language. scripts/check-build.ts (build-completeness.spec.ts) checks that every
 * award and series has its feeds and that the series pages link theirs. No browser: requests only.
 */

const RFC_822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const LINK = /<link rel="alternate" type="(application\/(?:rss|atom)\+xml)" title="([^"]+)" href="([^"]+)"\s*\/?>/g;

/** The feed links in a page's head. */
async function feedLinksOf(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  const html = await res.text();
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(LINK)].map(([, type, title, href]) => ({ type: type!, title: title!.replaceAll('&amp;', '&'), href: href!.replaceAll('&amp;', '&') }));
}

async function checkFeeds(request: APIRequestContext, baseURL: string, locale: string, pagePath: string, expectedItems: 'some' | 'any') {
  const links = await feedLinksOf(request, pagePath);
  expect(links.map((l) => l.type), pagePath).toEqual(['application/rss+xml', 'application/atom+xml']);
  const [rssLink, atomLink] = links;
  for (const link of links) expect(link.href.startsWith(`${baseURL}/${locale}/feeds/`), link.href).toBe(true);

  const rssRes = await request.get(rssLink!.href);
  expect(rssRes.status()).toBe(200);
  expect(rssRes.headers()['content-type']).toMatch(/^application\/rss\+xml/);
  const rss = parseRssFeed(await rssRes.text());
  expect(rss.title).toBe(rssLink!.title.replace(/ \(RSS\)$/, ''));
  expect(rss.description).toBeTruthy();
  expect(rss.link).toBe(`${baseURL}${pagePath}`);
  expect(rss.language).toBe(locale);
  expect(rss.atom?.links).toContainEqual({ href: rssLink!.href, rel: 'self', type: 'application/rss+xml' });
  if (expectedItems === 'some') expect(rss.items?.length).toBeGreaterThan(0);
  const guids = new Set<string>();
  for (const item of rss.items ?? []) {
    expect(item.title).toBeTruthy();
    expect(item.link?.startsWith(`${baseURL}/${locale}/books/`), item.link).toBe(true);
    expect(item.pubDate).toMatch(RFC_822);
    expect(item.guid?.value).toBeTruthy();
    expect(guids.has(item.guid!.value!), item.guid?.value).toBe(false);
    guids.add(item.guid!.value!);
  }

  const atomRes = await request.get(atomLink!.href);
  expect(atomRes.status()).toBe(200);
  expect(atomRes.headers()['content-type']).toMatch(/^application\/atom\+xml/);
  const atom = parseAtomFeed(await atomRes.text());
  expect(atom.id).toBe(atomLink!.href);
  expect(atom.title?.value).toBe(rss.title);
  expect(atom.updated).toMatch(RFC_3339);
  expect(atom.authors?.[0]?.name).toBe('Phantastika');
  expect(atom.xml?.lang).toBe(locale);
  expect(atom.links).toContainEqual({ rel: 'self', type: 'application/atom+xml', href: atomLink!.href });
  expect(atom.entries?.length).toBe(rss.items?.length ?? 0);
  // Same items, same ids, in both formats.
  expect(atom.entries?.map((e) => e.id)).toEqual(rss.items?.map((i) => i.guid?.value));
  for (const entry of atom.entries ?? []) {
    expect(entry.title?.value).toBeTruthy();
    expect(entry.updated).toMatch(RFC_3339);
    expect(entry.links?.[0]?.href?.startsWith(`${baseURL}/${locale}/books/`)).toBe(true);
  }
  return { rss, atom };
}

test('pages link their feeds, and every feed parses with the required elements in every language', async ({ request, baseURL }) => {
  const awards = ['hugo', 'nebula', 'locus', 'clarke'];
  for (const locale of LOCALES) {
    await test.step(`${locale}: new books`, async () => {
      const { rss } = await checkFeeds(request, baseURL!, locale, `/${locale}/books`, 'some');
      expect(rss.items!.length).toBeLessThanOrEqual(50);
      expect(rss.items!.every((item) => item.guid?.isPermaLink === true && item.guid.value === item.link)).toBe(true);
      expect((await feedLinksOf(request, `/${locale}/`)).map((l) => l.href)).toEqual((await feedLinksOf(request, `/${locale}/books`)).map((l) => l.href));
    });
    for (const award of awards) {
      await test.step(`${locale}: ${award}`, async () => {
        const { rss } = await checkFeeds(request, baseURL!, locale, `/${locale}/awards/${award}`, 'some');
        expect(rss.items!.every((item) => item.guid?.isPermaLink === false && item.guid.value!.startsWith(`${baseURL}/${locale}/awards/${award}/`))).toBe(true);
        // Whole years, newest first: the newest year of the feed is the first item's.
        const years = rss.items!.map((item) => new Date(item.pubDate!).getUTCFullYear());
        expect(years).toEqual([...years].sort((a, b) => b - a));
      });
    }
    await test.step(`${locale}: a series`, async () => {
      const { rss } = await checkFeeds(request, baseURL!, locale, `/${locale}/series/discworld`, 'some');
      expect(rss.items!.length).toBeGreaterThan(5);
    });
  }
  // A category page links its award's feed.
  const category = await feedLinksOf(request, '/de/awards/hugo/best-novel');
  expect(category.map((l) => l.href)).toEqual([`${baseURL}/de/feeds/awards/hugo.rss`, `${baseURL}/de/feeds/awards/hugo.atom`]);
});

test('feed titles are in the page language', async ({ request }) => {
  const titles = await Promise.all(LOCALES.map(async (locale) => (await feedLinksOf(request, `/${locale}/series/discworld`))[0]!.title));
  expect(titles).toEqual(['Discworld: new entries · Phantastika (RSS)', 'Discworld: neue Bände · Phantastika (RSS)', 'Discworld: nuovi volumi · Phantastika (RSS)']);
});
