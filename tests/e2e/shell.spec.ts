/**
 * The layout shell (issue 2): localized start pages, the language switcher, redirects of unprefixed
 * routes, the mobile drawer, back-to-top, list preloading and accessibility (axe).
 * Runs against the real site with functions and redirect rules (playwright.config.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { axeBuilder } from '../support/axe.ts';

const START_PAGES = {
  en: {
    heading: 'Discover science fiction, fantasy and horror',
    navLabel: 'Main',
    nav: ['Books', 'Authors', 'Series', 'Genres', 'Awards'],
    login: 'Log In',
  },
  de: {
    heading: 'Entdecken Sie Science-Fiction, Fantasy und Horror',
    navLabel: 'Hauptnavigation',
    nav: ['Bücher', 'Autoren', 'Reihen', 'Genres', 'Auszeichnungen'],
    login: 'Anmelden',
  },
  it: {
    heading: 'Scopri fantascienza, fantasy e horror',
    navLabel: 'Navigazione principale',
    nav: ['Libri', 'Autori', 'Serie', 'Generi', 'Premi'],
    login: 'Accedi',
  },
} as const;

const LOCALES = Object.keys(START_PAGES) as (keyof typeof START_PAGES)[];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Uncaught script errors fail the test that caused them. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Islands hydrate on intent (client:intent) and then replay the click that started them: give the first
 * action time to take effect (a second click would undo a toggle); retry only if it had none.
 */
async function untilHydrated(action: () => Promise<void>, effect: () => Promise<void>) {
  await expect(async () => {
    await action();
    await effect();
  }).toPass({ timeout: 10_000, intervals: [100, 250, 500] });
}

test.describe('start page in each language', () => {
  for (const locale of LOCALES) {
    const texts = START_PAGES[locale];

    test(`${locale}: localized heading, navigation and html lang`, async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.goto(`/${locale}/`);

      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();

      const nav = page.getByRole('navigation', { name: texts.navLabel });
      for (const label of texts.nav) {
        await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', new RegExp(`^/${locale}/`));
      }
      await expect(page.getByRole('banner').getByRole('link', { name: texts.login })).toHaveAttribute('href', `/${locale}/login`);
      expect(errors).toEqual([]);
    });

    test(`${locale}: featured books, authors, series and genre cards from the catalogue`, async ({ page }) => {
      await page.goto(`/${locale}/`);
      const main = page.getByRole('main');
      // The four catalogue sections, then the book assistant (spec §2 lists the AI chatbot last; issue 15).
      await expect(main.getByRole('heading', { level: 2 })).toHaveCount(5);
      // Each section is a region named by its heading; its cards are list items whose heading links
      // to a detail page of this locale.
      for (const [index, prefix] of [`/${locale}/books/`, `/${locale}/authors/`, `/${locale}/series/`, `/${locale}/books?genre=`].entries()) {
        const heading = main.getByRole('heading', { level: 2 }).nth(index);
        const region = main.getByRole('region', { name: (await heading.textContent()) ?? '' });
        const cards = region.getByRole('listitem');
        expect(await cards.count()).toBeGreaterThan(3);
        await expect(cards.first().getByRole('heading', { level: 3 }).getByRole('link')).toHaveAttribute('href', new RegExp(`^${escapeRegExp(prefix)}`));
      }
    });
  }
});

test.describe('language switcher', () => {
  test('goes to the same page in the chosen language and remembers the choice', async ({ page, context }) => {
    const errors = collectPageErrors(page);
    await page.goto('/en/');
    const header = page.getByRole('banner');
    const switcher = header.getByRole('button', { name: /Language/ });

    await untilHydrated(
      () => switcher.click(),
      () => expect(header.getByRole('link', { name: 'Deutsch' })).toBeVisible({ timeout: 5_000 }),
    );
    await header.getByRole('link', { name: 'Deutsch' }).click();

    await expect(page).toHaveURL(/\/de\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: START_PAGES.de.heading })).toBeVisible();

    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'nf_lang')?.value).toBe('de');
    expect(await page.evaluate(() => localStorage.getItem('phantastika.lang'))).toBe('de');
    expect(errors).toEqual([]);
  });

  test('keeps the rest of the path and the query', async ({ page }) => {
    await page.goto('/en/impressum?from=test');
    const header = page.getByRole('banner');
    await untilHydrated(
      () => header.getByRole('button', { name: /Language/ }).click(),
      () => expect(header.getByRole('link', { name: 'Italiano' })).toBeVisible({ timeout: 5_000 }),
    );
    await header.getByRole('link', { name: 'Italiano' }).click();

    await expect(page).toHaveURL(/\/it\/impressum\?from=test$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Note legali' })).toBeVisible();
  });

  test('closes with Escape and returns focus to its button', async ({ page }) => {
    await page.goto('/de/');
    const header = page.getByRole('banner');
    const switcher = header.getByRole('button', { name: /Sprache/ });
    await untilHydrated(
      () => switcher.click(),
      () => expect(switcher).toHaveAttribute('aria-expanded', 'true', { timeout: 5_000 }),
    );
    await header.getByRole('link', { name: 'English' }).focus();
    await page.keyboard.press('Escape');
    await expect(switcher).toHaveAttribute('aria-expanded', 'false');
    await expect(switcher).toBeFocused();
  });
});

