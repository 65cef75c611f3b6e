/**
 * The editor's walk of issue 29 (points 15-20, 22) in Chromium, at 390 px and 1280 px, in German and
 * English: relation pickers close on Tab and on a tap outside (the keyboard still picks); adding a book
 * turns the page into its edit page with the editions manager, says that its slug was taken, and a
 * rename says that the address moved; the history names genres and shows the book's editions; an
 * award is deleted only once no book is in it, and a custom category already used is offered again;
 * the affiliate preview links a chosen book and a template on another host is refused; the admin
 * pages fit a phone and the analytics tables show their counts.
 */
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/e2e-admin.ts';
import { fillIn, text, watchConsole, type Key } from '../support/e2e-readers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const de = (key: Key) => text('de', key);
const en = (key: Key) => text('en', key);

/** How wide the page's content is: wider than the viewport means the page scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Types into a relation picker and takes the suggestion named `option` with a click. */
async function pick(main: Locator, label: string, query: string, option: string): Promise<void> {
  await main.getByRole('combobox', { name: label }).fill(query);
  await main.getByRole('listbox', { name: label }).getByRole('option', { name: option, exact: true }).click();
  await expect(main.getByRole('list', { name: label }).getByRole('listitem').filter({ hasText: option })).toHaveCount(1);
}

test('relation pickers close on Tab and on a tap outside, and the keyboard still picks (de, 390 px)', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const problems = watchConsole(page);
  await signInAsAdmin(page.request);
  await page.goto('/de/books/add');
  const main = page.getByRole('main');
  const authors = main.getByRole('combobox', { name: de('admin.field.authors') });
  const authorHits = main.getByRole('listbox', { name: de('admin.field.authors') });
  await authors.fill('Lem');
  await expect(authorHits.getByRole('option', { name: 'Stanisław Lem' })).toBeVisible();
  await authors.press('Tab');
  await expect(authorHits).toBeHidden();
  await expect(authors).toHaveAttribute('aria-expanded', 'false');

  // Back in the search, the suggestions show again; arrow down and Enter take one.
  await authors.focus();
  await expect(authorHits).toBeVisible();
  await authors.press('ArrowDown');
  await authors.press('Enter');
  await expect(main.getByRole('list', { name: de('admin.field.authors') }).getByRole('listitem')).toHaveCount(1);

  const genres = main.getByRole('combobox', { name: de('admin.field.genres') });
  const genreHits = main.getByRole('listbox', { name: de('admin.field.genres') });
  await genres.fill('Science');
  await expect(genreHits.getByRole('option').first()).toBeVisible();
  await main.getByRole('textbox', { name: de('admin.field.title'), exact: true }).click();
  await expect(genreHits).toBeHidden();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  expect(problems).toEqual([]);
});

