/**
 * The editor's image fields in the browser (issue 29 point 13; issue 26 point 8): a super user opens
 * a book's edit page on a phone (390 px) and a desktop (1280 px), in English and German, chooses a
 * real 4000 × 3000 JPEG of more than 10 MB (random noise at quality 95: a worst case for size), sees
 * the browser prepare and send it, then the stored image's preview; saves; and after a reload the
 * form shows the new cover. A file the browser cannot read is refused at the field, localized.
 *
 * Each test creates its own book through the API and deletes it again, so no catalogue book changes.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signInAsAdmin } from '../support/e2e-admin.ts';
import { fillIn, text, watchConsole, type Key, type Locale } from '../support/e2e-readers.ts';

const expect = baseExpect.configure({ timeout: 15_000 });

/** The photo every test chooses, written once per run into the output folder. */
let photoPath = '';

test.beforeAll(async ({}, testInfo) => {
  const width = 4000;
  const height = 3000;
  const photo = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
  expect(photo.length, 'the photo is larger than the platform takes in one request').toBeGreaterThan(10_000_000);
  photoPath = testInfo.outputPath('phone-photo.jpg');
  await writeFile(photoPath, photo);
});

async function createBook(page: Page, title: string): Promise<{ id: number; slug: string }> {
  const hits = await page.request.get('/api/authors/search?q=Lem&lang=en');
  const author = ((await hits.json()) as { data: { id: number }[] }).data[0]!;
  const created = await page.request.post('/api/books', { data: { title, authorIds: [author.id] } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: { id: number; slug: string } }).data;
}

const VIEWS: { locale: Locale; width: number; height: number }[] = [
  { locale: 'en', width: 390, height: 844 },
  { locale: 'en', width: 1280, height: 900 },
  { locale: 'de', width: 390, height: 844 },
  { locale: 'de', width: 1280, height: 900 },
];

for (const { locale, width, height } of VIEWS) {
  test(`${locale} at ${width} px: a 10+ MB photo becomes the book's cover, with progress, preview and save`, async ({ page }) => {
    test.setTimeout(90_000);
    const t = (key: Key) => text(locale, key);
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height });
    await signInAsAdmin(page.request);
    const title = `E2E-Cover ${locale} ${width} ${Date.now()}`;
    const book = await createBook(page, title);
    try {
      await page.goto(`/${locale}/books/edit/${book.slug}`);
      const main = page.getByRole('main');
      const field = main.getByRole('group', { name: t('admin.field.coverImage') });
      await expect(field).toBeVisible();
      await expect(field.getByText(t('images.field.none'))).toBeVisible();
      const chooser = field.getByLabel(t('images.field.choose'));
      await expect(chooser).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/avif,image/heic');

      const sent = page.waitForResponse((response) => response.url().endsWith('/api/images') && response.request().method() === 'POST');
      await chooser.setInputFiles(photoPath);
      // The browser prepares the photo first (decoding 12 megapixels takes a moment), then sends it.
      const status = field.getByRole('status');
      await expect(status.getByRole('progressbar', { name: t('images.field.progressLabel') })).toBeVisible();
      await expect(status).toContainText(new RegExp(`${literal(t('images.field.preparing'))}|${literal(t('images.field.uploading').split('{percent}')[0]!)}`));
      const answer = await sent;
      expect(answer.status(), await answer.text()).toBeLessThan(300);
      // What was sent fits the platform's body limit.
      const sentBytes = Number((await answer.request().headerValue('content-length')) ?? answer.request().postDataBuffer()?.length ?? 0);
      expect(sentBytes).toBeGreaterThan(0);
      expect(sentBytes).toBeLessThan(4_500_000);
      const url = ((await answer.json()) as { data: { url: string } }).data.url;
      expect(url).toMatch(/^\/images\/cover-[0-9a-f]{32}-\d+x\d+\/\d+\.webp$/);

      await expect(status).toHaveText(t('images.field.uploaded'));
      const preview = field.getByRole('img', { name: fillIn(t('images.field.preview'), { label: t('admin.field.coverImage') }) });
      await expect(preview).toBeVisible();
      await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      await expect(field.getByRole('textbox', { name: t('images.field.url') })).toHaveValue(url);
      if (width <= 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await main.getByRole('button', { name: t('admin.save') }).click();
      await expect(main.getByRole('status').filter({ hasText: fillIn(t('admin.saved'), { name: title }) })).toBeVisible();

      await page.reload();
      const reloaded = page.getByRole('main').getByRole('group', { name: t('admin.field.coverImage') });
      await expect(reloaded.getByRole('textbox', { name: t('images.field.url') })).toHaveValue(url);
      await expect(reloaded.getByRole('img', { name: fillIn(t('images.field.preview'), { label: t('admin.field.coverImage') }) })).toHaveAttribute('src', /^\/images\/cover-/);
      const record = (await (await page.request.get(`/api/books/${book.id}`)).json()) as { data: { coverImage: string | null } };
      expect(record.data.coverImage).toBe(url);
      expect(problems).toEqual([]);
    } finally {
      await page.request.delete(`/api/books/${book.id}`);
    }
  });
}

test('a file the browser cannot read is refused at the field, in German, and nothing is sent', async ({ page }) => {
  const de = (key: Key) => text('de', key);
  await signInAsAdmin(page.request);
  const book = await createBook(page, `E2E-Cover HEIC ${Date.now()}`);
  try {
    await page.goto(`/de/books/edit/${book.slug}`);
    const field = page.getByRole('main').getByRole('group', { name: de('admin.field.coverImage') });
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/images')) uploads += 1;
    });
    // A HEIC header over filler bytes: Chromium decodes no HEIC.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(2000, 7)]);
    const chooser = field.getByLabel(de('images.field.choose'));
    await chooser.setInputFiles({ name: 'foto.heic', mimeType: 'image/heic', buffer: heic });
    const error = field.getByRole('alert');
    await expect(error).toHaveText(de('images.upload.unsupported'));
    await expect(chooser).toHaveAttribute('aria-invalid', 'true');
    const describedBy = (await chooser.getAttribute('aria-describedby')) ?? '';
    expect(describedBy.split(' ')).toContain(await error.getAttribute('id'));
    expect(uploads).toBe(0);
  } finally {
    await page.request.delete(`/api/books/${book.id}`);
  }
});

/** `value` as a literal inside a regular expression. */
function literal(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
