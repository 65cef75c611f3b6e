/**
 * Layout at the widths a visitor uses (issue 11, point 1): no sideways scrolling and an unclipped
 * navbar from 320 to 1920 px in en/de/it, the start page's search dropdown within spec §9's 500 px
 * with every group and "See all" reachable by mouse and keyboard, cover placeholders that never break
 * a word without a hyphen, and the book page's series fact and the series tabs on one line.
 *
 * Geometry is read in the page (bounding boxes, Range rects), because "fits" is the fact under test.
 * One page per test walks through the widths (setViewportSize) instead of a page per case.
 */
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';

// Generous upper bounds for a loaded 2-core machine; a passing step does not wait them out.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

type Locale = 'en' | 'de' | 'it';
const LOCALES: readonly Locale[] = ['en', 'de', 'it'];
const WIDTHS = [320, 390, 768, 800, 1024, 1280, 1920] as const;
const PAGES = ['/', '/books', '/books/dune'] as const;

const TEXTS = {
  en: { main: 'Main', login: 'Log In', openMenu: 'Open menu', menu: 'Menu', openSearch: 'Open search', language: /^Language/, search: 'Search books, authors, series, genres and awards', suggestions: 'Suggestions', seeAll: 'See all results for' },
  de: { main: 'Hauptnavigation', login: 'Anmelden', openMenu: 'Menü öffnen', menu: 'Menü', openSearch: 'Suche öffnen', language: /^Sprache/, search: 'Bücher, Autoren, Reihen, Genres und Auszeichnungen durchsuchen', suggestions: 'Vorschläge', seeAll: 'Alle Ergebnisse für' },
  it: { main: 'Navigazione principale', login: 'Accedi', openMenu: 'Apri il menu', menu: 'Menu', openSearch: 'Apri la ricerca', language: /^Lingua/, search: 'Cerca libri, autori, serie, generi e premi', suggestions: 'Suggerimenti', seeAll: 'Mostra tutti i risultati per' },
} as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Two animation frames: the layout of the new viewport size has been computed and painted. */
const settled = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Islands hydrate after load (or when their media query starts to match); retry until the action has its effect. */
async function untilHydrated(action: () => Promise<void>, effect: () => Promise<void>) {
  await expect(async () => {
    await action();
    await effect();
  }).toPass({ timeout: 15_000, intervals: [100, 250, 500] });
}

interface Fit {
  /** Inside the viewport horizontally. */
  inViewport: boolean;
  /** The text runs over more than one line. */
  wraps: boolean;
  /** The element's content is wider than its box (cut off or spilling out). */
  clipped: boolean;
  box: string;
}

/**
 * How each matched control's box and text sit at the current width, read in one round trip (a
 * navbar has seven controls, measured at 7 widths x 3 pages x 3 languages).
 */
function fitsOf(locator: Locator): Promise<(Fit & { label: string })[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => {
      // Text in a 1 px box (the visually-hidden "Language: English" beside the visible code) is not on screen.
      const isVisuallyHidden = (node: Node) => {
        for (let parent = node.parentElement; parent && parent !== element; parent = parent.parentElement) {
          if (parent.getBoundingClientRect().width <= 1) return true;
        }
        return false;
      };
      const box = element.getBoundingClientRect();
      const lines: DOMRect[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || isVisuallyHidden(node)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        lines.push(...[...range.getClientRects()].filter((rect) => rect.width > 0));
      }
      const tops = lines.map((rect) => rect.top);
      const lineHeight = Math.min(...lines.map((rect) => rect.height));
      return {
        label: element.textContent?.trim() ?? '',
        inViewport: box.left >= -0.5 && box.right <= window.innerWidth + 0.5 && box.width > 0,
        wraps: lines.length > 0 && Math.max(...tops) - Math.min(...tops) > lineHeight / 2,
        clipped: element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0,
        box: `${Math.round(box.left)}–${Math.round(box.right)} of ${window.innerWidth}`,
      };
    }),
  );
}

