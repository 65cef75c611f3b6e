/**
 * The editions manager in the browser (issue 13 point 2), in German, as a super user: opened from the
 * book pop-up's edition-management button as a dialog over the pop-up; add an edition (with the
 * form's defaults, 'original' taken, the language name set by the language, the spec's validation
 * messages), edit it, make it the main edition (the spec's confirmation), have the server refuse to
 * delete the main edition ('Fehler: ' and the spec's text), delete it (its button disabled while the
 * delete runs), and the pop-up's edition selector following each change without a rebuild. Axe finds
 * nothing on the open manager. The empty state cannot be reached here: every book of the catalogue
 * has a main edition, which cannot be deleted (the unit tests cover it).
 *
 * One page, one test, the flows in order; nothing of our API is mocked. The book is '334' (one
 * edition, the original): the edition added here is removed again, also after a failed run.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type APIRequestContext, type Dialog, type Locator, type Page } from '@playwright/test';
import de from '../../locales/de.json' with { type: 'json' };

const text = (key: keyof typeof de) => de[key];
const fillIn = (template: string, params: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });

const BOOK = '334';
const PREFIX = 'E2E-Edition';
const TITLE = `${PREFIX} Die Stadt 334`;

type EditionRow = { id: number; title: string; isPrimaryEdition: boolean };

async function signInAsAdmin(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { email: 'admin@phantastika.local', password: 'Phantastika-Admin-2026!' } });
  expect(login.ok(), await login.text()).toBe(true);
}

/**
 * The book's id: its slug '334' is all digits, so in an API path it would name the book with id 334
 * (an id reference wins, src/domain/schemas/refs.ts); the search answers with the id.
 */
async function bookId(request: APIRequestContext): Promise<number> {
  const answer = await request.get(`/api/books/search?q=${BOOK}`);
  const found = ((await answer.json()) as { data: { id: number; slug: string }[] }).data.find((book) => book.slug === BOOK);
  expect(found, 'the book 334 in the catalogue').toBeDefined();
  return found!.id;
}

async function editionsOf(request: APIRequestContext): Promise<EditionRow[]> {
  const answer = await request.get(`/api/books/${await bookId(request)}/editions`);
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: EditionRow[] }).data;
}

/** Leaves the book as the catalogue has it: its own edition the main one, nothing of this test. */
async function restoreBook(request: APIRequestContext): Promise<void> {
  let editions = await editionsOf(request);
  const own = editions.find((e) => !e.title.startsWith(PREFIX));
  if (own && !own.isPrimaryEdition) await request.patch(`/api/editions/${own.id}`, { data: { isPrimaryEdition: true } });
  editions = await editionsOf(request);
  for (const edition of editions.filter((e) => e.title.startsWith(PREFIX))) {
    const removed = await request.delete(`/api/editions/${edition.id}`);
    expect(removed.status(), await removed.text()).toBe(204);
  }
}

/** Console errors and uncaught exceptions; the one refusal the test provokes (a 409) is expected. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 409/.test(message.text())) problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/** Answers the next confirm() after checking its text (spec §4, §8 confirmations). */
function confirmNext(page: Page, message: string): Promise<void> {
  return new Promise((resolve, reject) => {
    page.once('dialog', (dialog: Dialog) => {
      const seen = dialog.message();
      void dialog.accept().then(() => (seen === message ? resolve() : reject(new Error(`confirm said ${JSON.stringify(seen)}`))));
    });
  });
}

const card = (manager: Locator, title: string) => manager.getByRole('article', { name: title, exact: true });
/** The card's 'Hauptausgabe' badge (exactly that text: the promote button says more). */
const mainBadge = (article: Locator) => article.getByText(text('book.editions.primary'), { exact: true });

async function axeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('.editions-manager-dialog').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page.request);
  await restoreBook(page.request);
});

test.afterEach(async ({ page }) => {
  await restoreBook(page.request);
});

