/**
 * Search input details (issue 29 point 11): a blank query is never sent (`?q=+++`), before the box
 * hydrated (the browser's own check), after it, and when such an address is opened; the phone's search
 * button, tapped right after load, leaves the focus in a search box, not on the body; the typeahead
 * says it is searching (a role=status spinner, the list aria-busy) while suggestions load.
 */
import { expect as baseExpect, test } from '@playwright/test';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const LABEL = 'Search books, authors, series, genres and awards';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a blank query is not sent', async ({ page }) => {
    await page.goto('/en/books');
    const box = page.getByRole('banner').getByRole('combobox', { name: LABEL });
    await box.fill('   ');
    await box.press('Enter');
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/en/books');
    expect(await box.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
  });
});

test('a blank query is not sent once the box is ready either', async ({ page }) => {
  await page.goto('/en/books');
  const box = page.getByRole('banner').getByRole('combobox', { name: LABEL });
  await box.hover();
  await box.fill('   ');
  await box.press('Enter');
  await page.waitForTimeout(500);
  expect(new URL(page.url()).pathname).toBe('/en/books');
});

test('an address with a blank query asks for one: the query leaves the address, the box has the focus', async ({ page }) => {
  await page.goto('/en/search?q=+++');
  await expect(page).toHaveURL(/\/en\/search$/);
  await expect(page.getByRole('main').getByRole('combobox', { name: LABEL })).toBeFocused();
});

test('the typeahead shows that it is searching while suggestions load', async ({ page }) => {
  await page.route(/\/api\/\w+\/search\?/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/en/books');
  const box = page.getByRole('banner').getByRole('combobox', { name: LABEL });
  await box.hover();
  await box.fill('dune');
  const searching = page.getByRole('banner').getByRole('status').filter({ hasText: 'Searching…' });
  await expect(searching).toBeVisible();
  await expect(page.getByRole('listbox')).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await expect(searching).toBeHidden();
});

test.describe('at 390 px with touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the search button, tapped right after load, leaves the focus in a search box', async ({ page }) => {
    await page.goto('/en/authors', { waitUntil: 'load' });
    await page.getByRole('banner').locator('.search__toggle').tap();
    await expect(page.getByRole('combobox', { name: LABEL })).toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
  });
});
