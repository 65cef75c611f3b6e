/**
 * Readers in the browser (issue 12 point 12): the book pop-up opened from list, series and author
 * cards in en, de and it without leaving the page; the edition switch in place (Dune ↔ Der
 * Wüstenplanet); rating, the reading list and its status; writing, editing and deleting a review on
 * the book page's reviews tab and seeing it in the pop-up; the sign-in prompt of signed-out readers;
 * the dialog by keyboard only; axe on the open pop-up and the reviews tab; no console errors.
 *
 * Against `npm start` (real pages, functions, database): nothing of our API is mocked. Readers are
 * registered through the API, confirmed by their mailed link and signed in through the API, which
 * sets the session and hint cookies in the browser context as the login form does.
 * Labels come from locales/*.json, so a changed text changes the test with it.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { axeBuilder } from '../support/axe.ts';
import { choose, exactText, fillIn, firstCardLink, openPopup, signIn, text, watchConsole, type Key, type Locale } from '../support/e2e-readers.ts';

// A shared two-core machine: answers get time, and whole flows more than the default 30 s.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

test.describe('the book pop-up', () => {
  for (const locale of ['en', 'de', 'it'] as const) {
    test(`${locale}: opens from a card of the books list without leaving the page, with the spec's contents`, async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(`/${locale}/books`);
      const link = firstCardLink(page);
      const title = (await link.innerText()).trim();
      const href = await link.getAttribute('href');
      const slug = href!.split('/').pop();
      const listUrl = page.url();

      const dialog = await openPopup(page, link);
      await expect(page).toHaveURL(listUrl);
      await expect(dialog).toHaveAccessibleName(title);
      await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(title);

      // Spec §2: add to reading list, affiliate buy button with its disclosure, own rating stars.
      await expect(dialog.getByRole('button', { name: text(locale, 'reader.list.add') })).toBeVisible();
      const buy = dialog.getByRole('link', { name: new RegExp(`^${text(locale, 'reader.buy.button')}`) });
      await expect(buy).toHaveAttribute('rel', 'sponsored noopener');
      await expect(buy).toHaveAttribute('target', '_blank');
      await expect(buy).toHaveAttribute('href', /^https:\/\/www\.amazon\.de\//);
      await expect(buy).toHaveAccessibleDescription(text(locale, 'reader.buy.disclosure'));
      await expect(dialog.getByRole('radiogroup', { name: text(locale, 'reader.rating.label') })).toBeVisible();
      // Synopsis, reviews and the write-review link to the book page's reviews tab.
      await expect(dialog.getByRole('heading', { name: text(locale, 'book.synopsis.title') })).toBeVisible();
      await expect(dialog.getByRole('heading', { name: text(locale, 'book.reviews.title') })).toBeVisible();
      await expect(dialog.getByRole('link', { name: text(locale, 'reader.reviews.write') })).toHaveAttribute('href', `/${locale}/books/${slug}?tab=reviews`);
      await expect(dialog.getByRole('link', { name: text(locale, 'reader.popup.openPage') })).toHaveAttribute('href', `/${locale}/books/${slug}`);
      // Genre chips filter the list by the genre's name (spec §2 /genres?genre={name}).
      const chips = dialog.getByRole('list', { name: text(locale, 'book.genres') }).getByRole('link');
      if ((await chips.count()) > 0) await expect(chips.first()).toHaveAttribute('href', new RegExp(`^/${locale}/genres\\?genre=`));

      await dialog.getByRole('button', { name: text(locale, 'reader.popup.close') }).click();
      await expect(dialog).toBeHidden();
      await expect(link).toBeFocused();
      expect(problems).toEqual([]);
    });
  }

  test('cards that "load more" added open the pop-up as well', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/en/books');
    const main = page.getByRole('main');
    const loadMore = main.getByRole('button', { name: text('en', 'list.loadMore') });
    // The list's controls wait for the list to hydrate (on intent, ADR 0008).
    await loadMore.hover();
    await expect(loadMore).toBeEnabled();
    await loadMore.click();
    await expect(main.getByRole('article')).toHaveCount(48);
    const link = main.getByRole('article').nth(30).getByRole('heading').getByRole('link');
    const title = (await link.innerText()).trim();
    const dialog = await openPopup(page, link);
    await expect(dialog).toHaveAccessibleName(title);
    expect(problems).toEqual([]);
  });

  test('a card stays a link: Ctrl+click opens the book page in a new tab, not the pop-up', async ({ page, context }) => {
    const problems = watchConsole(page);
    await page.goto('/en/books');
    const link = firstCardLink(page);
    await link.hover();
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click({ modifiers: ['ControlOrMeta'] })]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(await link.getAttribute('href'));
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await tab.close();
    expect(problems).toEqual([]);
  });

  test('switches the edition in place: Dune in English and German (from an author page card)', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/en/authors/frank-herbert');
    const dialog = await openPopup(page, page.getByRole('main').getByRole('heading', { name: 'Dune', exact: true }).getByRole('link'));
    await expect(dialog).toHaveAccessibleName('Dune');
    const facts = dialog.getByRole('definition');

    const edition = dialog.getByLabel(text('en', 'reader.editions.label'));
    const german = await edition.locator('option', { hasText: 'Der Wüstenplanet' }).first().getAttribute('value');
    const english = await edition.locator('option', { hasText: /^Dune/ }).first().getAttribute('value');
    await edition.selectOption(german!);
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('Der Wüstenplanet');
    await expect(dialog).toHaveAccessibleName('Der Wüstenplanet');
    await expect(facts.filter({ hasText: 'German' })).toHaveCount(1);
    const germanLink = await dialog.getByRole('link', { name: new RegExp(`^${text('en', 'reader.buy.button')}`) }).getAttribute('href');

    await edition.selectOption(english!);
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('Dune');
    await expect(facts.filter({ hasText: 'English' })).toHaveCount(1);
    // The buy link follows the edition (its ISBN or title).
    expect(await dialog.getByRole('link', { name: new RegExp(`^${text('en', 'reader.buy.button')}`) }).getAttribute('href')).not.toBe(germanLink);

    // In German the auto-choice picks the German edition (spec §4: interface language).
    await page.goto('/de/authors/frank-herbert');
    const germanDialog = await openPopup(page, page.getByRole('main').getByRole('link', { name: 'Der Wüstenplanet', exact: true }).first());
    await expect(germanDialog.getByRole('heading', { level: 2 })).toHaveText('Der Wüstenplanet');
    expect(problems).toEqual([]);
  });

  test('signed out: the sign-in prompt closes the pop-up and goes to /login and back', async ({ page }) => {
    const problems = watchConsole(page);
    const writes: string[] = [];
    page.on('request', (request) => {
      // Reader writes only: the page's analytics events (issue 14) are no write of the reader's.
      const path = new URL(request.url()).pathname;
      if (request.method() !== 'GET' && path.startsWith('/api/') && path !== '/api/analytics/event') writes.push(request.url());
    });
    await page.goto('/de/books');
    const dialog = await openPopup(page, firstCardLink(page));

    await dialog.getByRole('button', { name: text('de', 'reader.list.add') }).click();
    const prompt = dialog.getByRole('alert').filter({ hasText: text('de', 'reader.signIn.required') });
    await expect(prompt).toBeVisible();
    await choose(dialog.getByRole('radio', { name: fillIn(text('de', 'reader.rating.star_other'), { count: 4 }) }));
    await expect(prompt).toBeVisible();
    expect(writes).toEqual([]);

    await prompt.getByRole('link', { name: text('de', 'reader.signIn.link') }).click();
    await expect(page).toHaveURL(/\/de\/login\?next=%2Fde%2Fbooks$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('keyboard only: Enter opens, Tab stays inside, Escape closes, focus returns to the card', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/it/books');
    const link = firstCardLink(page);
    await link.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(dialog.getByRole('button', { name: text('it', 'reader.popup.close') })).toBeFocused();
    // The page behind does not scroll.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');

    const inside = () => page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));
    for (let step = 0; step < 40; step++) {
      await page.keyboard.press('Tab');
      expect(await inside(), `focus left the dialog after ${step + 1} Tab presses`).toBe(true);
    }
    for (let step = 0; step < 5; step++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    expect(problems).toEqual([]);
  });
});

test('super users see the edition selector even with one edition, and the edition-management button (from a search result)', async ({ page }) => {
  const problems = watchConsole(page);
  // '334' has a single edition: a reader sees no selector (spec §8 "renders nothing with fewer than two editions").
  await page.goto('/en/search?q=334');
  const result = page.getByRole('main').getByRole('link', { name: /^334\b/ }).first();
  let dialog = await openPopup(page, result);
  await expect(dialog.getByRole('combobox', { name: text('en', 'reader.editions.label') })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: text('en', 'reader.editions.manage') })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const login = await page.request.post('/api/auth/login', { data: { email: 'admin@phantastika.local', password: 'Phantastika-Admin-2026!' } });
  expect(login.ok(), await login.text()).toBe(true);
  await page.goto('/en/search?q=334');
  dialog = await openPopup(page, result);
  await expect(dialog.getByRole('combobox', { name: text('en', 'reader.editions.label') })).toBeVisible();
  // It opens the editions manager (issue 13; its flows: editions-manager.spec.ts).
  await expect(dialog.getByRole('button', { name: text('en', 'reader.editions.manage') })).toHaveAttribute('aria-haspopup', 'dialog');
  expect(problems).toEqual([]);
});

test.describe('a signed-in reader', () => {
  // What a reader leaves in the shared e2e database goes again, also when a step failed: other specs
  // read Dune's and Frank Herbert's ratings from the static pages of the next build.
  test.afterEach(async ({ page }) => {
    const data = await page.request.get('/api/books/dune/modal-data');
    const bookId = data.ok() ? ((await data.json()) as { data: { book: { id: number } } }).data.book.id : null;
    await page.request.delete('/api/books/dune/ratings');
    if (bookId !== null) await page.request.delete(`/api/reading-list/${bookId}`);
    await page.request.delete('/api/authors/frank-herbert/reviews');
  });

  test('rates, keeps a reading list, writes a review and sees it on the reviews tab and in the pop-up', async ({ page }) => {
    const problems = watchConsole(page);
    await signIn(page, 'flow');
    const t = (key: Key) => text('en', key);

    // From a series page card.
    await page.goto('/en/series/dune-chronicles');
    const card = page.getByRole('main').getByRole('heading', { name: 'Dune', exact: true }).getByRole('link');
    let dialog = await openPopup(page, card);

    // Reading list: add (to read), then change the status.
    await dialog.getByRole('button', { name: t('reader.list.add') }).click();
    await expect(dialog.getByRole('status').filter({ hasText: t('reader.list.added') })).toBeVisible();
    const statuses = dialog.getByRole('group', { name: t('reader.list.statusLabel') });
    await expect(statuses.getByRole('button', { name: t('reader.list.status.toRead') })).toHaveAttribute('aria-pressed', 'true');
    await statuses.getByRole('button', { name: t('reader.list.status.reading') }).click();
    await expect(dialog.getByRole('status').filter({ hasText: t('reader.list.updated') })).toBeVisible();
    await expect(statuses.getByRole('button', { name: t('reader.list.status.reading') })).toHaveAttribute('aria-pressed', 'true');

    // Rating: saved at once, thanked, and still there after the refresh (spec §7).
    const stars = dialog.getByRole('radiogroup', { name: t('reader.rating.label') });
    await choose(stars.getByRole('radio', { name: fillIn(t('reader.rating.star_other'), { count: 4 }) }));
    await expect(dialog.getByRole('status').filter({ hasText: t('reader.rating.saved') })).toBeVisible();
    await expect(stars.getByRole('radio', { name: fillIn(t('reader.rating.star_other'), { count: 4 }) })).toBeChecked();

    // The write-review link leads to the reviews tab, where the hero shows the same state.
    await dialog.getByRole('link', { name: t('reader.reviews.write') }).click();
    await expect(page).toHaveURL(/\/en\/books\/dune\?tab=reviews$/);
    const hero = page.getByRole('group', { name: t('reader.actions.label') });
    await expect(hero.getByRole('radio', { name: fillIn(t('reader.rating.star_other'), { count: 4 }) })).toBeChecked();
    await expect(hero.getByRole('button', { name: t('reader.list.status.reading') })).toHaveAttribute('aria-pressed', 'true');

    const panel = page.getByRole('tabpanel', { name: t('book.tabs.reviews') });
    await panel.getByRole('button', { name: t('reader.reviews.write') }).click();
    const form = panel.getByRole('form', { name: t('reader.reviews.yours') });
    await choose(form.getByRole('radio', { name: fillIn(t('reader.rating.star_other'), { count: 5 }) }));
    const review = `Spice and sand.\n\n<b>Not bold</b> & "quoted" – line three ${Date.now()}`;
    await form.getByLabel(t('reader.reviews.text')).fill(review);
    await expect(form.getByText(fillIn(t('reader.reviews.count'), { used: review.length, max: '5,000' }))).toBeVisible();
    await form.getByRole('button', { name: t('reader.reviews.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('reader.reviews.saved') })).toBeVisible();

    // Shown as typed: escaped (no <b> element), line breaks kept; the hero's stars follow the review's.
    const mine = panel.getByRole('listitem').filter({ hasText: 'Spice and sand.' }).first();
    expect(await exactText(mine.getByRole('paragraph').filter({ hasText: 'Spice and sand.' }))).toBe(review);
    await expect(mine.locator('b')).toHaveCount(0);
    await expect(hero.getByRole('radio', { name: fillIn(t('reader.rating.star_other'), { count: 5 }) })).toBeChecked();

    // Back to a list: the pop-up shows the newest reviews, ours among them.
    await page.goto('/en/series/dune-chronicles');
    dialog = await openPopup(page, page.getByRole('main').getByRole('heading', { name: 'Dune', exact: true }).getByRole('link'));
    const inPopup = dialog.getByRole('listitem').filter({ hasText: 'Spice and sand.' }).getByRole('paragraph').filter({ hasText: 'Spice and sand.' });
    expect(await exactText(inPopup)).toBe(review);
    await expect(dialog.getByRole('button', { name: t('reader.list.status.reading') })).toHaveAttribute('aria-pressed', 'true');

    // Remove from the list again.
    await dialog.getByRole('button', { name: t('reader.list.remove') }).click();
    await expect(dialog.getByRole('status').filter({ hasText: t('reader.list.removed') })).toBeVisible();
    await expect(dialog.getByRole('button', { name: t('reader.list.add') })).toBeFocused();
    await page.keyboard.press('Escape');

    // Edit, then delete the review on the reviews tab.
    await page.goto('/en/books/dune?tab=reviews');
    await panel.getByRole('button', { name: t('reader.reviews.edit') }).click();
    // The form opens with the review in it (issue 29 point 4).
    const editForm = panel.getByRole('form', { name: t('reader.reviews.editYours') });
    await expect(editForm.getByLabel(t('reader.reviews.text'))).toHaveValue(review);
    await editForm.getByLabel(t('reader.reviews.text')).fill('Edited: still spice.');
    await editForm.getByRole('button', { name: t('reader.reviews.save') }).click();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Edited: still spice.' })).toBeVisible();
    await panel.getByRole('button', { name: t('reader.reviews.delete') }).click();
    await panel.getByRole('button', { name: t('reader.reviews.confirmDelete') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('reader.reviews.deleted') })).toBeVisible();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Edited: still spice.' })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: t('reader.reviews.write') })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('writes and removes a review of an author', async ({ page }) => {
    const problems = watchConsole(page);
    await signIn(page, 'author', 'de');
    const t = (key: Key) => text('de', key);
    await page.goto('/de/authors/frank-herbert');
    const section = page.getByRole('region', { name: t('book.reviews.title') });
    await section.hover();
    await section.getByRole('button', { name: t('reader.reviews.write') }).click();
    const form = section.getByRole('form', { name: t('reader.reviews.yours') });
    // An author review needs a rating (spec §5).
    await form.getByRole('button', { name: t('reader.reviews.save') }).click();
    await expect(form.getByRole('alert')).toHaveText(t('reader.reviews.ratingRequired'));
    await choose(form.getByRole('radio', { name: fillIn(t('reader.rating.star_other'), { count: 3 }) }));
    await form.getByLabel(t('reader.reviews.text')).fill('Ein Klassiker.\nZweite Zeile.');
    await form.getByRole('button', { name: t('reader.reviews.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('reader.reviews.saved') })).toBeVisible();
    const mine = section.getByRole('listitem').filter({ hasText: 'Ein Klassiker.' }).first();
    expect(await exactText(mine.getByRole('paragraph').filter({ hasText: 'Ein Klassiker.' }))).toBe('Ein Klassiker.\nZweite Zeile.');
    await section.getByRole('button', { name: t('reader.reviews.delete') }).click();
    await section.getByRole('button', { name: t('reader.reviews.confirmDelete') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('reader.reviews.deleted') })).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe('accessibility (axe)', () => {
  const violations = async (builder: ReturnType<typeof axeBuilder>) =>
    (await builder.analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

  test('the open pop-up has no axe violations', async ({ page }) => {
    await page.goto('/de/authors/frank-herbert');
    const dialog = await openPopup(page, page.getByRole('main').getByRole('link', { name: 'Der Wüstenplanet', exact: true }).first());
    await dialog.getByRole('button', { name: text('de', 'reader.list.add') }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: text('de', 'reader.signIn.required') })).toBeVisible();
    expect(await violations(axeBuilder(page).include('dialog[open]'))).toEqual([]);
  });

  test('the reviews tab has no axe violations, with the review form open', async ({ page }) => {
    await signIn(page, 'axe');
    await page.goto('/en/books/dune?tab=reviews');
    const panel = page.getByRole('tabpanel', { name: text('en', 'book.tabs.reviews') });
    await expect(panel.getByRole('status').filter({ hasText: /\S/ })).toBeVisible();
    expect(await violations(axeBuilder(page))).toEqual([]);
    await panel.getByRole('button', { name: text('en', 'reader.reviews.write') }).click();
    await expect(panel.getByRole('form', { name: text('en', 'reader.reviews.yours') })).toBeVisible();
    expect(await violations(axeBuilder(page))).toEqual([]);
  });
});
