/**
 * Uploaded images on the catalogue's pages (issue 29 point 14). A super user uploads a real cover, a
 * portrait, a series picture and a genre picture through POST /api/images (as the editor's image
 * fields do), and creates a book, its author, its series and its genre with them. Once the rebuild
 * the saves asked for is live:
 * - the book, author and series pages at 1280 px keep the image beside a wide text column (the
 *   `<picture>` of an upload once pushed the text into a 240 px column), and at 390 px nothing is
 *   wider than the phone;
 * - the author, series and genre tiles of the lists, and the book tiles of the author and series
 *   pages, show the uploaded image, with localized alt text, width and height, lazy;
 * in English and German; and those pages are valid HTML (html-valid.spec.ts checks pages without
 * uploads).
 *
 * Everything the test creates it deletes again (the images stay in Blobs, named by their content).
 */
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { HtmlValidate } from 'html-validate';
import sharp from 'sharp';
import { signInAsAdmin } from '../support/e2e-admin.ts';
import { fillIn, text, watchConsole, type Key, type Locale } from '../support/e2e-readers.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
/** How long the test waits for the rebuild its saves asked for (incremental: under a minute on a quiet machine, minutes on a loaded one). */
const REBUILD_WAIT_MS = 600_000;
const LOCALES: Locale[] = ['en', 'de'];

type ImageKind = 'cover' | 'author' | 'series' | 'genre';

/** A real JPEG of `width` × `height` in one colour with a lighter band, uploaded as `kind`; its stored address. */
async function upload(page: Page, kind: ImageKind, width: number, height: number, colour: string): Promise<string> {
  const band = await sharp({ create: { width, height: Math.round(height / 3), channels: 3, background: '#f0b95a' } }).png().toBuffer();
  const photo = await sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: band, top: Math.round(height / 3), left: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer();
  const answer = await page.request.post('/api/images', { multipart: { kind, file: { name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer: photo } } });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  const url = ((await answer.json()) as { data: { url: string } }).data.url;
  expect(url).toMatch(new RegExp(`^/images/${kind}-[0-9a-f]{32}-\\d+x\\d+/\\d+\\.webp$`));
  return url;
}

async function create<T extends { id: number; slug: string }>(page: Page, path: string, data: object): Promise<T> {
  const answer = await page.request.post(path, { data });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { data: T }).data;
}

/** True once the static page at `path` is served and contains `needle`. */
async function pageHas(page: Page, path: string, needle: string): Promise<boolean> {
  const answer = await page.request.get(path).catch(() => null);
  return answer?.status() === 200 && (await answer.text()).includes(needle);
}

