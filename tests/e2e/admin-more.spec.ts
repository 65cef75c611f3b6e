/**
 * The admin pages of issue 13 points 4-6 in Chromium: a super user (a reader registered through the
 * API and promoted in the database) promotes another reader to golden on /de/admin/users through the
 * confirmation dialog, adds a finalist on /admin/awards, changes an affiliate tag and sees the
 * preview link follow; axe finds nothing on each page; visitors read the spec's denial text.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { fillIn, signIn, text, watchConsole } from '../support/e2e-readers.ts';
import { signInAsAdmin } from '../support/e2e-admin.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

/**
 * The seeded super user (tests/support/e2e-admin.ts): signing in registers no account, so the suite
 * stays under the registration limit per address (10 an hour) that its reader accounts count against.
 */
const signInAsSuperUser = (page: Page) => signInAsAdmin(page.request);

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

test('visitors and readers get the denial texts', async ({ page }) => {
  await page.goto('/en/admin/users');
  await expect(page.getByRole('alert')).toContainText(text('en', 'admin.access.mustLogIn'));
  await signIn(page, 'not-admin');
  await page.goto('/de/admin/affiliate');
  await expect(page.getByRole('alert')).toContainText(text('de', 'admin.access.adminsOnly'));
});

test('a super user promotes a reader to golden on /de/admin/users through the confirmation dialog', async ({ page, browser }) => {
  const problems = watchConsole(page);
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  const readerEmail = await signIn(reader, 'to-promote', 'de');
  await signInAsSuperUser(page);

  await page.goto('/de/admin/users');
  const main = page.getByRole('main');
  await main.getByRole('searchbox', { name: text('de', 'admin.users.searchLabel') }).fill(readerEmail);
  await main.getByRole('button', { name: text('de', 'admin.users.searchButton'), exact: true }).click();
  await expect(page.getByRole('heading', { name: fillIn(text('de', 'admin.users.results'), { count: 1 }) })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: readerEmail });
  await row.getByLabel(fillIn(text('de', 'admin.users.roleOf'), { name: 'Lena Leser' })).selectOption('GOLDEN_USER');
  await row.getByRole('button', { name: new RegExp(`^${text('de', 'admin.users.changeRole')}`) }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(fillIn(text('de', 'admin.users.roleConfirmTitle'), { name: 'Lena Leser', from: text('de', 'admin.role.normalUser'), to: text('de', 'admin.role.goldenUser') }));
  await dialog.getByRole('button', { name: text('de', 'admin.users.roleConfirm') }).click();
  await expect(page.getByRole('status').filter({ hasText: fillIn(text('de', 'admin.users.roleChanged'), { name: 'Lena Leser', role: text('de', 'admin.role.goldenUser') }) })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByLabel(fillIn(text('de', 'admin.users.roleOf'), { name: 'Lena Leser' }))).toHaveValue('GOLDEN_USER');

  // The reader's next request has the role.
  const me = (await (await reader.request.get('/api/auth/user')).json()) as { data: { role: string } };
  expect(me.data.role).toBe('GOLDEN_USER');
  await readerContext.close();

  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
});

test('a super user adds a finalist on /admin/awards', async ({ page }) => {
  const problems = watchConsole(page);
  await signInAsSuperUser(page);
  const category = `E2E finalists ${Date.now()}`;
  await page.goto('/en/admin/awards');
  await page.getByLabel(text('en', 'admin.awards.category'), { exact: true }).selectOption({ label: text('en', 'admin.awards.customCategoryOption') });
  await page.getByLabel(text('en', 'admin.awards.customCategory'), { exact: true }).fill(category);
  await page.getByRole('spinbutton', { name: text('en', 'admin.awards.year'), exact: true }).fill('2026');
  await page.getByLabel(text('en', 'admin.awards.bookSearch')).fill('Dune');
  await page.getByRole('button', { name: /^Add Dune \(/ }).first().click();
  const finalists = page.getByRole('group', { name: text('en', 'admin.awards.entries') });
  await finalists.getByRole('checkbox', { name: /^Winner: Dune/ }).check();
  await page.getByRole('button', { name: text('en', 'admin.awards.saveFinalists') }).click();
  await expect(page.getByRole('status').filter({ hasText: fillIn(text('en', 'admin.awards.savedFinalists'), { count: 1 }) })).toBeVisible();

  // What was saved is what the server reads back; then the slot is emptied again.
  const award = page.getByRole('combobox', { name: text('en', 'admin.awards.award'), exact: true });
  const awardId = await award.inputValue();
  const saved = (await (await page.request.get(`/api/admin/awards/${awardId}/entries?year=2026&customCategory=${encodeURIComponent(category)}`)).json()) as { data: { entries: { title: string; isWinner: boolean }[] } };
  expect(saved.data.entries).toEqual([expect.objectContaining({ title: 'Dune', isWinner: true })]);
  await expectNoAxeViolations(page);
  const emptied = await page.request.put(`/api/admin/awards/${awardId}/entries`, { data: { year: 2026, customCategory: category, entries: [] } });
  expect(emptied.ok(), await emptied.text()).toBe(true);
  expect(problems).toEqual([]);
});

test('a super user changes an affiliate tag on /admin/affiliate and the preview link follows', async ({ page }) => {
  const problems = watchConsole(page);
  await signInAsSuperUser(page);
  await page.goto('/en/admin/affiliate');
  const locale = page.getByRole('group', { name: fillIn(text('en', 'admin.affiliate.locale'), { region: 'DE', variant: 'default' }) });
  const tag = locale.getByLabel(text('en', 'admin.affiliate.tag'));
  const original = await tag.inputValue();
  const preview = locale.getByRole('link');
  await expect(preview).toHaveAttribute('href', new RegExp(`tag=${original}$`));
  await expectNoAxeViolations(page);

  const changed = `e2e-${Date.now()}-21`;
  await tag.fill(changed);
  await expect(preview).toHaveAttribute('href', new RegExp(`tag=${changed}$`));
  await locale.getByRole('button', { name: text('en', 'admin.page.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: text('en', 'admin.page.saved') })).toBeVisible();
  // The pop-up's list has it without a rebuild.
  const services = (await (await page.request.get('/api/affiliate/services')).json()) as { data: { key: string; locales: { variant: string; affiliateTag: string }[] }[] };
  expect(services.data.find((s) => s.key === 'amazon.de')?.locales.find((l) => l.variant === 'default')?.affiliateTag).toBe(changed);

  await tag.fill(original);
  await locale.getByRole('button', { name: text('en', 'admin.page.save') }).click();
  await expect(preview).toHaveAttribute('href', new RegExp(`tag=${original}$`));
  expect(problems).toEqual([]);
});