test('adding a book turns the page into its edit page, says the slug was taken, and a rename says the address moved (en, 1280 px)', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const problems = watchConsole(page);
  await signInAsAdmin(page.request);
  let id: number | null = null;
  try {
    await page.goto('/en/books/add');
    await expect(page.getByRole('heading', { level: 1, name: en('admin.page.bookAdd') })).toBeVisible();
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: en('admin.field.title'), exact: true }).fill('Dune');
    const slug = main.getByRole('textbox', { name: en('admin.field.slug') });
    await expect(slug).toHaveValue('dune');
    await pick(main, en('admin.field.authors'), 'Herbert', 'Frank Herbert');
    await pick(main, en('admin.field.genres'), 'Science', 'Science Fiction');
    await main.getByRole('button', { name: en('admin.create'), exact: true }).click();

    // Without a reload: the heading, the tab's title, the address and the editions manager of the new book.
    const created = main.getByRole('status').filter({ hasText: fillIn(en('admin.created'), { name: 'Dune' }) });
    await expect(created).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: en('admin.page.bookEdit') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: en('admin.page.bookAdd') })).toHaveCount(0);
    await expect(page).toHaveTitle(new RegExp(en('admin.page.bookEdit')));
    await expect(slug).toHaveValue(/^dune-\d+$/);
    const saved = await slug.inputValue();
    id = ((await (await page.request.get(`/api/books/${saved}`)).json()) as { data: { id: number } }).data.id;
    await expect(created).toContainText(fillIn(en('admin.slug.taken'), { wanted: 'dune', saved }));
    await expect(page).toHaveURL(new RegExp(`/en/books/edit/${saved}$`));
    await expect(page.getByRole('heading', { level: 2, name: en('admin.editions.title'), exact: true })).toBeVisible();

    // The history names the genre instead of showing its id.
    const history = page.getByRole('region', { name: en('admin.history.title') });
    await expect(history.getByRole('row', { name: /Genres.*Science Fiction/ })).toBeVisible();
    await expect(history).not.toContainText('genreIds');

    // An edition added meanwhile shows in the book's history with what it is about.
    const edition = await page.request.post(`/api/books/${id}/editions`, { data: { title: 'Dune (walk edition)', languageCode: 'en', languageName: 'English' } });
    expect(edition.ok(), await edition.text()).toBe(true);
    const title = `Dune Walk ${Date.now()}`;
    await main.getByRole('textbox', { name: en('admin.field.title'), exact: true }).fill(title);
    await main.getByRole('button', { name: en('admin.save'), exact: true }).click();
    const renamed = main.getByRole('status').filter({ hasText: fillIn(en('admin.saved'), { name: title }) });
    await expect(renamed).toBeVisible();
    await expect(slug).toHaveValue(/^dune-walk-\d+$/);
    const moved = await slug.inputValue();
    await expect(renamed).toContainText(fillIn(en('admin.slug.moved'), { before: saved, saved: moved }));
    await expect(page).toHaveURL(new RegExp(`/en/books/edit/${moved}$`));
    await expect(history.getByText(fillIn(en('admin.history.aboutEdition'), { title: 'Dune (walk edition)' }), { exact: false })).toBeVisible();
    expect(problems).toEqual([]);
  } finally {
    if (id !== null) await page.request.delete(`/api/books/${id}`);
  }
});