/** The boxes of the hero's image and of the text column beside it (the h1's parent). */
async function heroBoxes(page: Page, image: Locator) {
  const heading = page.getByRole('heading', { level: 1 });
  const body = await heading.evaluate((h) => {
    const r = h.parentElement!.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  const picture = (await image.boundingBox())!;
  return { body, picture };
}

test('uploaded cover, portrait, series and genre pictures: detail pages lay out at 1280 and 390 px, tiles show them, in en and de', async ({ page }) => {
  test.setTimeout(REBUILD_WAIT_MS + 240_000);
  const problems = watchConsole(page);
  await signInAsAdmin(page.request);
  const stamp = Date.now().toString(36);
  const names = {
    // Sorted first in the authors list (by surname) and the series list (by name): both on the first, static page.
    author: `Ada Aaabel${stamp}`,
    series: `Aaab ${stamp} Zyklus`,
    genre: `Aaab ${stamp} Genre`,
    book: `E2E Bild ${stamp}`,
  };
  const images = {
    cover: await upload(page, 'cover', 800, 1200, '#2a4d69'),
    author: await upload(page, 'author', 500, 600, '#4b3869'),
    series: await upload(page, 'series', 1200, 600, '#1f5f4a'),
    genre: await upload(page, 'genre', 1000, 500, '#6b2f2f'),
  };

  const created: { book?: number; author?: number; series?: number; genre?: number } = {};
  try {
    const author = await create(page, '/api/authors', { name: names.author, birthYear: 1950, profileImageUrl: images.author });
    created.author = author.id;
    const series = await create(page, '/api/series', { name: names.series, status: 'ongoing', imageUrl: images.series });
    created.series = series.id;
    const genre = await create(page, '/api/genres', { name: names.genre, category: 'science_fiction', imageUrl: images.genre });
    created.genre = genre.id;
    const description = { en: 'A book to show an uploaded cover beside its text. '.repeat(6), de: 'Ein Buch, das einen hochgeladenen Umschlag neben seinem Text zeigt. '.repeat(6) };
    const book = await create(page, '/api/books', {
      title: names.book,
      authorIds: [author.id],
      genreIds: [genre.id],
      series: [{ seriesId: series.id, position: 1 }],
      publicationYear: 2001,
      description,
      coverImage: images.cover,
    });
    created.book = book.id;

    const imageId = (url: string) => url.split('/')[2]!;
    const pages = {
      book: { path: (l: Locale) => `/${l}/books/${book.slug}`, image: images.cover, alt: (l: Locale) => fillIn(text(l, 'book.coverAlt'), { title: names.book }) },
      author: { path: (l: Locale) => `/${l}/authors/${author.slug}`, image: images.author, alt: (l: Locale) => fillIn(text(l, 'author.portraitAlt'), { name: names.author }) },
      series: { path: (l: Locale) => `/${l}/series/${series.slug}`, image: images.series, alt: (l: Locale) => fillIn(text(l, 'series.imageAlt'), { name: names.series }) },
    };
    // The rebuild the saves asked for: every page and list shows the new images once it is live.
    const ready: [string, string][] = [
      ...LOCALES.flatMap((l) => Object.values(pages).map((p): [string, string] => [p.path(l), imageId(p.image)])),
      [`/de/authors/${author.slug}`, imageId(images.cover)],
      ['/en/genres', imageId(images.genre)],
      ['/de/series', imageId(images.series)],
      ['/de/authors', imageId(images.author)],
    ];
    const missing = async () => {
      const shown = await Promise.all(ready.map(([path, needle]) => pageHas(page, path, needle)));
      return ready.filter((_, i) => !shown[i]).map(([path]) => path);
    };
    await expect.poll(missing, { message: 'pages that do not show their new image yet', timeout: REBUILD_WAIT_MS, intervals: [3000] }).toEqual([]);

    for (const locale of LOCALES) {
      const t = (key: Key) => text(locale, key);
      for (const [kind, entity] of Object.entries(pages)) {
        await test.step(`${locale} ${kind} page at 1280 px: the image beside a wide text column`, async () => {
          await page.setViewportSize({ width: 1280, height: 900 });
          await page.goto(entity.path(locale));
          const main = page.getByRole('main');
          const image = main.getByRole('img', { name: entity.alt(locale), exact: true });
          await expect(image).toBeVisible();
          await expect(image).toHaveAttribute('loading', 'eager');
          await expect(image).toHaveAttribute('width', /^\d+$/);
          await expect(image).toHaveAttribute('height', /^\d+$/);
          await expect(image).toHaveAttribute('srcset', new RegExp(imageId(entity.image)));
          await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
          const { body, picture } = await heroBoxes(page, image);
          expect(body.width, 'the text column is wide').toBeGreaterThan(500);
          expect(picture.x + picture.width, 'the image stands left of the text').toBeLessThanOrEqual(body.x);
          expect(Math.abs(picture.y - body.y), 'the image and the text start on one row').toBeLessThan(40);
          expect(picture.width).toBeGreaterThan(100);
        });
        await test.step(`${locale} ${kind} page at 390 px: nothing wider than the phone`, async () => {
          await page.setViewportSize({ width: 390, height: 844 });
          await page.goto(entity.path(locale));
          const image = page.getByRole('main').getByRole('img', { name: entity.alt(locale), exact: true });
          await expect(image).toBeVisible();
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
          const { body, picture } = await heroBoxes(page, image);
          expect(picture.x).toBeGreaterThanOrEqual(0);
          expect(picture.x + picture.width).toBeLessThanOrEqual(390);
          expect(body.x + body.width).toBeLessThanOrEqual(390);
          expect(body.width, 'the text takes the phone width, not a column beside a stray item').toBeGreaterThan(300);
        });
      }

      await test.step(`${locale} tiles: authors and series lists, genres, book tiles of the author and series pages`, async () => {
        await page.setViewportSize({ width: 1280, height: 900 });
        const tiles: { path: string; kind: ImageKind; link: string; alt: string }[] = [
          { path: `/${locale}/authors`, kind: 'author', link: names.author, alt: fillIn(t('author.portraitAlt'), { name: names.author }) },
          { path: `/${locale}/series`, kind: 'series', link: names.series, alt: fillIn(t('series.imageAlt'), { name: names.series }) },
          { path: `/${locale}/genres`, kind: 'genre', link: fillIn(t('genre.browse'), { genre: names.genre }), alt: fillIn(t('genre.imageAlt'), { genre: names.genre }) },
          { path: pages.author.path(locale), kind: 'cover', link: names.book, alt: fillIn(t('book.coverAlt'), { title: names.book }) },
          { path: pages.series.path(locale), kind: 'cover', link: names.book, alt: fillIn(t('book.coverAlt'), { title: names.book }) },
        ];
        for (const tile of tiles) {
          await page.goto(tile.path);
          // The tile, not the detail page's own article around it.
          const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: tile.link, exact: true }), hasNot: page.getByRole('article') });
          await expect(card, tile.path).toHaveCount(1);
          const image = card.getByRole('img', { name: tile.alt, exact: true });
          await expect(image, tile.path).toHaveAttribute('srcset', new RegExp(`/images/${tile.kind}-`));
          await expect(image).toHaveAttribute('loading', 'lazy');
          await expect(image).toHaveAttribute('width', /^\d+$/);
          await expect(image).toHaveAttribute('height', /^\d+$/);
          await image.scrollIntoViewIfNeeded();
          await expect(image).toBeVisible();
          await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
        }
      });
    }
    await test.step('the pages with uploaded images validate with html-validate:standard', async () => {
      const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
      const invalid: string[] = [];
      for (const path of [...Object.values(pages).map((p) => p.path('de')), '/de/authors', '/de/series', '/de/genres']) {
        const report = await validator.validateString(await (await page.request.get(path)).text(), path);
        for (const result of report.results) for (const m of result.messages) invalid.push(`${path} ${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
      }
      expect(invalid).toEqual([]);
    });
    expect(problems).toEqual([]);
  } finally {
    if (created.book) await page.request.delete(`/api/books/${created.book}`);
    if (created.series) await page.request.delete(`/api/series/${created.series}`);
    if (created.genre) await page.request.delete(`/api/genres/${created.genre}`);
    if (created.author) await page.request.delete(`/api/authors/${created.author}`);
  }
});
