/**
 * An edition's price in the browser (issue 29 point 25; spec §3 Edition formats and languages, §9
 * currency EUR): a super user sets the price of the German edition of A Canticle for Leibowitz in the
 * editions manager, in German (typed with a decimal comma, the currency left at its default, EUR);
 * then a signed-out reader sees it in the pop-up's edition selector beside the format, in English
 * ("Paperback · €12.99") and in German ("Paperback · 12,99 €"), with the languages marked original,
 * and as the chosen edition's price fact. Nothing of our API is mocked; the edition is put back as
 * the catalogue has it afterwards, also after a failed run.
 */
import { expect as baseExpect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });

const SEARCH = 'Leibowitz';
const GERMAN_TITLE = 'Lobgesang auf Leibowitz';

type StoredEdition = Record<string, unknown> & { id: number; title: string; languageCode: string };

async function signInAsAdmin(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { email: 'admin@phantastika.local', password: 'Phantastika-Admin-2026!' } });
  expect(login.ok(), await login.text()).toBe(true);
}

async function bookId(request: APIRequestContext): Promise<number> {
  const answer = await request.get(`/api/books/search?q=${SEARCH}`);
  const found = ((await answer.json()) as { data: { id: number; slug: string }[] }).data.find((book) => book.slug === 'a-canticle-for-leibowitz');
  expect(found, 'A Canticle for Leibowitz in the catalogue').toBeDefined();
  return found!.id;
}

/** The German edition as the editions manager reads it (signed in: live, with its version). */
async function germanEdition(request: APIRequestContext): Promise<StoredEdition> {
  const answer = await request.get(`/api/books/${await bookId(request)}/editions`);
  expect(answer.ok(), await answer.text()).toBe(true);
  const german = ((await answer.json()) as { data: StoredEdition[] }).data.find((edition) => edition.title === GERMAN_TITLE);
  expect(german, 'its German edition').toBeDefined();
  return german!;
}

/** Writes the edition's fields as they were (a full PATCH: what is left out becomes empty). */
async function restore(request: APIRequestContext, edition: StoredEdition): Promise<void> {
  const { id, bookId: _book, version: _version, ...fields } = edition;
  const body = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
  const answer = await request.patch(`/api/editions/${id}`, { data: body });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** Opens the book's pop-up from the search page of `locale`; returns the pop-up. */
async function openPopup(page: Page, locale: 'en' | 'de') {
  await page.goto(`/${locale}/search?q=${SEARCH}`);
  const result = page.getByRole('main').getByRole('link', { name: locale === 'de' ? /^Lobgesang auf Leibowitz/ : /^A Canticle for Leibowitz/ }).first();
  await result.hover();
  await result.click();
  const popup = page.getByRole('dialog');
  await expect(popup).toBeVisible();
  return popup;
}

/** Intl writes a no-break space between number and sign; the page shows it as a space. */
const spaced = (text: string) => text.replace(/ /g, '[\\s\\u00a0]');

let original: StoredEdition | null = null;

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page.request);
  original = await germanEdition(page.request);
  // A failed earlier run may have left its price: start from the catalogue's edition.
  if (original.price !== null || original.bindingType !== null) {
    await restore(page.request, { ...original, price: null, currency: null, bindingType: null });
    original = await germanEdition(page.request);
  }
});

test.afterEach(async ({ page }) => {
  if (original) await restore(page.request, { ...(await germanEdition(page.request)), ...original, version: undefined });
});

async function readerSees(browser: Browser, locale: 'en' | 'de', expected: { option: RegExp; original: RegExp; priceLabel: string; price: RegExp }): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  const popup = await openPopup(page, locale);
  const texts = locale === 'de' ? de : en;
  const selector = popup.getByRole('combobox', { name: texts['reader.editions.label'] });
  await expect(selector.getByRole('option', { name: expected.option })).toHaveCount(1);
  await expect(selector.getByRole('option', { name: expected.original })).toHaveCount(1);
  // Choosing the priced edition shows its price among the facts.
  const value = await selector.getByRole('option', { name: expected.option }).getAttribute('value');
  await selector.selectOption(value!);
  const facts = popup.getByRole('definition').filter({ hasText: expected.price });
  await expect(facts).toHaveCount(1);
  await expect(popup.getByRole('term').filter({ hasText: expected.priceLabel })).toHaveCount(1);
  expect(problems).toEqual([]);
  await context.close();
}

test('an editor sets an edition price in German; a reader sees it in English and in German', async ({ page, browser }) => {
  // --- The editor, in German: the pop-up's edition-management button, edit the German edition.
  const popup = await openPopup(page, 'de');
  await popup.getByRole('button', { name: de['reader.editions.manage'] }).click();
  const manager = page.getByRole('dialog', { name: de['editorial.editions.title'] });
  const card = manager.getByRole('article', { name: GERMAN_TITLE, exact: true });
  await card.getByRole('button', { name: de['editorial.editions.edit'] }).click();
  const form = manager.getByRole('form', { name: de['editorial.editions.form.editTitle'] });
  const price = form.getByLabel(de['editorial.editions.form.price']);
  const currency = form.getByLabel(de['editorial.editions.form.currency'], { exact: true });
  await expect(price).toHaveValue('');
  await expect(currency).toHaveValue('EUR');

  // A price the API refuses is named at its field, in German.
  await price.fill('12,999');
  await form.getByRole('button', { name: de['editorial.editions.form.save'] }).click();
  await expect(price).toBeFocused();
  await expect(price).toHaveAccessibleDescription(new RegExp(de['validation.edition.price'].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));

  await price.fill('12,99');
  await form.getByLabel(de['editorial.editions.form.bindingType']).selectOption('paperback');
  await form.getByRole('button', { name: de['editorial.editions.form.save'] }).click();
  await expect(manager.getByRole('status').filter({ hasText: de['editorial.editions.updated'].replace('{title}', GERMAN_TITLE) })).toHaveCount(1);
  await expect(card).toContainText(new RegExp(`${de['book.editions.price']}\\s*${spaced('12,99 €')}`));
  const stored = await germanEdition(page.request);
  expect(stored).toMatchObject({ price: 12.99, currency: 'EUR', bindingType: 'paperback' });
  await manager.getByRole('button', { name: de['editorial.editions.close'] }).click();
  // The editor's pop-up follows at once.
  await expect(popup.getByRole('combobox', { name: de['reader.editions.label'] }).getByRole('option', { name: new RegExp(`Paperback · ${spaced('12,99 €')}`) })).toHaveCount(1);

  // --- A signed-out reader, in English and in German.
  await readerSees(browser, 'en', {
    option: new RegExp(`^${GERMAN_TITLE} · German · Paperback · €12\\.99`),
    original: /^A Canticle for Leibowitz · English · Original language/,
    priceLabel: en['book.editions.price'],
    price: /^€12\.99$/,
  });
  await readerSees(browser, 'de', {
    option: new RegExp(`^${GERMAN_TITLE} · Deutsch · Paperback · ${spaced('12,99 €')}`),
    original: /^A Canticle for Leibowitz · Englisch · Originalsprache/,
    priceLabel: de['book.editions.price'],
    price: new RegExp(`^${spaced('12,99 €')}$`),
  });
});