test('an award is deleted only once no book is in it, and a custom category already used is offered again (de, 1280 px)', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const problems = watchConsole(page);
  await signInAsAdmin(page.request);
  const name = `E2E Walk Preis ${Date.now()}`;
  const created = await page.request.post('/api/admin/awards', { data: { name } });
  expect(created.ok(), await created.text()).toBe(true);
  const awardId = ((await created.json()) as { data: { id: number } }).data.id;
  const dune = ((await (await page.request.get('/api/books/dune/editions')).json()) as { data: { bookId: number }[] }).data[0]!.bookId;
  const slot = { year: 2024, customCategory: 'Beste Kurzgeschichte' };
  expect((await page.request.put(`/api/admin/awards/${awardId}/entries`, { data: { ...slot, entries: [{ bookId: dune, isWinner: true }] } })).ok()).toBe(true);
  try {
    await page.goto('/de/admin/awards');
    await page.getByRole('combobox', { name: de('admin.awards.award'), exact: true }).selectOption({ label: name });
    const category = page.getByRole('combobox', { name: de('admin.awards.category'), exact: true });
    await category.selectOption({ label: slot.customCategory });
    await page.getByRole('spinbutton', { name: de('admin.awards.year'), exact: true }).fill(String(slot.year));
    await expect(page.getByRole('group', { name: de('admin.awards.entries') })).toContainText('Der Wüstenplanet');

    // Dune is still its winner: the delete asks first, then is refused naming the book.
    await page.getByRole('button', { name: de('admin.awards.deleteAward'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(fillIn(de('admin.awards.awardDeleteTitle'), { name }));
    await dialog.getByRole('button', { name: de('admin.awards.deleteAward') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'Der Preis kann nicht gelöscht werden' })).toContainText('Der Wüstenplanet');

    // Emptied, it goes, and leaves the list.
    expect((await page.request.put(`/api/admin/awards/${awardId}/entries`, { data: { ...slot, entries: [] } })).ok()).toBe(true);
    await page.getByRole('button', { name: de('admin.awards.deleteAward'), exact: true }).click();
    await dialog.getByRole('button', { name: de('admin.awards.deleteAward') }).click();
    await expect(page.getByRole('status').filter({ hasText: fillIn(de('admin.awards.awardDeleted'), { name }) })).toBeVisible();
    await expect(page.getByRole('combobox', { name: de('admin.awards.award'), exact: true }).getByRole('option', { name })).toHaveCount(0);
    expect(problems).toEqual(['console.error: Failed to load resource: the server responded with a status of 409 (Conflict)']);
  } finally {
    await page.request.put(`/api/admin/awards/${awardId}/entries`, { data: { ...slot, entries: [] } });
    await page.request.delete(`/api/admin/awards/${awardId}`);
  }
});

test('the affiliate preview links a chosen book, a template on another host is refused, and the page fits a phone (de, 390 px)', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const problems = watchConsole(page);
  await signInAsAdmin(page.request);
  await page.goto('/de/admin/affiliate');
  const locale = page.getByRole('group', { name: fillIn(de('admin.affiliate.locale'), { region: 'DE', variant: 'default' }) });
  const template = locale.getByLabel(de('admin.affiliate.template'));
  await expect(template).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  const stored = await template.inputValue();

  await page.getByRole('searchbox', { name: de('admin.affiliate.previewBook') }).fill('Hyperion');
  await page.getByRole('button', { name: 'Hyperion', exact: true }).first().click();
  await expect(page.getByRole('main')).toContainText(/„Hyperion/);
  await template.fill('https://{domain}/s?k={title}&tag={tag}');
  await expect(locale.getByRole('link')).toHaveAttribute('href', /^https:\/\/www\.amazon\.de\/s\?k=Hyperion&tag=/);

  await template.fill('https://evil.example/s?k={title}');
  await expect(locale.getByText(de('validation.affiliate.host'))).toBeVisible();
  await locale.getByRole('button', { name: de('admin.page.save') }).click();
  await expect(page.getByRole('alert').filter({ hasText: text('de', 'api.error.validation') })).toBeVisible();
  const services = (await (await page.request.get('/api/admin/affiliate')).json()) as { data: { services: { key: string; locales: { variant: string; template: string }[] }[] } };
  expect(services.data.services.find((s) => s.key === 'amazon.de')?.locales.find((l) => l.variant === 'default')?.template).toBe(stored);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  expect(problems).toEqual(['console.error: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
});

test('the users and affiliate pages fit a phone, and the analytics tables show their counts at 1280 px (en)', async ({ page }) => {
  await signInAsAdmin(page.request);
  await page.setViewportSize(PHONE);
  await page.goto('/en/admin/users');
  await expect(page.getByRole('table')).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await page.goto('/en/admin/affiliate');
  await expect(page.getByLabel(en('admin.affiliate.template')).first()).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

  await page.setViewportSize(DESKTOP);
  await page.goto('/en/admin/analytics');
  const tables = page.getByRole('region', { name: new RegExp(`^${fillIn(en('admin.analytics.tableOf'), { title: '.+' })}$`) });
  await expect(tables.first()).toBeVisible();
  // No table scrolls sideways: every count column is in view.
  const clipped = await tables.evaluateAll((regions) => regions.filter((r) => r.scrollWidth > r.clientWidth + 1).map((r) => r.getAttribute('aria-labelledby')));
  expect(clipped).toEqual([]);
  expect(await pageWidth(page)).toBeLessThanOrEqual(DESKTOP.width);
});
