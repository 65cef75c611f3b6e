/**
 * Layout at 390 px (issue 29 point 7): the privacy policy in every language keeps the viewport's width
 * (its processing table scrolls in its own box), the registration confirmation with a long address
 * stays inside its card, and the profile does not move while it loads (CLS under 0.1, at 390 and
 * 1280 px).
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { signIn } from '../support/e2e-readers.ts';
import { layoutShiftOf, trackLayoutShift } from '../support/e2e-layout.ts';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const locale of ['de', 'en', 'it']) {
    test(`/${locale}/datenschutz is no wider than the screen`, async ({ page }) => {
      await page.goto(`/${locale}/datenschutz`);
      await expect(page.getByRole('main').getByRole('table').first()).toBeVisible();
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      // The table is all there: it scrolls sideways inside its own box.
      const table = page.getByRole('main').getByRole('table').first();
      expect(await table.evaluate((element) => element.scrollWidth >= element.clientWidth)).toBe(true);
    });
  }

  test('the registration confirmation of a long address stays inside its card', async ({ page }) => {
    const email = `a-very-long-address-for-a-phone-screen-${Date.now()}@subdomain.example-mail-provider.org`;
    await page.goto('/en/register');
    const main = page.getByRole('main');
    const submit = main.getByRole('button', { name: 'Create account', exact: true });
    await expect(submit).toBeEnabled();
    await main.getByLabel(/^First name/).fill('Lena');
    await main.getByLabel('Email address').fill(email);
    await main.getByLabel('Password', { exact: true }).fill('Sternen-Staub-42!');
    await main.getByLabel('Confirm password').fill('Sternen-Staub-42!');
    await submit.click();
    const done = main.getByRole('region', { name: 'Check your inbox' });
    await expect(done).toContainText(email);
    const card = page.locator('.account-card');
    const [cardBox, doneBox] = [await card.boundingBox(), await done.boundingBox()];
    expect(doneBox!.x + doneBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width + 1);
    expect(await done.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });
});

for (const width of [390, 1280]) {
  test(`the profile does not shift while it loads at ${width} px (CLS under 0.1)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await signIn(page, `cls-${width}-${Date.now()}`);
    await trackLayoutShift(page);
    for (const tab of ['reading', 'stats']) {
      await page.goto(`/en/profile?tab=${tab}`);
      await expect(page.getByRole('tablist')).toBeVisible();
      await expect(page.getByRole('main').locator('.loading')).toHaveCount(0);
      await page.waitForTimeout(500);
      const shift = await layoutShiftOf(page);
      expect(shift, `${tab}: CLS ${shift.toFixed(3)}`).toBeLessThan(0.1);
    }
  });
}