/** How one control's box and text sit at the current width (exactly one element must match). */
async function fitOf(locator: Locator): Promise<Fit & { label: string }> {
  const fits = await fitsOf(locator);
  expect(fits, `${locator} matches one element`).toHaveLength(1);
  return fits[0]!;
}

/** Room for the placeholder inside a search input, and what it needs (canvas text metrics in the input's font). */
function placeholderFit(input: Locator) {
  return input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const needed = context.measureText(element.placeholder).width;
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { needed: Math.ceil(needed), room: Math.floor(room), placeholder: element.placeholder };
  });
}

test.describe('no sideways scrolling; the navbar fits at every width', () => {
  for (const locale of LOCALES) {
    const texts = TEXTS[locale];

    test(`${locale}: start, list and book pages at ${WIDTHS.join(', ')} px`, async ({ page }) => {
      const banner = page.getByRole('banner');
      for (const path of PAGES) {
        await page.setViewportSize({ width: WIDTHS[0], height: 900 });
        await page.goto(`/${locale}${path === '/' ? '/' : path}`);
        let drawerChecked = false;

        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          const where = `${locale}${path} at ${width} px`;

          // Measured once the new width's layout is computed and painted (two animation frames).
          const overflow = await page.evaluate(
            () =>
              new Promise<{ scrollWidth: number; innerWidth: number }>((resolve) =>
                requestAnimationFrame(() => requestAnimationFrame(() => resolve({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))),
              ),
          );
          expect.soft(overflow.scrollWidth, `${where}: page scrolls sideways`).toBeLessThanOrEqual(overflow.innerWidth);

          // Sign-in: in the bar, on one unclipped line, or behind the menu button (the drawer has it).
          const login = banner.getByRole('link', { name: texts.login, exact: true });
          const menuButton = banner.getByRole('button', { name: texts.openMenu });
          if (await login.isVisible()) {
            const fit = await fitOf(login);
            expect.soft(fit.inViewport, `${where}: "${texts.login}" is off-screen (${fit.box})`).toBe(true);
            expect.soft(fit.wraps, `${where}: "${texts.login}" wraps`).toBe(false);
            expect.soft(fit.clipped, `${where}: "${texts.login}" is clipped`).toBe(false);
            // The sections and the language button sit on the same bar: none wraps or leaves the screen.
            const sections = await fitsOf(banner.getByRole('navigation', { name: texts.main }).getByRole('link'));
            expect.soft(sections.length, `${where}: the bar shows no section links`).toBeGreaterThan(0);
            for (const { label, ...controlFit } of [...sections, await fitOf(banner.getByRole('button', { name: texts.language }))]) {
              expect.soft(controlFit.inViewport && !controlFit.wraps && !controlFit.clipped, `${where}: "${label}" wraps, is clipped or off-screen (${controlFit.box})`).toBe(true);
            }
          } else {
            await expect.soft(menuButton, `${where}: neither "${texts.login}" nor the menu button is shown`).toBeVisible();
            expect.soft((await fitOf(menuButton)).inViewport, `${where}: the menu button is off-screen`).toBe(true);
            if (!drawerChecked) {
              drawerChecked = true;
              const drawer = page.getByRole('dialog', { name: texts.menu });
              // The drawer hydrates on intent and then opens with the click it was given: a second
              // click would meet the open modal, so give the first one time.
              await untilHydrated(
                () => menuButton.click(),
                () => expect(drawer).toBeVisible({ timeout: 5_000 }),
              );
              await expect.soft(drawer.getByRole('link', { name: texts.login, exact: true }), `${where}: the drawer has no "${texts.login}"`).toBeVisible();
              await page.keyboard.press('Escape');
              await expect(drawer).toBeHidden();
            }
          }

          // Search: the start page's hero box, elsewhere the navbar's box (or its button on narrow screens).
          const box = path === '/' ? page.getByRole('main').getByRole('combobox', { name: texts.search }) : banner.getByRole('combobox', { name: texts.search });
          if (await box.isVisible()) {
            expect.soft((await fitOf(box)).inViewport, `${where}: the search box is off-screen`).toBe(true);
            if (path !== '/') {
              const placeholder = await placeholderFit(box);
              expect.soft(placeholder.room, `${where}: the placeholder "${placeholder.placeholder}" is cut (needs ${placeholder.needed} px)`).toBeGreaterThanOrEqual(placeholder.needed);
            }
          } else {
            const toggle = banner.getByRole('button', { name: texts.openSearch }).or(banner.getByRole('link', { name: texts.openSearch }));
            await expect.soft(toggle, `${where}: neither the search box nor its button is shown`).toBeVisible();
            expect.soft((await fitOf(toggle)).inViewport, `${where}: the search button is off-screen`).toBe(true);
          }
        }
      }
    });
  }
});

