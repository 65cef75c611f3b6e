/**
 * The book pop-up when things go wrong (issue 12 points 2, 4, 8; spec §4 pop-up states and star
 * rating, §8 messages): a book that is gone (not found), a failed load with its retry, and a rating
 * or list write that fails: the stars go back to the saved rating and a destructive toast says so.
 *
 * Against `npm start`: the not-found answer is the real server's 404 for a book id no row has (the
 * request is pointed there); failures are network failures made in the browser (route.abort), as a
 * dropped connection would be. Everything else is the real API.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { RETRIES } from '../../src/lib/api-client.ts';
import { choose, fillIn, firstCardLink, openDialog, signIn, text, watchConsole, type Key } from '../support/e2e-readers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });
const t = (key: Key) => text('en', key);
const MODAL_DATA = '**/api/books/*/modal-data';

test('a book that is gone shows "not found"; a failed load offers a retry that loads it', async ({ page }) => {
  await page.goto('/en/books');
  // Not found: the server's own 404 for an id no book has.
  await page.route(MODAL_DATA, (route) => route.continue({ url: route.request().url().replace(/\/api\/books\/[^/]+\//, '/api/books/2147483647/') }));
  let dialog = await openDialog(page, firstCardLink(page));
  await expect(dialog.getByRole('alert').filter({ hasText: t('reader.popup.notFound') })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.unroute(MODAL_DATA);

  // A connection that stays down: the client's own retries of a GET (src/lib/api-client.ts) fail too,
  // then the error state offers a retry, which loads the book.
  let failures = 1 + RETRIES;
  await page.route(MODAL_DATA, (route) => (failures-- > 0 ? route.abort('failed') : route.continue()));
  const link = firstCardLink(page);
  const title = (await link.innerText()).trim();
  dialog = await openDialog(page, link);
  const alert = dialog.getByRole('alert').filter({ hasText: t('reader.popup.loadFailed') });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: t('reader.popup.retry') }).click();
  await expect(dialog.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(alert).toBeHidden();
});

test('a rating that fails goes back to the saved one with a destructive toast; a failed list add says so too', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'failures');
  await page.goto('/en/books');
  const dialog = await openDialog(page, firstCardLink(page));
  const stars = dialog.getByRole('radiogroup', { name: t('reader.rating.label') });
  const star = (count: number) => stars.getByRole('radio', { name: fillIn(t(count === 1 ? 'reader.rating.star_one' : 'reader.rating.star_other'), { count }) });

  // Saved: 3 stars.
  await choose(star(3));
  await expect(dialog.getByRole('status').filter({ hasText: t('reader.rating.saved') })).toBeVisible();
  await expect(star(3)).toBeChecked();

  // The next rating's request fails: back to 3, and the failure is announced as an alert.
  await page.route('**/api/books/*/ratings', (route) => route.abort('failed'));
  await choose(star(5));
  const failed = dialog.getByRole('alert').filter({ hasText: t('reader.rating.failed') });
  await expect(failed).toBeVisible();
  await expect(failed.locator('.reader-toast--destructive')).toHaveCount(1);
  await expect(star(3)).toBeChecked();
  await expect(star(5)).not.toBeChecked();
  await page.unroute('**/api/books/*/ratings');

  // Adding to the list fails the same way: a destructive toast, the button still offers to add.
  await page.route('**/api/reading-list', (route) => route.abort('failed'));
  await dialog.getByRole('button', { name: t('reader.list.add') }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: t('reader.list.addFailed') })).toBeVisible();
  await expect(dialog.getByRole('button', { name: t('reader.list.add') })).toBeEnabled();
  await page.unroute('**/api/reading-list');

  // The server kept the last saved rating: opened again, the pop-up reads 3 stars from it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await openDialog(page, firstCardLink(page));
  await expect(star(3)).toBeChecked();
  // Leave the catalogue's ratings as they were (the list specs count rated books).
  const slug = (await firstCardLink(page).getAttribute('href'))!.split('/').pop();
  expect((await page.request.delete(`/api/books/${slug}/ratings`)).status()).toBe(204);
  // Only the failures this test made: no other console error or failed request.
  expect(problems.filter((p) => !/failed: .*\/api\/(books\/\d+\/ratings|reading-list) net::ERR_FAILED/.test(p) && !/console.error: Failed to load resource/.test(p))).toEqual([]);
});
