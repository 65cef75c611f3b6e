/**
 * Security headers in the browser (issue 10, point 7): every page of the build is served with the
 * build's Content-Security-Policy, and the pages still work under it in each language: islands
 * hydrate, the search box and pagefind's full text run, nothing is refused.
 */
import { expect, test, type Page } from '@playwright/test';

/** Content-Security-Policy violations the browser reports on the console. */
function collectViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|compile)/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(error.message));
  return violations;
}

// Eight pages and two interactions: more than the default 30 s on a loaded CI machine.
test.describe.configure({ timeout: 90_000 });

const PAGES = ['/{l}/', '/{l}/books', '/{l}/books/dune', '/{l}/authors/frank-herbert', '/{l}/series', '/{l}/awards', '/{l}/login', '/{l}/profile', '/{l}/developers'];
const SEARCH_PLACEHOLDER = { en: 'Search', de: 'Suche', it: 'Cerca' } as const;

for (const locale of ['en', 'de', 'it'] as const) {
  test(`${locale}: pages carry the CSP and run under it without a violation`, async ({ page }) => {
    const violations = collectViolations(page);
    for (const template of PAGES) {
      const url = template.replace('{l}', locale);
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      const headers = response!.headers();
      expect(headers['content-security-policy'], url).toMatch(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      expect(headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      // Scripts run (and would be refused) while the page loads; idle islands hydrate right after.
      await page.waitForLoadState('load');
      await page.waitForTimeout(300);
    }
    // The search island hydrates and talks to the API under the policy.
    await page.goto(`/${locale}/books`);
    const box = page.getByRole('banner').getByRole('combobox', { name: new RegExp(SEARCH_PLACEHOLDER[locale], 'i') });
    // The box hydrates when the browser is idle: type again until the island answers.
    await expect(async () => {
      await box.fill('');
      await box.fill('dune');
      await expect(page.getByRole('banner').getByRole('listbox').getByRole('option').first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    // pagefind (WebAssembly in a worker) runs on the results page.
    await page.goto(`/${locale}/search?q=vorkosigan`);
    await expect(page.getByRole('main').locator('mark').first()).toBeVisible();
    expect(violations).toEqual([]);
  });
}
