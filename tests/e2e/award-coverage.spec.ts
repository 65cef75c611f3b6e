/**
 * The awards of seed revision 3 and their coverage notes (issue 29, Data): the Kurd-Laßwitz-Preis,
 * the Deutscher Science-Fiction-Preis, the Premio Italia and the Premio Urania have pages in en/de/it
 * with their names, about texts, categories, years and winners, and an award page says which years
 * are not in the catalogue yet (src/domain/award-coverage.ts) instead of looking complete. At 390 px
 * for the German page (phones), with no sideways scrolling.
 */
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const awardYear = (scope: Locator, year: number) =>
  scope.getByRole('listitem').filter({ has: scope.page().getByRole('heading', { level: 3, name: String(year), exact: true }) });

/** The section of one category on an award page, by its heading. */
const categoryList = (page: Page, name: string) => page.locator('section[data-award-list]').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

async function noSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

test.describe('German and Italian awards (seed revision 3)', () => {
  test('de at 390 px: the Kurd-Laßwitz-Preis with its categories, winners, the 1998 no-award year and the years not covered yet', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/de/awards/kurd-lasswitz');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kurd-Laßwitz-Preis');
    await expect(page.locator('main')).toContainText('Kurd Laßwitz');

    const section = categoryList(page, 'Bester deutschsprachiger SF-Roman');
    // A winner, the recorded no-award year, and the note listing the years the catalogue lacks.
    await expect(awardYear(section, 1988).getByRole('link', { name: 'Die Wolke', exact: true })).toBeVisible();
    await expect(awardYear(section, 1998).getByText('Nicht vergeben', { exact: true })).toBeVisible();
    const note = section.locator('[data-award-coverage]');
    await expect(note).toBeVisible();
    await expect(note).toContainText('Noch nicht im Katalog: 2004–2010, 2012, 2015, 2017–2018, 2022–2023.');
    await expect(note).toContainText('das heißt nicht, dass der Preis nicht vergeben wurde');
    // The years not covered are not shown as years of the list.
    await expect(awardYear(section, 2005)).toHaveCount(0);

    // The foreign-work category: Excession's 1998 win, shown by its German title on the German page.
    const foreign = categoryList(page, 'Bestes ausländisches Werk');
    await expect(awardYear(foreign, 1998).getByRole('link', { name: 'Die Spur der toten Sonne', exact: true })).toHaveAttribute('href', '/de/books/excession');
    await expect(foreign.locator('[data-award-coverage]')).toContainText('1999–2010');
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
  });

  test('it: the Premio Urania page in Italian, with the manuscript title and no false coverage note', async ({ page }) => {
    await page.goto('/it/awards/urania');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Premio Urania');
    await expect(page.locator('main')).toContainText('concorso annuale per romanzi italiani inediti');
    const list = categoryList(page, 'Romanzo italiano inedito');
    await expect(list).toBeVisible();
    await expect(awardYear(list, 1993).getByRole('link', { name: 'Nicolas Eymerich, inquisitore' })).toBeVisible();
    // 2000: published as 2038: La rivolta, entered under its manuscript title.
    await expect(awardYear(list, 2000)).toContainText('Masaniello è tornato');
    await expect(awardYear(list, 1996).getByText('Premio non assegnato', { exact: true })).toBeVisible();
    // 1989–2007 complete (1996 recorded as not awarded): no note.
    await expect(page.locator('[data-award-coverage]')).toHaveCount(0);
  });

  test('en/de/it: names of the four awards, and coverage notes only where the data has gaps', async ({ page }) => {
    const pages: [string, string, string | null][] = [
      ['/en/awards/kurd-lasswitz', 'Kurd Laßwitz Award', '2004–2010'],
      ['/de/awards/dsfp', 'Deutscher Science-Fiction-Preis', 'Noch nicht im Katalog: 1997–1999, 2001–2002, 2006–2007, 2009–2014, 2018–2020.'],
      ['/it/awards/premio-italia', 'Premio Italia', null],
      ['/en/awards/hugo', 'Hugo Award', null],
      ['/en/awards/nebula', 'Nebula Award', null],
      ['/it/awards/locus', 'Premio Locus', '2018–2022'],
    ];
    for (const [path, name, gap] of pages) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
        expect(await page.locator('section[data-award-list] .award-year').count(), path).toBeGreaterThan(5);
        const notes = page.locator('[data-award-coverage]');
        if (gap === null) await expect(notes).toHaveCount(0);
        else await expect(notes.filter({ hasText: gap })).toHaveCount(1);
      });
    }
  });
});