test.describe("start page search: the hero's dropdown", () => {
  for (const locale of ['en', 'de'] as const) {
    const texts = TEXTS[locale];

    test(`${locale}: "star" gives a list at most 500 px high that scrolls to its last group and "See all", by mouse and keyboard`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const open = async () => {
        await page.goto(`/${locale}/`);
        const input = page.getByRole('main').getByRole('combobox', { name: texts.search });
        await input.hover(); // the box hydrates on intent (client:intent)
        await expect(page.locator('astro-island:has(.search--hero)')).not.toHaveAttribute('ssr', /.*/);
        await input.fill('star');
        const listbox = page.getByRole('listbox', { name: texts.suggestions });
        await expect(listbox).toHaveAttribute('aria-busy', 'false');
        return { input, listbox };
      };
      /** The element at the option's centre is the option: in view and not covered (by the sticky "See all" or the page). */
      const uncovered = (option: Locator) =>
        option.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          return element.contains(document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2));
        });

      const { input, listbox } = await open();
      const groups = listbox.getByRole('group');
      expect(await groups.count()).toBeGreaterThan(1);
      const seeAll = listbox.getByRole('option', { name: new RegExp(`^${escapeRegExp(texts.seeAll)}`) });
      const lastOption = groups.last().getByRole('option').last();

      // Spec §9: at most 500 px, and the rest scrolls inside the list.
      const size = await listbox.evaluate((element) => ({ height: element.getBoundingClientRect().height, scrollHeight: element.scrollHeight, clientHeight: element.clientHeight, overflowY: getComputedStyle(element).overflowY }));
      expect(size.height).toBeLessThanOrEqual(500);
      expect(size.scrollHeight, 'the list has more than fits: it must scroll').toBeGreaterThan(size.clientHeight);
      expect(['auto', 'scroll']).toContain(size.overflowY);

      // Keyboard: every option in turn is selected and scrolled into view, ending with "See all".
      const options = listbox.getByRole('option');
      const count = await options.count();
      for (let index = 0; index < count; index += 1) {
        await input.press('ArrowDown');
        const option = options.nth(index);
        await expect(option).toHaveAttribute('aria-selected', 'true');
        await expect.poll(() => uncovered(option), { message: `option ${index + 1} of ${count} is not in view` }).toBe(true);
      }
      await expect(seeAll).toHaveAttribute('aria-selected', 'true');

      // Mouse: the wheel scrolls the list to its end, and the last group's last option can be clicked.
      await input.press('ArrowUp');
      await input.press('ArrowUp'); // back to the top: nothing selected
      await listbox.evaluate((element) => element.scrollTo(0, 0));
      await listbox.scrollIntoViewIfNeeded(); // the page scrolls until the whole list shows
      const listBox = (await listbox.boundingBox())!;
      await page.mouse.move(listBox.x + listBox.width / 2, listBox.y + listBox.height / 2);
      await page.mouse.wheel(0, 3000);
      await expect.poll(() => uncovered(lastOption), { message: 'the last group is not reachable with the wheel' }).toBe(true);
      await expect.poll(() => uncovered(seeAll), { message: '"See all" is not reachable with the wheel' }).toBe(true);
      await lastOption.click({ timeout: 5_000 });
      await expect(page).toHaveURL(new RegExp(`/${locale}/(books|authors|series|genres|awards)\\b`));

      const again = await open();
      const seeAllAgain = again.listbox.getByRole('option', { name: new RegExp(`^${escapeRegExp(texts.seeAll)}`) });
      await seeAllAgain.click({ timeout: 5_000 });
      await expect(page).toHaveURL(new RegExp(`/${locale}/search\\?q=star$`));
    });
  }
});

