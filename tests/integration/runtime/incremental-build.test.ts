/**
 * Incremental rebuilds (issue 13 point 7, ADR 0020): after an editor renames a book's slug and
 * rewrites its synopsis, a build from the previous one renders only the pages that change and takes
 * the rest over, and the folder it writes is the one a full build writes: the same files with the
 * same bytes (pages, sitemap, _redirects with the old slug's 301, _headers, the pagefind index written
 * in its second step), the old slug's pages gone. On a small synthetic catalogue in a database of its own, with real
 * `astro build` runs (scripts/site-build.ts, as `npm start` runs them).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type Connection } from '../../../db/client.ts';
import { migrateDatabase } from '../../../db/migrate.ts';
import { loadCatalogueSnapshot } from '../../../db/queries/catalogue.ts';
import { updateBook } from '../../../db/queries/editorial/books.ts';
import { importSeedCatalogue } from '../../../db/seed/import.ts';
import { loadSeedCatalogue } from '../../../db/seed/seed-data.ts';
import { buildSite, reindexSite, searchIndexPending } from '../../../scripts/site-build.ts';
import { generateSyntheticCatalogue } from '../../../scripts/synthetic-catalogue.ts';
import { recreateDatabase } from '../../support/test-database.ts';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'incremental-build-'));
const dir = (name: string) => path.join(scratch, name);
let connection: Connection;
let url: string;

beforeAll(async () => {
  url = await recreateDatabase(inject('databaseServerUrl'), `${process.env.TEST_DATABASE_NAME ?? 'phantastika_test'}_incremental`);
  connection = connect(url, { max: 2 });
  await migrateDatabase(connection);
  await importSeedCatalogue(connection.db, generateSyntheticCatalogue(24, 7, loadSeedCatalogue()));
}, 120_000);
afterAll(async () => {
  await connection?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Every file of a build folder by its path inside it. */
function files(root: string, rel = ''): Map<string, string> {
  const all = new Map<string, string>();
  for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const relPath = path.join(rel, entry.name);
    if (entry.isDirectory()) for (const [k, v] of files(root, relPath)) all.set(k, v);
    else all.set(relPath, path.join(root, relPath));
  }
  return all;
}

describe('an incremental rebuild', () => {
  it('writes what a full build writes after a slug rename and a new synopsis, rendering only what changed', async () => {
    await buildSite(url, dir('first'), { state: true });

    // The edit, as PATCH /api/books/{id} makes it: a book in a series, so its author and series pages show it.
    const snapshot = await loadCatalogueSnapshot(connection.db);
    const book = snapshot.books.find((b) => b.series.length > 0)!;
    const [actor] = (await connection.db.execute(sql`INSERT INTO users (email, password_hash, role) VALUES ('editor@incremental.test', 'x', 'SUPER_USER') RETURNING id, email`)).rows as { id: string; email: string }[];
    const synopsis = { en: 'Rewritten synopsis, incremental', de: 'Neu geschriebene Inhaltsangabe', it: 'Trama riscritta' };
    const saved = await updateBook(connection.db, actor!, book.id, { slug: `${book.slug}-renamed`, description: synopsis });
    expect(saved).toMatchObject({ ok: true, value: { slug: `${book.slug}-renamed` } });

    // As `npm start` rebuilds: the pages first, with the base's search index, then the full index in a linked copy.
    await buildSite(url, dir('pages'), { state: true, base: dir('first'), deferSearchIndex: true });
    expect(searchIndexPending(dir('pages'))).toBe(true);
    await reindexSite(dir('pages'), dir('incremental'), { databaseUrl: url });
    expect(searchIndexPending(dir('incremental'))).toBe(false);
    await buildSite(url, dir('full'), { state: true });

    const incremental = files(dir('incremental'));
    const full = files(dir('full'));
    expect([...incremental.keys()].sort()).toEqual([...full.keys()].sort());
    const differing = [...full].filter(([rel, file]) => !readFileSync(file).equals(readFileSync(incremental.get(rel)!))).map(([rel]) => rel);
    expect(differing).toEqual([]);

    // Incremental indeed: the pages of books it did not touch are the first build's files, linked.
    const first = files(dir('first'));
    const untouched = snapshot.books.find((b) => b.id !== book.id && !b.authorIds.some((a) => book.authorIds.includes(a)) && b.series.length === 0)!;
    const untouchedPage = path.join('en', 'books', untouched.slug, 'index.html');
    expect(statSync(incremental.get(untouchedPage)!).ino).toBe(statSync(first.get(untouchedPage)!).ino);
    // ... while the pages that show the edited book were rendered anew.
    const authorPage = path.join('de', 'authors', snapshot.authorById.get(book.authorIds[0]!)!.slug, 'index.html');
    expect(statSync(incremental.get(authorPage)!).ino).not.toBe(statSync(first.get(authorPage)!).ino);

    // The change itself, in every locale; the old slug's pages are gone (the entity-path function
    // answers them with a 301: tests/integration/entity-paths.test.ts).
    for (const [locale, text] of Object.entries(synopsis)) {
      expect(readFileSync(incremental.get(path.join(locale, 'books', `${book.slug}-renamed`, 'index.html'))!, 'utf8')).toContain(text);
      expect(incremental.has(path.join(locale, 'books', book.slug, 'index.html'))).toBe(false);
    }
  }, 600_000);
});

