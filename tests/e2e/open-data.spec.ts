import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { parseAtomFeed, parseRssFeed } from 'feedsmith';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import it from '../../locales/it.json' with { type: 'json' };
import { LOCALES } from '../../src/domain/enums.ts';
import { GOODREADS_COLUMNS } from '../../src/domain/open-data/goodreads-csv.ts';
import { signedInThroughApi } from '../support/e2e-accounts.ts';

/**
 * Open data (issue 16): the reading-history export from the profile, and the feeds of the built
 * site (point 3), as a feed reader finds them: from a page's
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

test('the profile offers the Goodreads CSV beside the JSON export, and the download holds the reader\'s review', async ({ page }) => {
  test.setTimeout(90_000);
  await signedInThroughApi(page, { label: 'export', password: 'Export-Regal-2026!', language: 'de', firstName: 'Ada' });
  const dune = ((await (await page.request.get('/api/books/dune/editions')).json()) as { data: { bookId: number }[] }).data[0]!.bookId;
  const review = 'Langsam, "schwierig" – dann,\nendlich, großartig.';
  expect((await page.request.put(`/api/books/${dune}/ratings`, { data: { rating: 5, review } })).ok()).toBe(true);
  expect((await page.request.post('/api/reading-list', { data: { bookId: dune, status: 'read' } })).ok()).toBe(true);

  const texts = { en, de, it };
  for (const locale of LOCALES) {
    await page.goto(`/${locale}/profile?tab=settings`);
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: texts[locale]['account.profile.export.button'] })).toBeVisible();
    await expect(main.getByRole('link', { name: texts[locale]['account.profile.export.csvButton'] })).toHaveAttribute('href', '/api/profile/export.csv');
  }
  // Still on the Italian profile: the download.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('main').getByRole('link', { name: it['account.profile.export.csvButton'] }).click()]);
  expect(download.suggestedFilename()).toBe('phantastika-goodreads-export.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\n')[0]).toBe(GOODREADS_COLUMNS.join(','));
  const rows = parse(csv, { columns: true }) as Record<string, string>[];
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ Author: 'Frank Herbert', 'My Rating': '5', 'Exclusive Shelf': 'read', 'My Review': review, 'Read Count': '1' });
  await page.request.delete(`/api/books/${dune}/ratings`);
  await page.request.delete(`/api/reading-list/${dune}`);
});
