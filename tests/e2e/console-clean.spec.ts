/**
 * A signed-out visitor's console stays clean on every page type (issue 11, point 1): no error, no
 * failed request, no uncaught exception, and no call to /api/auth/user (pages know from the absence
 * of the session hint cookie that nobody is signed in, src/domain/session-hint.ts).
 */
import { expect, test, type Page } from '@playwright/test';

/** One page of every type the site has (detail pages by a slug of the seed catalogue). */
const PAGE_TYPES = [
  '/{l}/',
  '/{l}/books',
  '/{l}/books/dune',
  '/{l}/authors',
  '/{l}/authors/frank-herbert',
  '/{l}/series',
  '/{l}/series/dune-chronicles',
  '/{l}/genres',
  '/{l}/genres/fantasy',
  '/{l}/awards',
  '/{l}/awards/hugo',
  '/{l}/search?q=dune',
  '/{l}/login',
  '/{l}/register',
  '/{l}/forgot-password',
  '/{l}/reset-password',
  '/{l}/verify-email',
  '/{l}/profile',
  '/{l}/impressum',
  '/{l}/no-such-page',
];

interface Trouble {
  url: string;
  what: string;
}

function watch(page: Page, current: () => string): { troubles: Trouble[]; sessionCalls: string[] } {
  const troubles: Trouble[] = [];
  const sessionCalls: string[] = [];
  page.on('console', (message) => {
    // The unknown page's own 404 status is the answer asked for, not a fault of the page.
    if (current().includes('no-such-page') && /status of 404/.test(message.text())) return;
    if (message.type() === 'error') troubles.push({ url: current(), what: `console.error: ${message.text()}` });
  });
  page.on('pageerror', (error) => troubles.push({ url: current(), what: `uncaught: ${error.message}` }));
  page.on('requestfailed', (request) => {
    // A navigation away aborts what the previous page still loaded: that is not the page's fault.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') troubles.push({ url: current(), what: `failed: ${request.url()} ${request.failure()?.errorText}` });
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/user') sessionCalls.push(current());
  });
  return { troubles, sessionCalls };
}

// Twenty pages per language, each waited on until its idle islands ran.
test.describe.configure({ timeout: 120_000 });

for (const locale of ['en', 'de', 'it'] as const) {
  test(`${locale}: a signed-out visitor sees no console error on any page type and the pages never ask who is signed in`, async ({ page }) => {
    let url = '';
    const { troubles, sessionCalls } = watch(page, () => url);
    for (const template of PAGE_TYPES) {
      url = template.replace('{l}', locale);
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(template.includes('no-such-page') ? 404 : 200);
      await page.waitForLoadState('load');
      // Islands hydrate on idle or when visible; give them the moment a visitor would.
      await page.waitForTimeout(400);
    }
    expect(troubles).toEqual([]);
    expect(sessionCalls).toEqual([]);
  });
}
