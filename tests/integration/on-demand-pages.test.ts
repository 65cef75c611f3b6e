/**
 * On-demand book, author and series pages (issue 28 points 1-3, ADR 0037), over HTTP through the
 * local server with the real build (tests/support/real-site.ts: PREBUILD_TOP=3, so almost every page
 * is on demand) and its emulated edge cache (ADR 0032): a page no build wrote answers in every
 * language and is kept at the edge; an editor's write and a reader's rating purge exactly the pages
 * that show what changed, so the next request shows the change with no rebuild; a new book's page
 * exists as soon as it is saved.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../db/client.ts';
import { loadCatalogueSnapshot } from '../../db/queries/catalogue.ts';
import { LOCALES } from '../../src/domain/enums.ts';
import { authorSearchPage, bookSearchPage } from '../../src/domain/search-pages.ts';
import { linkTree } from '../../src/integrations/incremental-build.ts';
import { writeSearchIndex } from '../../src/integrations/pagefind.ts';
import { realSiteBuild } from '../support/real-site.ts';
import { SavedSchema } from '../../src/domain/schemas/editorial.ts';
import { editorForTests } from '../support/editorial.ts';
import { createReader, dataOf, serveForTests } from '../support/readers.ts';

const server = serveForTests({ realSite: true });
const editor = editorForTests(server);
const call = server.call;

const page = async (pathname: string, init: RequestInit = {}) => {
  const response = await fetch(new URL(pathname, server.url()), { redirect: 'manual', ...init });
  return { status: response.status, cache: response.headers.get('cache-status'), csp: response.headers.get('content-security-policy'), encoding: response.headers.get('content-encoding'), body: await response.text() };
};
const rows = async <T>(query: ReturnType<typeof sql>) => (await (await getDb()).execute(query)).rows as T[];
let sequence = 0;
const unique = (prefix: string) => `${prefix} ${Date.now()}-${++sequence}`;

describe('a page no build wrote', () => {
  it('answers in every language from the database, with its own security headers, and is kept at the edge', async () => {
    const [book] = await rows<{ slug: string; title: string }>(sql`SELECT slug, original_title AS title FROM books ORDER BY id DESC LIMIT 1`);
    for (const locale of ['en', 'de', 'it']) {
      const first = await page(`/${locale}/books/${book!.slug}`);
      expect(first.status).toBe(200);
      expect(first.body).toContain(`<html lang="${locale}"`);
      expect(first.body).toContain('id="detail-title"');
      expect(first.csp).toMatch(/^default-src 'self'; script-src 'self' 'wasm-unsafe-eval'/);
      expect(first.cache).toBe('"Netlify Edge"; fwd=miss');
      // Compressed as the edge sends it, as the browser accepts, for a kept copy too.
      expect(first.encoding).toBe('gzip'); // what fetch accepts
      expect((await page(`/${locale}/books/${book!.slug}`, { headers: { 'accept-encoding': 'br, gzip' } })).encoding).toBe('br');
      expect((await page(`/${locale}/books/${book!.slug}`)).cache).toBe('"Netlify Edge"; hit');
    }
    const head = await page(`/de/books/${book!.slug}`, { method: 'HEAD' });
    expect([head.status, head.body]).toEqual([200, '']);
  });

  it('answers authors and series the same way', async () => {
    const [author] = await rows<{ slug: string; name: string }>(sql`SELECT slug, name FROM authors WHERE EXISTS (SELECT 1 FROM book_authors WHERE author_id = authors.id) ORDER BY id DESC LIMIT 1`);
    const [series] = await rows<{ slug: string; name: string }>(sql`SELECT slug, name FROM series ORDER BY id DESC LIMIT 1`);
    const authorPage = await page(`/it/authors/${author!.slug}`);
    expect(authorPage.status).toBe(200);
    expect(authorPage.body).toContain(author!.name.replaceAll('&', '&amp;').replaceAll("'", '&#39;'));
    const seriesPage = await page(`/de/series/${series!.slug}`);
    expect(seriesPage.status).toBe(200);
    expect(seriesPage.body).toContain('id="detail-title"');
  });
});

describe('writes purge the pages that show them', () => {
  it("shows an editor's new title on the book's page and on its author's page at once, without a build", async () => {
    const author = dataOf(await call('POST', '/api/authors', { cookie: editor().cookie, body: { name: unique('Purge Author') } }), SavedSchema, 201);
    const created = dataOf(await call('POST', '/api/books', { cookie: editor().cookie, body: { title: unique('Purge Book'), authorIds: [author.id] } }), SavedSchema, 201);
    // A new book's page exists as soon as it is saved.
    const bookPath = `/en/books/${created.slug}`;
    expect((await page(bookPath)).status).toBe(200);
    const authorPath = `/de/authors/${author.slug}`;
    expect((await page(authorPath)).status).toBe(200);
    expect((await page(bookPath)).cache).toBe('"Netlify Edge"; hit');
    expect((await page(authorPath)).cache).toBe('"Netlify Edge"; hit');

    const title = unique('Renamed Purge Book');
    const saved = dataOf(await call('PATCH', `/api/books/${created.id}`, { cookie: editor().cookie, body: { title, version: created.version } }), SavedSchema);
    // A new title moves the address too: the old one leads to the new at once.
    const moved = await page(bookPath);
    expect([moved.status, moved.cache]).toEqual([301, '"Netlify Edge"; fwd=miss']);
    const book = await page(`/en/books/${saved.slug}`);
    expect([book.status, book.body.includes(title)]).toEqual([200, true]);
    const authorAfter = await page(authorPath);
    expect([authorAfter.cache, authorAfter.body.includes(title)]).toEqual(['"Netlify Edge"; fwd=miss', true]);
  });

  it('puts a book on its new author\'s page when the book gains that author', async () => {
    const first = dataOf(await call('POST', '/api/authors', { cookie: editor().cookie, body: { name: unique('First Author') } }), SavedSchema, 201);
    const second = dataOf(await call('POST', '/api/authors', { cookie: editor().cookie, body: { name: unique('Second Author') } }), SavedSchema, 201);
    const title = unique('Shared Book');
    const book = dataOf(await call('POST', '/api/books', { cookie: editor().cookie, body: { title, authorIds: [first.id] } }), SavedSchema, 201);
    const secondPath = `/en/authors/${second.slug}`;
    expect((await page(secondPath)).body.includes(title)).toBe(false);
    dataOf(await call('PATCH', `/api/books/${book.id}`, { cookie: editor().cookie, body: { authorIds: [first.id, second.id], version: book.version } }), SavedSchema);
    expect((await page(secondPath)).body.includes(title)).toBe(true);
  });

  it("shows a reader's rating in the book page's average at once", async () => {
    const [book] = await rows<{ id: number; slug: string }>(sql`SELECT id, slug FROM books b WHERE NOT EXISTS (SELECT 1 FROM ratings r WHERE r.book_id = b.id) ORDER BY id DESC LIMIT 1`);
    const path = `/en/books/${book!.slug}`;
    expect((await page(path)).body).not.toContain('1 rating');
    expect((await page(path)).cache).toBe('"Netlify Edge"; hit');
    const reader = await createReader(server.url());
    expect((await call('POST', `/api/books/${book!.id}/ratings`, { cookie: reader.cookie, body: { rating: 4 } })).status).toBe(200);
    const after = await page(path);
    expect(after.cache).toBe('"Netlify Edge"; fwd=miss');
    expect(after.body).toContain('1 rating');
  });
});

describe('full-text search (issue 28 point 5)', () => {
  it('indexes every book and author page that shows a text, in each language, whether or not the build wrote it', async () => {
    // The real build's pages, indexed afresh against the database as it is now (the build may be older).
    const copy = mkdtempSync(path.join(os.tmpdir(), 'search-index-'));
    try {
      linkTree(await realSiteBuild(), copy, { skip: (relPath) => relPath === 'pagefind' });
      await writeSearchIndex(copy);
      const entry = JSON.parse(readFileSync(path.join(copy, 'pagefind', 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
      const { books, authors } = await loadCatalogueSnapshot(await getDb());
      for (const locale of LOCALES) {
        const withText = books.filter((book) => bookSearchPage(book, locale)).length + authors.filter((author) => authorSearchPage(author, locale)).length;
        expect(withText).toBeGreaterThan(100); // the seed has synopses and bios for about two hundred
        expect(entry.languages[locale]!.page_count).toBe(withText);
      }
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 120_000);
});