test.describe('redirects', () => {
  test('/home and /start go to the start page', async ({ page }) => {
    const response = await page.request.get('/home', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(new URL(response.headers().location ?? '', 'http://x').pathname).toBe('/');

    await page.goto('/home');
    await expect(page).toHaveURL(/\/en\/$/);
    await page.goto('/start');
    await expect(page).toHaveURL(/\/en\/$/);
  });

  test('/privacy goes to the Datenschutz page', async ({ page }) => {
    const response = await page.request.get('/privacy', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(new URL(response.headers().location ?? '', 'http://x').pathname).toBe('/datenschutz');

    await page.goto('/privacy');
    await expect(page).toHaveURL(/\/en\/datenschutz$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });

  test('/imprint, /contact and /terms go to the German-named pages', async ({ page }) => {
    for (const [from, to] of [
      ['/imprint', '/en/impressum'],
      ['/contact', '/en/kontakt'],
      ['/terms', '/en/nutzungsbedingungen'],
    ] as const) {
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
    }
  });

  test('an unknown path goes to the start page', async ({ page }) => {
    await page.goto('/books-does-not-exist-xyz');
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(page.getByRole('heading', { level: 1, name: START_PAGES.en.heading })).toBeVisible();
  });

  test('an unknown path under a locale stays in that locale', async ({ page }) => {
    await page.goto('/it/does-not-exist-xyz');
    await expect(page).toHaveURL(/\/it\/$/);
  });

  test('the nf_lang cookie wins over the browser language', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'nf_lang', value: 'it', url: baseURL ?? 'http://localhost' }]);
    await page.goto('/');
    await expect(page).toHaveURL(/\/it\/$/);
  });

  test.describe('with a German browser', () => {
    test.use({ locale: 'de-DE', extraHTTPHeaders: { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5' } });

    test('/ goes to /de/', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/de\/$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    });

    test('/privacy ends on the German Datenschutzerklärung', async ({ page }) => {
      await page.goto('/privacy');
      await expect(page).toHaveURL(/\/de\/datenschutz$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible();
    });

    test('unprefixed routes keep their query', async ({ page }) => {
      const response = await page.request.get('/books?genre=Fantasy', { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toMatch(/\/de\/books\?genre=Fantasy$/);
    });
  });
});

test.describe('mobile drawer', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens and closes with the keyboard and returns focus', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/en/');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByRole('dialog', { name: 'Menu' });

    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await untilHydrated(
      async () => {
        await menuButton.focus();
        await page.keyboard.press('Enter');
      },
      () => expect(drawer).toBeVisible({ timeout: 5_000 }),
    );

    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    for (const label of START_PAGES.en.nav) {
      await expect(drawer.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(drawer.getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Deutsch' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();

    // The close button works too.
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('links of the drawer lead to the sections', async ({ page }) => {
    await page.goto('/de/');
    const menuButton = page.getByRole('button', { name: 'Menü öffnen' });
    const drawer = page.getByRole('dialog', { name: 'Menü' });
    await untilHydrated(
      () => menuButton.click(),
      () => expect(drawer).toBeVisible({ timeout: 5_000 }),
    );
    await expect(drawer.getByRole('link', { name: 'Bücher' })).toHaveAttribute('href', '/de/books');
    await expect(drawer.getByRole('link', { name: 'Startseite' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('page behaviours', () => {
  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/en/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('back-to-top appears after scrolling more than 400 px and scrolls up', async ({ page }) => {
    await page.goto('/en/');
    const backToTop = page.getByRole('button', { name: 'Back to top' });
    await expect(backToTop).toBeHidden();

    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForTimeout(100);
    await expect(backToTop).toBeHidden();

    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect(backToTop).toBeVisible();

    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(backToTop).toBeHidden();
  });

  test('the disabled theme toggle says that a light theme is coming', async ({ page }) => {
    await page.goto('/it/');
    await expect(page.getByRole('button', { name: 'Tema chiaro in arrivo' })).toBeDisabled();
  });

  test('the start page preloads the list pages after 2 s and 5 s', async ({ page }) => {
    await page.clock.install();
    await page.goto('/de/');
    // Prefetch hints live in <head> and have no role; read their addresses.
    const prefetched = () =>
      page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => new URL(link.href).pathname));

    expect(await prefetched()).toEqual([]);
    await page.clock.runFor(2_100);
    expect(await prefetched()).toEqual(['/de/books', '/de/authors']);
    await page.clock.runFor(3_000);
    expect(await prefetched()).toEqual(['/de/books', '/de/authors', '/de/series', '/de/genres']);
  });

  test('each page declares its language alternates', async ({ page }) => {
    await page.goto('/de/impressum');
    const alternates = await page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')].map((link) => [
          link.hreflang,
          new URL(link.href).pathname,
        ]),
      ),
    );
    expect(alternates).toEqual({ en: '/en/impressum', de: '/de/impressum', it: '/it/impressum', 'x-default': '/en/impressum' });
  });
});

test.describe('accessibility (axe)', () => {
  // One page walks the start pages and a legal page; every page is audited and every failing one reported.
  test('the start page in each language and a legal page have no violations', async ({ page }) => {
    test.setTimeout(120_000); // four audits on a loaded 2-core machine
    for (const path of [...LOCALES.map((locale) => `/${locale}/`), '/de/datenschutz']) {
      await test.step(path, async () => {
        await page.goto(path);
        const results = await axeBuilder(page).analyze();
        expect.soft(results.violations, path).toEqual([]);
      });
    }
  });

  test.describe('on mobile', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the open drawer has no violations', async ({ page }) => {
      await page.goto('/en/');
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await untilHydrated(
        () => page.getByRole('button', { name: 'Open menu' }).click(),
        () => expect(drawer).toBeVisible({ timeout: 5_000 }),
      );
      const results = await axeBuilder(page).analyze();
      expect(results.violations).toEqual([]);
    });
  });
});
