/**
 * The profile's reading tabs in the browser (issue 12, point 9): the reading list with its status
 * filter, a status change and removal; the reader's own reviews, edited and deleted in place; the
 * reading stats with their charts (Chart.js loads only on that tab) and the figures as tables; the
 * books list's reading-list filter. Against `npm start` with its real database: the reader's list
 * and ratings are made through the real API, as the pop-up does, then used through the profile.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import itMessages from '../../locales/it.json' with { type: 'json' };
import { axeBuilder } from '../support/axe.ts';
import { signedInThroughApi } from '../support/e2e-accounts.ts';
import { signInAsAdmin } from '../support/e2e-admin.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'Profil-Sterne-2026!';

/** A new reader, confirmed and signed in in this browser context (the cookies the login form gets). */
const signIn = (page: Page, language: 'en' | 'de') => signedInThroughApi(page, { label: 'profile', password: PASSWORD, language, firstName: 'Lena' });

/** The catalogue id of a book, from its editions (the public API). */
async function bookId(page: Page, slug: string): Promise<number> {
  const answer = await page.request.get(`/api/books/${slug}/editions`);
  return ((await answer.json()) as { data: { bookId: number }[] }).data[0]!.bookId;
}

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test('reading list tab: filter by status, change a status, remove a book (de)', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'de');
  for (const [slug, status] of [['dune', 'to_read'], ['neuromancer', 'reading'], ['hyperion', 'read']] as const) {
    const added = await page.request.post('/api/reading-list', { data: { bookId: await bookId(page, slug), status } });
    expect(added.status(), await added.text()).toBe(201);
  }

  await page.goto('/de/profile?tab=reading');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Der Wüstenplanet' })).toBeVisible();
  await expect(main.getByText(de['account.profile.reading.count'].replace('{shown}', '3').replace('{total}', '3'))).toBeVisible();

  await main.getByRole('radio', { name: new RegExp(`^${de['reader.list.status.reading']}`) }).check();
  await expect(main.getByRole('link', { name: 'Der Wüstenplanet' })).toBeHidden();
  await expect(main.getByRole('link', { name: 'Neuromancer' })).toBeVisible();

  await main.getByLabel(de['account.profile.reading.statusOf'].replace('{title}', 'Neuromancer')).selectOption('read');
  await expect(main.getByRole('status').filter({ hasText: de['account.profile.reading.updated'].replace('{title}', 'Neuromancer') })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Neuromancer' })).toBeHidden();

  await main.getByRole('radio', { name: new RegExp(`^${de['reader.list.status.read']}`) }).check();
  await expect(main.getByRole('link', { name: 'Neuromancer' })).toBeVisible();
  await main.getByRole('button', { name: de['account.profile.reading.removeLabel'].replace('{title}', 'Neuromancer') }).click();
  await expect(main.getByRole('status').filter({ hasText: de['account.profile.reading.removed'].replace('{title}', 'Neuromancer') })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Neuromancer' })).toBeHidden();
  expect((await axeBuilder(page).include('main').analyze()).violations).toEqual([]);

  // After a reload the list is what the server keeps.
  await page.reload();
  await expect(main.getByRole('link', { name: 'Der Wüstenplanet' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Neuromancer' })).toHaveCount(0);

  // The books list's own filter (spec §9) shows the same list.
  await page.goto('/de/books');
  // The list hydrates on intent; only then does it know a reader is signed in and show the filter.
  await main.getByLabel(de['list.sort.label']).hover();
  const filter = main.getByLabel(de['list.filter.onList']);
  await filter.selectOption({ label: de['reader.list.status.toRead'] });
  await expect(page).toHaveURL(/list=to_read/);
  await expect(main.getByRole('article')).toHaveCount(1);
  await expect(main.getByRole('article').getByRole('link', { name: 'Der Wüstenplanet' }).first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('reviews and stats tabs: edit and delete an own review, charts with their tables (en)', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'en');
  const dune = await bookId(page, 'dune');
  expect((await page.request.put(`/api/books/${dune}/ratings`, { data: { rating: 4, review: 'Spice.\nSand <b>worms</b>.' } })).ok()).toBe(true);
  expect((await page.request.post('/api/reading-list', { data: { bookId: dune, status: 'read' } })).ok()).toBe(true);
  // An author review is one of the reader's reviews too.
  expect((await page.request.put('/api/authors/ursula-k-le-guin/reviews', { data: { rating: 3, review: 'Earthsea first.' } })).ok()).toBe(true);

  // The chart library's chunk among the page's resources (the performance timeline also lists what
  // the browser took from its cache, which a response event can miss).
  const chartScripts = () => page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => /stats-charts/.test(entry.name)).length);
  await page.goto('/en/profile?tab=reviews');
  const main = page.getByRole('main');
  const review = main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Dune' }) });
  await expect(review.getByText('Sand <b>worms</b>.', { exact: false })).toBeVisible();
  const authorReview = main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ursula K. Le Guin' }) });
  await expect(authorReview.getByText('Earthsea first.')).toBeVisible();
  await expect(authorReview.getByRole('link', { name: 'Ursula K. Le Guin' })).toHaveAttribute('href', '/en/authors/ursula-k-le-guin#reviews-title');
  expect(await review.locator('.reviews-tab__text').evaluate((element) => (element as HTMLElement).innerText)).toBe('Spice.\nSand <b>worms</b>.');

  await review.getByRole('button', { name: en['account.profile.reviews.editLabel'].replace('{title}', 'Dune') }).click();
  // The star radios are visually hidden under their stars: choose like a keyboard user.
  const five = review.getByRole('radio', { name: en['account.profile.reviews.stars'].replace('{count}', '5') });
  await five.focus();
  await five.press('Space');
  await expect(five).toBeChecked();
  await review.getByLabel(en['account.profile.reviews.textLabel']).fill('Better on a second reading.');
  await review.getByRole('button', { name: en['account.profile.reviews.save'] }).click();
  await expect(main.getByRole('status').filter({ hasText: en['account.profile.reviews.saved'].replace('{title}', 'Dune') })).toBeVisible();
  await page.reload();
  await expect(review.getByText('Better on a second reading.')).toBeVisible();
  await expect(review.getByRole('img', { name: en['account.profile.reviews.stars'].replace('{count}', '5') })).toBeVisible();
  expect((await axeBuilder(page).include('main').analyze()).violations).toEqual([]);

  // Stats: Chart.js only now, the figures also as a table.
  expect(await chartScripts()).toBe(0);
  await main.getByRole('tab', { name: en['account.profile.tab.stats'] }).click();
  await expect(main.getByRole('figure', { name: en['account.profile.stats.perYear'] })).toBeVisible();
  await expect(main.getByRole('figure', { name: en['account.profile.stats.ratings'] }).locator('canvas')).toBeVisible();
  await expect(main.getByRole('table', { name: en['account.profile.stats.ratings'] }).getByRole('row', { name: /5 stars/ })).toContainText('1');
  await expect(main.getByText(en['account.profile.stats.totals'].replace('{toRead}', '0').replace('{reading}', '0').replace('{read}', '1'))).toBeVisible();
  expect(await chartScripts()).toBeGreaterThan(0);
  expect((await axeBuilder(page).include('main').analyze()).violations).toEqual([]);

  // Delete, after the confirmation.
  await main.getByRole('tab', { name: en['account.profile.tab.reviews'] }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await review.getByRole('button', { name: en['account.profile.reviews.deleteLabel'].replace('{title}', 'Dune') }).click();
  await expect(review).toHaveCount(0);
  page.once('dialog', (dialog) => void dialog.accept());
  await authorReview.getByRole('button', { name: en['account.profile.reviews.deleteLabel'].replace('{title}', 'Ursula K. Le Guin') }).click();
  await expect(main.getByRole('heading', { name: en['account.profile.reviews.empty'] })).toBeVisible();
  // Removed on the server too: the author's reviews no longer hold this reader's own.
  expect(((await (await page.request.get('/api/authors/ursula-k-le-guin/reviews')).json()) as { data: { own: unknown } }).data.own).toBeNull();
  expect(problems).toEqual([]);
});

test('a review a super user hid is marked as hidden in its writer\'s reviews tab (de, it), and missing from the book for everyone else', async ({ page, browser }) => {
  const problems = watchConsole(page);
  await signIn(page, 'de');
  const neuromancer = await bookId(page, 'neuromancer');
  const text = `Cyberspace, ${Date.now()}.`;
  expect((await page.request.put(`/api/books/${neuromancer}/ratings`, { data: { rating: 2, review: text } })).ok()).toBe(true);
  const me = ((await (await page.request.get('/api/auth/user')).json()) as { data: { id: string } }).data.id;

  // A super user hides it with a reason (the moderation of /admin/users, through its API).
  const adminContext = await browser.newContext();
  await signInAsAdmin(adminContext.request);
  const reviews = ((await (await adminContext.request.get(`/api/admin/users/${me}/reviews`)).json()) as { data: { items: { id: number; kind: string }[] } }).data.items;
  const reviewId = reviews.find((r) => r.kind === 'book')!.id;
  expect((await adminContext.request.post(`/api/admin/reviews/book/${reviewId}/hide`, { data: { reason: 'Nur für die Redaktion' } })).ok()).toBe(true);
  // Everyone else: the book's reviews no longer list it.
  const publicList = (await (await adminContext.request.get(`/api/books/${neuromancer}/reviews`)).json()) as { data: { items: { id: number }[] } };
  expect(publicList.data.items.map((r) => r.id)).not.toContain(reviewId);
  await adminContext.close();

  await page.goto('/de/profile?tab=reviews');
  const main = page.getByRole('main');
  const review = main.getByRole('listitem').filter({ hasText: text });
  await expect(review.getByRole('heading')).toContainText(de['account.profile.reviews.hidden']);
  await expect(review.getByText(de['account.profile.reviews.hiddenNote'].split('{date}')[0]!)).toBeVisible();
  await expect(review).not.toContainText('Nur für die Redaktion');
  expect((await axeBuilder(page).include('main').analyze()).violations).toEqual([]);

  await page.goto('/it/profile?tab=reviews');
  const italian = page.getByRole('main').getByRole('listitem').filter({ hasText: text });
  await expect(italian.getByRole('heading')).toContainText(itMessages['account.profile.reviews.hidden']);
  await expect(italian.getByText(itMessages['account.profile.reviews.hiddenNote'].split('{date}')[0]!)).toBeVisible();
  expect(problems).toEqual([]);
});
