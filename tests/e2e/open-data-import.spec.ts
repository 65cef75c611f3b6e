/**
 * Importing a reading history in the browser (issue 16 points 1 and 6): a reader uploads a Goodreads
 * export on the profile's import tab, sees the review step (found, to check, not in the catalogue),
 * answers the uncertain row, finds the review step as they left it after a reload (the job lives on
 * the server), confirms, reads the counts and finds the books in their reading list; axe finds
 * nothing on the tab, in English and in German. Against `npm start`, whose background functions run
 * the import as Netlify does.
 */
import path from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { axeBuilder } from '../support/axe.ts';
import { signedInThroughApi } from '../support/e2e-accounts.ts';
import { fillIn, text, watchConsole, type Locale } from '../support/e2e-readers.ts';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'import');
const PASSWORD = 'Import-Regale-2026!';

const signIn = (page: Page, label: string, language: Locale = 'en') =>
  signedInThroughApi(page, { label: `reader-${label}`, password: PASSWORD, language, firstName: 'Lena', lastName: 'Leser' });

// The import rates catalogue books that other files read (averages, counts): the reader's account
// goes afterwards, and its ratings and list with it (tests/e2e/README.md).
test.afterEach(async ({ page }) => {
  await page.request.delete('/api/profile', { data: { password: PASSWORD } });
});

test('a reader imports a Goodreads export, resolves an uncertain match and finds the books in the reading list (en)', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'import-en');
  await page.goto('/en/profile?tab=import');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: text('en', 'import.title') })).toBeVisible();
  expect((await axeBuilder(page).include('main').analyze()).violations).toEqual([]);

  await main.getByLabel(text('en', 'import.file')).setInputFiles(path.join(FIXTURES, 'goodreads-library.csv'));
  await main.getByRole('button', { name: text('en', 'import.upload') }).click();
  await expect(main.getByRole('heading', { name: text('en', 'import.review.title') })).toBeVisible();
  await expect(main.getByText(fillIn(text('en', 'import.review.summary'), { file: 'goodreads-library.csv', matched: 6, uncertain: 1, unmatched: 2 }))).toBeVisible();
  await expect(main.getByRole('link', { name: 'Wizard of the Pigeons by Megan Lindholm' })).toBeVisible();
  await expect(main.getByText('The Joy of Cooking', { exact: false })).toBeVisible();
  await expect(main.getByRole('link', { name: text('en', 'import.downloadUnmatched') })).toBeVisible();

  const question = main.getByRole('group', { name: fillIn(text('en', 'import.row.question'), { title: 'Hyperion Cantos', author: 'Dan Simmons' }) });
  await question.getByRole('radio', { name: /^Hyperion by Dan Simmons/ }).check();
  await expect(main.getByRole('status').filter({ hasText: text('en', 'import.row.saved') })).toBeVisible();
  expect((await axeBuilder(page).include('main').analyze()).violations).toEqual([]);

  // The review step is kept on the server: a reload shows it with the choice made.
  await page.reload();
  await expect(question.getByRole('radio', { name: /^Hyperion by Dan Simmons/ })).toBeChecked();

  await main.getByRole('button', { name: text('en', 'import.confirm') }).click();
  await expect(main.getByRole('heading', { name: text('en', 'import.done.title') })).toBeVisible();
  const counts = main.locator('.import-result__counts');
  await expect(counts.getByText(text('en', 'import.done.added'), { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('6');
  await expect(main.getByText(fillIn(text('en', 'import.done.shelf'), { name: 'cookbooks', count: 1 }))).toBeVisible();
  expect((await axeBuilder(page).include('main').analyze()).violations).toEqual([]);

  await main.getByRole('link', { name: text('en', 'import.done.readingList') }).click();
  await expect(page).toHaveURL(/tab=reading/);
  for (const title of ['Dune', 'Hyperion', 'Neuromancer', 'The Left Hand of Darkness', 'Foundation', 'Wizard of the Pigeons']) {
    await expect(main.getByRole('link', { name: title, exact: true })).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test('the import tab in German: a StoryGraph export, reviewed and imported, axe clean (de)', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'import-de', 'de');
  await page.goto('/de/profile?tab=import');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: text('de', 'import.title') })).toBeVisible();
  await main.getByLabel(text('de', 'import.file')).setInputFiles(path.join(FIXTURES, 'storygraph-library.csv'));
  await main.getByRole('button', { name: text('de', 'import.upload') }).click();
  await expect(main.getByRole('heading', { name: text('de', 'import.review.title') })).toBeVisible();
  await expect(main.getByText(text('de', 'import.group.empty')).first()).toBeVisible();
  expect((await axeBuilder(page).include('main').analyze()).violations).toEqual([]);

  await main.getByLabel(text('de', 'import.overwrite')).check();
  await main.getByRole('button', { name: text('de', 'import.confirm') }).click();
  await expect(main.getByRole('heading', { name: text('de', 'import.done.title') })).toBeVisible();
  await expect(main.getByText(fillIn(text('de', 'import.done.shelf'), { name: 'did-not-finish', count: 1 }))).toBeVisible();
  expect((await axeBuilder(page).include('main').analyze()).violations).toEqual([]);

  await page.goto('/de/profile?tab=reading');
  await expect(main.getByRole('link', { name: 'Der Wüstenplanet' })).toBeVisible();
  // Four books on the list (the fifth, did-not-finish, has no reading status and no stars).
  await expect(main.getByText(fillIn(text('de', 'account.profile.reading.count'), { shown: 4, total: 4 }))).toBeVisible();
  expect(problems).toEqual([]);
});

test('a book by another author is taken only when the reader searches for it (issue 29 point 3, it, 390 px)', async ({ page }) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'import-search', 'it');
  await page.goto('/it/profile?tab=import');
  const main = page.getByRole('main');
  await main.getByLabel(text('it', 'import.file')).setInputFiles(path.join(FIXTURES, 'storygraph-export-2025.csv'));
  await main.getByRole('button', { name: text('it', 'import.upload') }).click();
  await expect(main.getByRole('heading', { name: text('it', 'import.review.title') })).toBeVisible();

  // Stoll's The Cuckoo's Egg is not offered Cherryh's Cuckoo's Egg; the reader may search for it.
  const row = main.getByRole('listitem').filter({ hasText: 'Clifford Stoll' });
  await expect(row.getByText('Cuckoo', { exact: false }).filter({ hasText: 'Cherryh' })).toHaveCount(0);
  await row.getByRole('button', { name: text('it', 'import.row.search') }).click();
  const search = row.getByRole('search', { name: fillIn(text('it', 'import.row.searchLabel'), { title: "The Cuckoo's Egg: Tracking a Spy Through the Maze of Computer Espionage" }) });
  const field = search.getByRole('searchbox');
  await expect(field).toBeFocused();
  await field.fill("Cuckoo's Egg");
  await search.getByRole('button', { name: text('it', 'import.row.searchButton') }).click();
  const hits = row.getByRole('list', { name: text('it', 'import.row.searchResults') });
  await hits.getByRole('button', { name: /Cuckoo's Egg.*C\. J\. Cherryh/ }).click();
  await expect(main.getByRole('status').filter({ hasText: text('it', 'import.row.saved') }).first()).toBeVisible();
  await expect(row.getByRole('link', { name: /Cuckoo's Egg.*C\. J\. Cherryh/ })).toBeVisible();
  expect((await axeBuilder(page).include('main').analyze()).violations).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(problems).toEqual([]);
});
