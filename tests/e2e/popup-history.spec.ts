/**
 * Back with the book pop-up open closes the pop-up (issue 29 point 8): opening it pushes a history
 * entry; Back takes it off and closes the dialog, the page stays. Closing it with the X or Escape
 * takes the entry off too, so the next Back leaves the page at once (no stray entry). At 390 px,
 * where the phone's Back button is the usual way out.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { firstCardLink, openPopup, watchConsole } from '../support/e2e-readers.ts';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

test('Back closes the pop-up and keeps the page; the next Back leaves it', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/en/');
  await page.goto('/en/books');
  const link = firstCardLink(page);
  const dialog = await openPopup(page, link);
  await page.goBack();
  await expect(dialog).toBeHidden();
  expect(new URL(page.url()).pathname).toBe('/en/books');
  await expect(link).toBeFocused();
  await page.goBack();
  await expect(page).toHaveURL(/\/en\/$/);
  expect(problems).toEqual([]);
});

for (const how of ['the close button', 'Escape'] as const) {
  test(`closing with ${how} leaves no history entry behind`, async ({ page }) => {
    await page.goto('/en/');
    await page.goto('/en/books');
    const dialog = await openPopup(page, firstCardLink(page));
    if (how === 'Escape') await page.keyboard.press('Escape');
    else await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
    // Opening and closing twice stacks nothing either.
    await (await openPopup(page, firstCardLink(page))).press('Escape');
    await expect(dialog).toBeHidden();
    await page.goBack();
    await expect(page).toHaveURL(/\/en\/$/);
  });
}
