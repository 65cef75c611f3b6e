/**
 * Analytics in Chromium (issue 14 point 6): a visitor browses (page views of spec §7's pages are sent,
 * the start page, a URL with a query and the dashboard are not; no cookie goes with them), then the
 * super user sees those page views and the book on /admin/analytics, downloads a table as CSV, and
 * axe finds nothing on the dashboard; visitors get the spec's denial text, in each language.
 */
import { expect as baseExpect, test, type Page, type Request } from '@playwright/test';
import { axeBuilder } from '../support/axe.ts';
import { signInAsAdmin } from '../support/e2e-admin.ts';
import { text, watchConsole } from '../support/e2e-readers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const today = () => new Date().toISOString().slice(0, 10);
const isEvent = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/analytics/event';

/** Today's page views as the dashboard's API counts them (the super user's request context). */
async function pageViewsToday(page: Page): Promise<number> {
  const answer = await page.request.get('/api/admin/analytics?range=7');
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as { data: { series: { page_views: number[] } } };
  return data.series.page_views.at(-1)!;
}

test('a visitor’s page views show on the dashboard for the super user', async ({ page, browser }) => {
  const admin = page;
  await signInAsAdmin(admin.request);
  const before = await pageViewsToday(admin);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const problems = watchConsole(visitor);
  const sent: { route: string; eventType: string; cookie: string | undefined }[] = [];
  visitor.on('request', (request) => {
    if (isEvent(request)) {
      const body = request.postDataJSON() as { route: string; eventType: string };
      sent.push({ route: body.route, eventType: body.eventType, cookie: request.headers()['cookie'] });
    }
  });
  const visit = async (path: string, counted: boolean) => {
    const answered = counted ? visitor.waitForResponse((response) => isEvent(response.request()) && (response.request().postDataJSON() as { route: string }).route === new URL(path, 'http://x').pathname) : null;
    await visitor.goto(path);
    if (answered) expect((await answered).status()).toBe(204);
  };
  await visit('/en/', false);
  await visit('/en/books/dune', true);
  await visit('/de/authors', true);
  await visit('/en/books?sort=title', false);
  await visit('/it/series', true);
  await visit('/en/admin/analytics', false);
  await visitor.goto('/en/login');
  expect(sent.map((s) => [s.eventType, s.route])).toEqual([
    ['page_view', '/en/books/dune'],
    ['page_view', '/de/authors'],
    ['page_view', '/it/series'],
  ]);
  expect(sent.every((s) => s.cookie === undefined)).toBe(true);
  expect(problems).toEqual([]);
  await visitorContext.close();

  expect(await pageViewsToday(admin)).toBe(before + 3);
  await admin.goto('/en/admin/analytics');
  const views = admin.getByRole('figure', { name: 'Page views · Unique visitors (per day)' });
  // The figures come from the hydrated island: a radio checked before hydration would be reset by it.
  await expect(views).toBeVisible();
  await admin.getByRole('radio', { name: '7 days' }).check();
  const row = views.getByRole('table').getByRole('row', { name: today() });
  await expect(row.getByRole('cell').first()).toHaveText(String(before + 3));
  await expect(admin.getByRole('figure', { name: 'Top books' }).getByRole('table')).toContainText('Dune');

  const download = admin.waitForEvent('download');
  await views.getByRole('button', { name: 'Download CSV: Page views · Unique visitors (per day)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`phantastika-page-views-7d-${today()}.csv`);
  const csv = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
  expect(csv).toContain('Day,Page views,Unique visitors (per day)\r\n');
  expect(csv).toContain(`${today()},${before + 3},`);
});

test('the dashboard in three languages: denial text for visitors, no axe violations for the super user', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/it/admin/analytics');
  await expect(page.getByRole('alert')).toContainText(text('it', 'admin.access.mustLogIn'));

  await signInAsAdmin(page.request);
  for (const [locale, heading, chart] of [
    ['de', 'Analyse-Dashboard', 'Seitenaufrufe'],
    ['it', 'Dashboard di analisi', 'Visualizzazioni di pagina'],
    ['en', 'Analytics dashboard', 'Page views'],
  ] as const) {
    await test.step(locale, async () => {
      await page.goto(`/${locale}/admin/analytics`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('heading', { level: 3, name: new RegExp(`^${chart}`) })).toBeVisible();
    });
  }
  // Every range answers; the year draws 365 rows.
  await page.getByRole('radio', { name: '365 days' }).check();
  await expect(page.getByRole('figure', { name: 'New users' }).getByRole('table').getByRole('row')).toHaveCount(366);
  // Chart.js came with this page's charts.
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => /dashboard-charts/.test(e.name)))).toBe(true);
  expect((await axeBuilder(page).analyze()).violations).toEqual([]);
  expect(problems).toEqual([]);
});
