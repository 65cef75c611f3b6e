import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import it from '../../locales/it.json' with { type: 'json' };
import { LOCALES } from '../../src/domain/enums.ts';
import { readApiDocument } from '../../src/domain/open-data/openapi-document.ts';
import { operationsOf, type DocumentNode } from '../../src/domain/open-data/openapi-view.ts';
import { axeBuilder } from '../support/axe.ts';

/**
 * The read API's reference pages (issue 16 points 4 and 6): /{locale}/developers in every language,
 * built from the OpenAPI document, with every endpoint, reachable from the footer, without
 * accessibility violations; the document they link to is served.
 */
const TEXTS = { en, de, it } as const;
const operations = operationsOf(readApiDocument() as unknown as DocumentNode);

for (const locale of LOCALES) {
  test(`/${locale}/developers lists every endpoint of the read API and passes axe`, async ({ page }) => {
    const texts = TEXTS[locale];
    const response = await page.goto(`/${locale}/developers`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    await expect(page).toHaveTitle(new RegExp(texts['developers.title']));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts['developers.title']);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    for (const op of operations) {
      await expect(page.getByRole('heading', { level: 3, name: `${op.method} ${op.path}`, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: texts['developers.rateLimit.title'] })).toBeVisible();
    await expect(page.getByRole('heading', { name: texts['developers.versioning.title'] })).toBeVisible();
    await expect(page.getByText("curl -s 'http").first()).toBeVisible();
    expect((await axeBuilder(page).analyze()).violations).toEqual([]);

    const documentLink = page.getByRole('link', { name: /\/api\/v1\/openapi\.json/ });
    const document = await page.request.get((await documentLink.getAttribute('href'))!);
    expect(document.status()).toBe(200);
    expect(((await document.json()) as { openapi: string }).openapi).toBe('3.1.0');
  });
}

test('the footer links the developers page in its language, and /developers sends a visitor to theirs', async ({ page, request }) => {
  await page.goto('/de/books');
  const link = page.getByRole('contentinfo').getByRole('link', { name: de['footer.developers'], exact: true });
  await expect(link).toHaveAttribute('href', '/de/developers');
  await link.click();
  await expect(page).toHaveURL(/\/de\/developers$/);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: de['footer.developers'], exact: true })).toHaveAttribute('aria-current', 'page');
  const redirect = await request.get('/developers', { maxRedirects: 0, headers: { 'accept-language': 'it' } });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers().location).toMatch(/\/it\/developers$/);
});

test('a web page on another origin reads the API with fetch (CORS)', async ({ page, baseURL }) => {
  // Another origin on the same machine (another port): a page there, served by the test itself (a real
  // loopback server: Chromium refuses requests from a page of unknown address to a local one).
  const other = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Other site</title>'));
  await new Promise<void>((resolve) => other.listen(0, 'localhost', resolve));
  await page.goto(`http://localhost:${(other.address() as AddressInfo).port}/`);
  const answer = await page.evaluate(async (url) => {
    const res = await fetch(`${url}/api/v1/books/dune?lang=it`, { headers: { 'if-none-match': 'W/"nothing"' } });
    return { status: res.status, etag: res.headers.get('etag'), body: (await res.json()) as { data: { slug: string } } };
  }, baseURL!);
  expect(answer.status).toBe(200);
  expect(answer.etag).toMatch(/^W\//);
  expect(answer.body.data.slug).toBe('dune');
  other.close();
});

test('the sitemap lists the developers page in every language with its alternates', async ({ request }) => {
  const index = await (await request.get('/sitemap.xml')).text();
  const part = /<loc>[^<]*\/sitemaps\/(pages-\d+\.xml)<\/loc>/.exec(index)?.[1];
  expect(part).toBeTruthy();
  const xml = await (await request.get(`/sitemaps/${part}`)).text();
  for (const locale of LOCALES) expect(xml).toMatch(new RegExp(`<url><loc>[^<]*/${locale}/developers</loc>.*hreflang="x-default" href="[^"]*/en/developers"`));
});