/**
 * Issue 28 point 1 (ADR 0037): an entity page rendered on demand by the build's own page function
 * (the bundle Netlify deploys, loaded from `<build>.functions/ssr`) is byte for byte the page the
 * build wrote, in every language, and its CSP allows nothing the build's `_headers` does not. Reuses
 * the full build of the test above (this small catalogue is all within PREBUILD_TOP).
 */
describe('on-demand entity pages', () => {
  it('render the same HTML as the prebuilt pages, with the same security headers', async () => {
    const site = dir('full');
    expect(existsSync(path.join(`${site}.functions`, 'ssr', 'ssr.mjs'))).toBe(true);
    process.env.DATABASE_URL = url;
    const { default: handler, config } = await import(pathToFileURL(path.join(`${site}.functions`, 'ssr', 'ssr.mjs')).href);
    // The adapter's catch-all, narrowed to the on-demand sections, after a prebuilt file.
    expect(config).toMatchObject({ path: '/:locale(en|de|it)/:section(books|authors|series)/:key', preferStatic: true });

    const snapshot = await loadCatalogueSnapshot(connection.db);
    const pages = [
      ...snapshot.books.map((b) => `books/${b.slug}`),
      ...snapshot.authors.slice(0, 6).map((a) => `authors/${a.slug}`),
      ...snapshot.series.slice(0, 4).map((s) => `series/${s.slug}`),
    ];
    const headersFile = readFileSync(path.join(site, '_headers'), 'utf8');
    const differing: string[] = [];
    for (const locale of ['en', 'de', 'it']) {
      for (const page of pages) {
        const response: Response = await handler(new Request(`http://localhost:8888/${locale}/${page}`), { ip: '127.0.0.1' });
        expect(response.status, `${locale}/${page}`).toBe(200);
        const html = await response.text();
        const prebuilt = readFileSync(path.join(site, locale, page, 'index.html'), 'utf8');
        if (html !== prebuilt) differing.push(`${locale}/${page}`);
        // Tagged for the edge: the records it shows, kept a week and purged by writes.
        expect(response.headers.get('netlify-cdn-cache-control')).toMatch(/^public, durable, max-age=\d+, stale-while-revalidate=\d+$/);
        expect(response.headers.get('netlify-cache-tag')).toMatch(/(^|,)(book|author|series)-\d+(,|$)/);
        // Its CSP allows only what the build's CSP for all pages allows.
        const policy = response.headers.get('content-security-policy') ?? '';
        for (const hash of policy.match(/sha256-[^']+/g) ?? []) expect(headersFile).toContain(hash);
      }
    }
    expect(differing).toEqual([]);

    // A key that is no slug: an author's id leads to the page (301), anything else is the 404 page.
    const author = snapshot.authors[0]!;
    const moved: Response = await handler(new Request(`http://localhost:8888/de/authors/${author.id}?x=1`), { ip: '127.0.0.1' });
    expect([moved.status, moved.headers.get('location')]).toEqual([301, `/de/authors/${author.slug}?x=1`]);
  }, 120_000);
});
