/**
 * The sitemaps from the database (issue 28 point 5; netlify/functions/sitemaps.mts) through the local
 * server as `npm start` composes it, CDN included: the index from counts, parts with every record's page
 * in every language, unknown parts refused, and a book an editor adds listed at once (the write purges
 * the catalogue tag the sitemaps are cached under).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../db/client.ts';
import { awardSitemapRoutes } from '../../db/queries/sitemap.ts';
import { SavedSchema } from '../../src/domain/schemas/editorial.ts';
import { editorForTests } from '../support/editorial.ts';
import { dataOf, serveForTests } from '../support/readers.ts';

const server = serveForTests();
const editor = editorForTests(server);

async function get(path: string) {
  const res = await fetch(`${server.url()}${path}`);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')).pathname);

describe('the sitemaps, answered from the database', () => {
  it('names one part per section of the seed, and lists every book in every language with its alternates', async () => {
    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('public, max-age=3600');
    // Kept by the CDN (its own headers are not passed on): the second answer is a hit.
    expect((await get('/sitemap.xml')).headers.get('cache-status')).toBe('"Netlify Edge"; hit');
    expect(locs(index.text)).toEqual(['/sitemaps/pages-1.xml', '/sitemaps/books-1.xml', '/sitemaps/authors-1.xml', '/sitemaps/series-1.xml', '/sitemaps/awards-1.xml']);

    const db = await getDb();
    const slugs = ((await db.execute(sql`SELECT slug FROM books`)).rows as { slug: string }[]).map((r) => r.slug);
    expect(slugs.length).toBeGreaterThan(3000);
    const books = await get('/sitemaps/books-1.xml');
    expect(books.status).toBe(200);
    const listed = locs(books.text);
    expect(listed).toHaveLength(slugs.length * 3);
    expect(new Set(listed)).toEqual(new Set(slugs.flatMap((slug) => ['en', 'de', 'it'].map((l) => `/${l}/books/${slug}`))));
    expect(books.text).toContain('<xhtml:link rel="alternate" hreflang="de" href="http://');
    expect((books.text.match(/<xhtml:link /g) ?? []).length).toBe(listed.length * 4);
  });

  it('lists the pages besides records and every award and category page', async () => {
    const pages = locs((await get('/sitemaps/pages-1.xml')).text);
    for (const path of ['/en/', '/de/books', '/it/awards', '/en/developers', '/de/impressum']) expect(pages).toContain(path);
    expect(pages.some((p) => /\/(login|register|search|profile|welcome|admin)/.test(p))).toBe(false);

    const awards = locs((await get('/sitemaps/awards-1.xml')).text);
    const categories = (await (await getDb()).execute(sql`SELECT a.slug AS award, c.slug AS category FROM award_categories c JOIN awards a ON a.id = c.award_id`)).rows as { award: string; category: string }[];
    expect(categories.length).toBeGreaterThanOrEqual(12);
    for (const { award, category } of categories) expect(awards).toContain(`/it/awards/${award}/${category}`);
    expect(awards).toContain('/de/awards/kurd-lasswitz');
    expect(awards).toHaveLength((await awardSitemapRoutes(await getDb())).length * 3);
  });

  it('refuses a part that does not exist with 404', async () => {
    for (const path of ['/sitemaps/books-2.xml', '/sitemaps/genres-1.xml', '/sitemaps/books-0.xml', '/sitemaps/%2e%2e-1.xml']) expect((await get(path)).status, path).toBe(404);
  });

  it('lists a book an editor adds at once, though the sitemap was cached', async () => {
    expect((await get('/sitemaps/books-1.xml')).headers.get('cache-status')).toBe('"Netlify Edge"; hit');
    const author = dataOf(await server.call('POST', '/api/authors', { cookie: editor().cookie, body: { name: `Sitemap Author ${Date.now()}` } }), SavedSchema, 201);
    const data = dataOf(await server.call('POST', '/api/books', { cookie: editor().cookie, body: { title: `Sitemap Novel ${Date.now()}`, authorIds: [author.id] } }), SavedSchema, 201);
    expect(locs((await get('/sitemaps/books-1.xml')).text)).toContain(`/de/books/${data.slug}`);
  });
});
