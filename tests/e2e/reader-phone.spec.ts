/**
 * Issue 29 on a phone (390 px, touch), where the walk-through broke:
 * - point 4: the first tap on an author page's "Write a review" (it also hydrates the island) edits
 *   the review the reader already has, instead of an empty form that overwrote it;
 * - point 5: the pop-up shows publisher and year of the shown edition only (the German Dune had the
 *   American first edition's "Chilton Company, 1965", the Italian Left Hand of Darkness "Ace Books");
 * - point 6: German and Italian pages of a Japanese novel show the English title, the original beside
 *   it, on the book page, in the author's list and in the pop-up.
 * Against `npm start`: nothing of our API is mocked; labels come from locales/*.json.
 */
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { choose, fillIn, openPopup, signIn, text, watchConsole, type Key, type Locale } from '../support/e2e-readers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** The page is no wider than the phone. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe("the reader's own author review", () => {
  test.afterEach(async ({ page }) => {
    await page.request.delete('/api/authors/ursula-k-le-guin/reviews');
  });

  for (const locale of ['de', 'it'] as const) {
    test(`${locale}: the first tap on "Write a review" opens the reader's review to edit (point 4)`, async ({ page }) => {
      const problems = watchConsole(page);
      const t = (key: Key) => text(locale, key);
      await signIn(page, `review-edit-${locale}`, locale);
      const written = `Schon geschrieben ${Date.now()}.`;
      expect((await page.request.put('/api/authors/ursula-k-le-guin/reviews', { data: { rating: 4, review: written } })).ok()).toBe(true);

      await page.goto(`/${locale}/authors/ursula-k-le-guin`);
      const section = page.getByRole('region', { name: t('book.reviews.title') });
      // One tap on the button the page was built with: it hydrates the island and is given again.
      const write = section.getByRole('button', { name: t('reader.reviews.write') });
      await write.scrollIntoViewIfNeeded();
      const box = (await write.boundingBox())!;
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);

      const form = section.getByRole('form', { name: t('reader.reviews.editYours') });
      await expect(form).toBeVisible();
      await expect(form.getByLabel(t('reader.reviews.text'))).toHaveValue(written);
      await expect(form.getByRole('radio', { name: fillIn(t('reader.rating.star_other'), { count: 4 }) })).toBeChecked();
      await expect(form).not.toHaveAttribute('aria-busy', 'true');

      // Editing changes the one review; the stars stay.
      const edited = `${written} Ergänzt.`;
      await form.getByLabel(t('reader.reviews.text')).fill(edited);
      await form.getByRole('button', { name: t('reader.reviews.save') }).click();
      await expect(page.getByRole('status').filter({ hasText: t('reader.reviews.saved') })).toBeVisible();
      await expect(section.getByRole('listitem').filter({ hasText: written })).toHaveCount(1);
      await expect(section.getByRole('listitem').filter({ hasText: edited })).toHaveCount(1);
      const own = (await (await page.request.get('/api/authors/ursula-k-le-guin/reviews')).json()) as { data: { own: { rating: number; review: string } } };
      expect(own.data.own).toMatchObject({ rating: 4, review: edited });

      // Changing the stars in the form is kept too.
      await section.getByRole('button', { name: t('reader.reviews.edit') }).click();
      await choose(form.getByRole('radio', { name: fillIn(t('reader.rating.star_other'), { count: 5 }) }));
      await form.getByRole('button', { name: t('reader.reviews.save') }).click();
      await expect(section.getByRole('button', { name: t('reader.reviews.edit') })).toBeVisible();
      const after = (await (await page.request.get('/api/authors/ursula-k-le-guin/reviews')).json()) as { data: { own: { rating: number; review: string } } };
      expect(after.data.own).toMatchObject({ rating: 5, review: edited });
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      expect(problems).toEqual([]);
    });
  }
});

test.describe('the pop-up on a phone', () => {
  /** The pop-up's list of facts (a <dl> named by aria-label). */
  const factsOf = (dialog: Locator, locale: Locale) => dialog.getByLabel(text(locale, 'book.facts'), { exact: true });

  test('de: the German Dune shows no fact of the American first edition (point 5)', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/de/authors/frank-herbert');
    const dialog = await openPopup(page, page.getByRole('main').getByRole('link', { name: 'Der Wüstenplanet', exact: true }).first());
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('Der Wüstenplanet');
    const facts = factsOf(dialog, 'de');
    await expect(facts).toBeVisible();
    await expect(facts.getByRole('term').filter({ hasText: text('de', 'book.editions.language') })).toHaveCount(1);
    // The German edition records neither publisher nor year: none is shown, least of all Chilton's 1965.
    await expect(facts.getByRole('term').filter({ hasText: text('de', 'book.publisher') })).toHaveCount(0);
    await expect(facts.getByRole('term').filter({ hasText: text('de', 'reader.popup.published') })).toHaveCount(0);
    await expect(dialog).not.toContainText('Chilton');
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });

  test('it: the Italian Left Hand of Darkness shows its own year without the American publisher (point 5)', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/it/authors/ursula-k-le-guin');
    const dialog = await openPopup(page, page.getByRole('main').getByRole('link', { name: 'La mano sinistra delle tenebre', exact: true }).first());
    const facts = factsOf(dialog, 'it');
    await expect(facts.getByRole('definition').filter({ hasText: /^2003$/ })).toHaveCount(1);
    await expect(facts.getByRole('term').filter({ hasText: text('it', 'book.publisher') })).toHaveCount(0);
    await expect(dialog).not.toContainText('Ace Books');
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });

  for (const locale of ['de', 'it'] as const) {
    test(`${locale}: a Japanese novel is The Hole, with 穴 beside it, on its page, in lists and in the pop-up (point 6)`, async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(`/${locale}/books/the-hole`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText('The Hole');
      await expect(heading).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('main').getByText('穴', { exact: true }).first()).toBeVisible();

      await page.goto(`/${locale}/authors/hiroko-oyamada`);
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: '穴', exact: true })).toHaveCount(0);
      const dialog = await openPopup(page, main.getByRole('link', { name: 'The Hole', exact: true }).first());
      await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('The Hole');
      await expect(dialog.getByText(fillIn(text(locale, 'book.originalTitle'), { title: '穴' }))).toBeVisible();
      // The English edition's own facts.
      await expect(dialog).toContainText('New Directions');
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      expect(problems).toEqual([]);
    });
  }
});