test.describe('cover placeholders', () => {
  // The drawn covers are aria-hidden decoration (the real title is beside them), so they have no role:
  // they are found by their class names.
  const COVER_TITLES = '.book-card__cover-title, .detail-cover__title';

  for (const locale of LOCALES) {
    test(`${locale}: titles on drawn covers break only between words or at a hyphen`, async ({ page }) => {
      for (const path of ['/', '/books', '/authors/frank-herbert']) {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`/${locale}${path}`);
          await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
          const titles = page.locator(COVER_TITLES);
          expect(await titles.count(), `${locale}${path} has no drawn covers`).toBeGreaterThan(0);

          const problems = await titles.evaluateAll((elements) =>
            elements.flatMap((element) => {
              const found: string[] = [];
              const style = getComputedStyle(element);
              if (style.hyphens !== 'auto' || !element.closest('[lang]')?.getAttribute('lang')) found.push(`${element.textContent}: not hyphenated by language (hyphens: ${style.hyphens})`);
              const width = element.clientWidth;
              for (const node of [...element.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE)) {
                const text = node.textContent ?? '';
                // Units the browser may not break inside: runs of non-space ending after a hyphen or slash.
                for (const match of text.matchAll(/[^\s\-‐–—/]+[-‐–—/]?|[-‐–—/]/g)) {
                  const start = match.index;
                  const word = match[0];
                  const range = document.createRange();
                  const tops: number[] = [];
                  for (let i = 0; i < word.length; i += 1) {
                    range.setStart(node, start + i);
                    range.setEnd(node, start + i + 1);
                    tops.push(range.getBoundingClientRect().top);
                  }
                  const breakAt = tops.findIndex((top) => top > tops[0]! + 2);
                  if (breakAt > 0) found.push(`${text}: "${word.slice(0, breakAt)}|${word.slice(breakAt)}"`);
                  range.setStart(node, start);
                  range.setEnd(node, start + word.length);
                  const wordWidth = range.getBoundingClientRect().width;
                  if (breakAt < 0 && wordWidth > width + 0.5) found.push(`${text}: "${word}" is ${Math.round(wordWidth)} px on a ${width} px cover`);
                }
              }
              return found;
            }),
          );
          expect.soft(problems, `${locale}${path} at ${width} px`).toEqual([]);
        }
      }
    });
  }
});

test.describe('one-line values', () => {
  test('a book page keeps its series name on one line beside the other facts', async ({ page }) => {
    await page.goto('/en/books/dune');
    const series = page.getByRole('main').getByRole('link', { name: 'Dune Chronicles', exact: true });
    for (const width of [390, 800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await settled(page);
      expect.soft((await fitOf(series)).wraps, `"Dune Chronicles" wraps at ${width} px`).toBe(false);
    }
  });

  for (const locale of LOCALES) {
    test(`${locale}: the series list tabs form one row at 390 px`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/${locale}/series`);
      const tablist = page.getByRole('main').getByRole('tablist');
      const tabs = tablist.getByRole('tab');
      expect(await tabs.count()).toBeGreaterThan(2);
      const rows = await tabs.evaluateAll((elements) => new Set(elements.map((element) => Math.round(element.getBoundingClientRect().top))).size);
      expect(rows).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The last tab is reachable: focus (arrow keys) scrolls the row to it. The list hydrates on
      // intent (client:intent): pointing at it enables the tabs.
      await tablist.hover();
      await expect(tabs.last()).toBeEnabled();
      await tabs.last().focus();
      await expect(tabs.last()).toBeInViewport({ ratio: 0.99 }); // whole, but for subpixel rounding
    });
  }
});