test('a super user manages the editions of a book from its pop-up, in German', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(`/de/search?q=${BOOK}`);
  const result = page.getByRole('main').getByRole('link', { name: /^334\b/ }).first();
  await result.hover();
  await result.click();
  const popup = page.getByRole('dialog', { name: BOOK });
  await expect(popup).toBeVisible();
  const selector = popup.getByRole('combobox', { name: text('reader.editions.label') });
  await expect(selector.getByRole('option')).toHaveCount(1);

  // --- Open: a dialog over the pop-up, the keyboard on its heading, Tab kept inside.
  const manage = popup.getByRole('button', { name: text('reader.editions.manage') });
  await manage.click();
  const manager = page.getByRole('dialog', { name: text('editorial.editions.title') });
  await expect(manager.getByRole('heading', { level: 2, name: text('editorial.editions.title') })).toBeFocused();
  const list = manager.getByRole('list', { name: text('editorial.editions.list') });
  await expect(list.getByRole('article')).toHaveCount(1);
  const own = card(manager, BOOK);
  await expect(own).toContainText(text('edition.type.original'));
  await expect(mainBadge(own)).toBeVisible();
  await expect(own.getByRole('button', { name: text('editorial.editions.edit') })).toBeVisible();
  await expect(own.getByRole('button', { name: text('editorial.editions.makePrimary') })).toHaveCount(0);
  await expect(own.getByRole('button', { name: text('editorial.editions.delete') })).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('dialog')?.className)).toBe('editions-manager-dialog');
  await axeClean(page);

  // --- Add: the defaults, 'original' taken, the validation messages, the language name.
  await manager.getByRole('button', { name: text('editorial.editions.new') }).click();
  const form = manager.getByRole('form', { name: text('editorial.editions.new') });
  await expect(form.getByRole('heading', { name: text('editorial.editions.new') })).toBeFocused();
  const type = form.getByLabel(text('editorial.editions.form.editionType'));
  await expect(type).toHaveValue('revised');
  await expect(type.getByRole('option', { name: fillIn(text('editorial.editions.form.originalTaken'), { type: text('edition.type.original') }) })).toBeDisabled();
  await expect(form.getByLabel(text('editorial.editions.form.formatType'))).toHaveValue('physical');
  await expect(form.getByLabel(text('editorial.editions.form.bindingType'))).toHaveValue('paperback');
  const language = form.getByRole('combobox', { name: text('editorial.editions.form.languageCode'), exact: true });
  const languageName = form.getByLabel(text('editorial.editions.form.languageName'));
  await expect(language).toHaveValue('de');
  await expect(languageName).toHaveValue('Deutsch');
  await expect(form.getByLabel(text('editorial.editions.form.isOriginalLanguage'))).toBeChecked();
  await expect(form.getByLabel(text('editorial.editions.form.isPrimaryEdition'))).not.toBeChecked();

  const year = form.getByLabel(text('editorial.editions.form.publicationYear'));
  const pages = form.getByLabel(text('editorial.editions.form.pages'));
  await year.fill('1700');
  await pages.fill('0');
  const create = form.getByRole('button', { name: text('editorial.editions.form.create') });
  await create.click();
  const title = form.getByLabel(text('editorial.editions.form.title'));
  await expect(title).toBeFocused();
  await expect(title).toHaveAccessibleDescription(text('validation.edition.title'));
  await expect(year).toHaveAccessibleDescription(fillIn(text('validation.edition.year'), { max: new Date().getUTCFullYear() + 5 }));
  await expect(pages).toHaveAccessibleDescription(text('validation.edition.pages'));
  await axeClean(page);

  await title.fill(TITLE);
  await year.fill('1980');
  await pages.fill('320');
  await form.getByLabel(text('editorial.editions.form.publisher')).fill('Heyne');
  await language.selectOption('it');
  await expect(languageName).toHaveValue('Italiano');
  await language.selectOption('de');
  await expect(languageName).toHaveValue('Deutsch');
  await form.getByLabel(text('editorial.editions.form.isOriginalLanguage')).uncheck();
  await create.click();
  // Spec §4: a successful create returns to the list.
  // The editions manager's own announcement (the form's image field has a live region of its own).
  await expect(manager.getByRole('status').filter({ hasText: fillIn(text('editorial.editions.created'), { title: TITLE }) })).toHaveCount(1);
  const added = card(manager, TITLE);
  await expect(added).toContainText(text('edition.type.revised'));
  await expect(added).toContainText('Heyne');
  await expect(added).toContainText('1980');
  await expect(added).toContainText('320');
  await expect(added).toContainText('Deutsch (de)');
  await expect(added).toContainText(text('edition.binding.paperback'));
  await expect(mainBadge(added)).toHaveCount(0);

  // Escape closes the manager only; the focus goes back to its button; the pop-up shows the new edition.
  await page.keyboard.press('Escape');
  await expect(manager).toBeHidden();
  await expect(popup).toBeVisible();
  await expect(manage).toBeFocused();
  await expect(selector.getByRole('option')).toHaveCount(2);
  await expect(selector.getByRole('option', { name: new RegExp(`^${TITLE}`) })).toHaveCount(1);

  // --- Edit: the form holds the edition's values; cancel and back return to the list.
  await manage.click();
  await card(manager, TITLE).getByRole('button', { name: text('editorial.editions.edit') }).click();
  const editForm = manager.getByRole('form', { name: text('editorial.editions.form.editTitle') });
  await expect(editForm.getByLabel(text('editorial.editions.form.title'))).toHaveValue(TITLE);
  await editForm.getByRole('button', { name: text('editorial.editions.form.cancel') }).click();
  await expect(list).toBeVisible();
  await card(manager, TITLE).getByRole('button', { name: text('editorial.editions.edit') }).click();
  await editForm.getByRole('button', { name: text('editorial.editions.form.back') }).click();
  await expect(list).toBeVisible();
  await card(manager, TITLE).getByRole('button', { name: text('editorial.editions.edit') }).click();
  await expect(editForm.getByLabel(text('editorial.editions.form.publisher'))).toHaveValue('Heyne');
  await editForm.getByLabel(text('editorial.editions.form.publisher')).fill('Goldmann');
  await editForm.getByLabel(text('editorial.editions.form.bindingType')).selectOption('hardcover');
  await editForm.getByRole('button', { name: text('editorial.editions.form.save') }).click();
  // The editions manager's own announcement (the form's image field has a live region of its own).
  await expect(manager.getByRole('status').filter({ hasText: fillIn(text('editorial.editions.updated'), { title: TITLE }) })).toHaveCount(1);
  await expect(card(manager, TITLE)).toContainText('Goldmann');
  await expect(card(manager, TITLE)).toContainText(text('edition.binding.hardcover'));

  // --- Promote, after the spec's confirmation; the old main edition becomes deletable.
  const confirmed = confirmNext(page, text('editorial.editions.confirmPrimary'));
  await card(manager, TITLE).getByRole('button', { name: text('editorial.editions.makePrimary') }).click();
  await confirmed;
  await expect(mainBadge(card(manager, TITLE))).toBeVisible();
  await expect(mainBadge(card(manager, BOOK))).toHaveCount(0);
  await expect(card(manager, TITLE).getByRole('button', { name: text('editorial.editions.delete') })).toHaveCount(0);
  await expect(card(manager, BOOK).getByRole('button', { name: text('editorial.editions.delete') })).toBeVisible();
  // The editions manager's own announcement (the form's image field has a live region of its own).
  await expect(manager.getByRole('status').filter({ hasText: fillIn(text('editorial.editions.promoted'), { title: TITLE }) })).toHaveCount(1);

  // --- The server refuses to delete the main edition: another editor made '334' the main one again
  // meanwhile, so the list here is stale and still offers its delete.
  const own334 = (await editionsOf(page.request)).find((e) => e.title === BOOK)!;
  expect((await page.request.patch(`/api/editions/${own334.id}`, { data: { isPrimaryEdition: true } })).ok()).toBe(true);
  const refusedConfirm = confirmNext(page, text('editorial.editions.confirmDelete'));
  await card(manager, BOOK).getByRole('button', { name: text('editorial.editions.delete') }).click();
  await refusedConfirm;
  // The delete names the version the list showed (issue 27 point 4): the server refuses it as stale.
  await expect(manager.getByRole('alert')).toHaveText(`${fillIn(text('editorial.editions.error'), { message: '' })}${text('api.error.staleVersion')}`);
  // The list is read again: '334' is the main edition, and nothing was deleted.
  await expect(mainBadge(card(manager, BOOK))).toBeVisible();
  await expect(card(manager, BOOK).getByRole('button', { name: text('editorial.editions.delete') })).toHaveCount(0);
  await expect(list.getByRole('article')).toHaveCount(2);

  // --- Delete, after the spec's confirmation; its button is disabled while the delete runs.
  let releaseDelete: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (releaseDelete = resolve));
  await page.route('**/api/editions/*', async (route) => {
    if (route.request().method() === 'DELETE') await held;
    await route.continue();
  });
  const deleteConfirm = confirmNext(page, text('editorial.editions.confirmDelete'));
  const remove = card(manager, TITLE).getByRole('button', { name: text('editorial.editions.delete') });
  await remove.click();
  await deleteConfirm;
  await expect(remove).toBeDisabled();
  releaseDelete();
  // The editions manager's own announcement (the form's image field has a live region of its own).
  await expect(manager.getByRole('status').filter({ hasText: fillIn(text('editorial.editions.deleted'), { title: TITLE }) })).toHaveCount(1);
  await expect(list.getByRole('article')).toHaveCount(1);
  await expect(manager.getByRole('alert')).toHaveCount(0);
  await page.unroute('**/api/editions/*');

  // --- Close: the pop-up's selector is back to the one edition.
  await manager.getByRole('button', { name: text('editorial.editions.close') }).click();
  await expect(manager).toBeHidden();
  await expect(manage).toBeFocused();
  await expect(selector.getByRole('option')).toHaveCount(1);
  expect(problems).toEqual([]);
});
