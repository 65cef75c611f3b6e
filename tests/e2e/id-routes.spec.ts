/**
 * The spec's detail targets by id (spec §2: author /authors/{id}, series /series/{slug or id}, genre
 * /genres/{id}, award /awards/{id}) reach the entity's page, with and without the locale prefix
 * (issue 11, point 5): a 301 to the page by slug, generated into the build's _redirects.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';

/** The first hit of a typeahead endpoint (its id and slug or name). */
async function firstHit(request: APIRequestContext, kind: string, q: string): Promise<{ id: number; slug?: string; canonicalName?: string }> {
  const response = await request.get(`/api/${kind}/search?q=${encodeURIComponent(q)}&lang=en`);
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { id: number; slug?: string; canonicalName?: string }[] };
  expect(data.length, `${kind} ${q}`).toBeGreaterThan(0);
  return data[0]!;
}

test('each id route of every locale answers a 301 to the page by slug', async ({ request }) => {
  const author = await firstHit(request, 'authors', 'le guin');
  const series = await firstHit(request, 'series', 'earthsea');
  const genre = await firstHit(request, 'genres', 'horror');
  const award = await firstHit(request, 'awards', 'hugo');
  for (const locale of ['en', 'de', 'it']) {
    const cases: [string, RegExp][] = [
      [`/${locale}/authors/${author.id}`, new RegExp(`^/${locale}/authors/${author.slug}$`)],
      [`/${locale}/series/${series.id}`, new RegExp(`^/${locale}/series/${series.slug}$`)],
      [`/${locale}/genres/${genre.id}`, new RegExp(`^/${locale}/books\\?genre=${encodeURIComponent(genre.canonicalName!)}$`)],
      [`/${locale}/awards/${award.id}`, new RegExp(`^/${locale}/awards/${award.slug}$`)],
    ];
    for (const [path, target] of cases) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(301);
      expect(new URL(response.headers()['location']!, 'http://x').pathname + new URL(response.headers()['location']!, 'http://x').search, path).toMatch(target);
    }
  }
});

test.describe('in a German browser', () => {
  test.use({ locale: 'de-DE', extraHTTPHeaders: { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5' } });

test('id routes without a locale prefix land on the page in the visitor\'s language', async ({ page, request }) => {
  const author = await firstHit(request, 'authors', 'le guin');
  const response = await page.goto(`/authors/${author.id}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/de/authors/${author.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const series = await firstHit(request, 'series', 'earthsea');
  await page.goto(`/series/${series.id}`);
  await expect(page).toHaveURL(new RegExp(`/de/series/${series.slug}$`));
});

// Issue 29 point 24: these four used to land on the start page.
test('unprefixed genre and award routes reach their pages, not the start page', async ({ page, request }) => {
  const genre = await firstHit(request, 'genres', 'horror');
  const award = await firstHit(request, 'awards', 'hugo');
  await page.goto(`/genres/${genre.id}`);
  await expect(page).toHaveURL(new RegExp(`/de/books\\?genre=${encodeURIComponent(genre.canonicalName!)}$`));
  await page.goto(`/awards/${award.id}`);
  await expect(page).toHaveURL(new RegExp(`/de/awards/${award.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/genres/add');
  await expect(page).toHaveURL(/\/de\/genres\/add$/);
  await page.goto(`/genres/edit/${genre.slug ?? 'horror'}`);
  await expect(page).toHaveURL(new RegExp(`/de/genres/edit/${genre.slug ?? 'horror'}$`));
});
});
