/**
 * The first tap counts (issue 29 point 1): "Mehr laden" on /books and /authors, the tabs on /series
 * and /awards and the filter selects used to be disabled until their island hydrated on that very
 * touch, so the touch did nothing. At 390 px with a touch screen, each control is tapped right after
 * the page loaded (before the island could hydrate) and must do its job; without JavaScript the
 * controls are real links to the view they show.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';

const expect = baseExpect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 180_000 });

const cards = (page: Page) => page.getByRole('main').getByRole('article');

test.describe('at 390 px with touch, right after load', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'de-DE' });

  for (const path of ['/de/books', '/de/authors']) {
    test(`the first tap on "Mehr laden" on ${path} loads the next page in place`, async ({ page }) => {
      await page.goto(path, { waitUntil: 'load' });
      const before = await cards(page).count();
      expect(before).toBe(24);
      const more = page.getByRole('main').getByRole('button', { name: 'Mehr laden' });
      await more.scrollIntoViewIfNeeded();
      await more.tap();
      await expect(cards(page)).toHaveCount(48);
      // In place: the address did not change and the page was not reloaded.
      expect(new URL(page.url()).pathname).toBe(path);
      expect(new URL(page.url()).search).toBe('');
    });
  }

  test('the first tap on a series tab shows that kind', async ({ page }) => {
    await page.goto('/de/series', { waitUntil: 'load' });
    const tablist = page.getByRole('main').getByRole('tablist');
    const tab = tablist.getByRole('tab').nth(1);
    const label = (await tab.innerText()).trim();
    await tab.tap();
    await expect(tablist.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\?kind=/);
  });

  test('the first tap on an awards tab shows that tab', async ({ page }) => {
    await page.goto('/de/awards', { waitUntil: 'load' });
    const tablist = page.getByRole('main').getByRole('tablist');
    const tab = tablist.getByRole('tab').nth(1);
    await tab.tap();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/tab=/);
  });

  test('a filter chosen before the list is ready is applied', async ({ page }) => {
    await page.goto('/de/books', { waitUntil: 'load' });
    const genre = page.getByRole('main').getByLabel('Genre');
    await expect(genre).toBeEnabled();
    await genre.selectOption({ label: 'Horror' });
    await expect(page).toHaveURL(/genre=Horror/);
    await expect(page.getByRole('status').filter({ hasText: 'Bücher gefunden' })).toBeAttached();
    await expect(genre).toHaveValue('Horror');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('"load more" and the tabs are links to the views they show', async ({ page }) => {
    await page.goto('/en/books');
    await expect(page.getByRole('main').getByRole('button', { name: 'Load more' })).toHaveAttribute('href', '?page=2');
    await page.goto('/en/series');
    const tabs = page.getByRole('main').getByRole('tablist').getByRole('tab');
    await expect(tabs.first()).toHaveAttribute('href', '?');
    await expect(tabs.nth(1)).toHaveAttribute('href', /^\?kind=[a-z_]+$/);
  });
});

test('following the "load more" link shows the first two pages of that view', async ({ page }) => {
  await page.goto('/en/books?page=2');
  await expect(cards(page)).toHaveCount(48);
  await page.goto('/en/books?genre=Fantasy&page=2');
  await expect(cards(page)).toHaveCount(48);
  await expect(page.getByRole('main').getByLabel('Genre')).toHaveValue('Fantasy');
});
