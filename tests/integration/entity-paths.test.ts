/**
 * Entity paths that are no page (issue 28 point 4; ADRs 0033, 0037), over HTTP through the local
 * server, the real build (tests/support/real-site.ts) and the seeded test database: the spec's id
 * routes and the old slugs answer a 301 from a lookup (the on-demand book, author and series route;
 * the entity-path function for genres and awards) instead of thousands of `_redirects` rules; a
 * page's own file always wins (`preferStatic`); anything else is the language's 404 page with status
 * 404; the answers are kept by the CDN and follow a catalogue write at once.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type Connection } from '../../db/client.ts';
import { purgeCdnTags } from '../../netlify/functions/_shared/cdn-purge.ts';
import { startLocalServer, type LocalServer } from '../../scripts/local-server.ts';
import { CATALOGUE_TAG } from '../../src/domain/cdn/cache-tags.ts';
import { realSiteBuild } from '../support/real-site.ts';

let connection: Connection;
let server: LocalServer;
let site: string;

beforeAll(async () => {
  connection = connect(inject('databaseUrl'), { max: 2 });
  site = await realSiteBuild();
  server = await startLocalServer({ siteDir: site });
}, 600_000);
afterAll(async () => {
  await server?.close();
  await connection?.close();
});

const answer = async (pathname: string) => {
  const response = await fetch(new URL(pathname, server.url), { redirect: 'manual' });
  const location = response.headers.get('location');
  const body = await response.text();
  return { status: response.status, location: location && new URL(location, server.url).pathname + new URL(location, server.url).search, body, cache: response.headers.get('cache-status') };
};
/** The slugs of the pages the build wrote in a section folder (not `add`, `edit`, `index.html`). */
const readdirSafe = (folder: string) => (existsSync(folder) ? readdirSync(folder).filter((entry) => !['add', 'edit', 'index.html'].includes(entry)) : []);
const one = async <T>(query: ReturnType<typeof sql>) => (await connection.db.execute(query)).rows[0] as T;

describe('old slugs', () => {
  it.each(['en', 'de', 'it'])('/%s/books/ender-s-game answers a 301 to /%s/books/enders-game', async (locale) => {
    expect(await answer(`/${locale}/books/ender-s-game`)).toMatchObject({ status: 301, location: `/${locale}/books/enders-game` });
  });

  it('moves authors and series too, and keeps the query string', async () => {
    expect(await answer('/en/authors/claudia-o-keefe')).toMatchObject({ status: 301, location: '/en/authors/claudia-okeefe' });
    expect(await answer('/de/series/ender-s-saga?tab=books')).toMatchObject({ status: 301, location: '/de/series/enders-saga?tab=books' });
  });

  it("leaves a page's own file alone: a prebuilt page answers from it, any other from the on-demand route", async () => {
    const prebuilt = readdirSafe(path.join(site, 'en', 'books'))[0]!;
    const prebuiltAnswer = await answer(`/en/books/${prebuilt}`);
    expect([prebuiltAnswer.status, prebuiltAnswer.cache]).toEqual([200, null]);
    const onDemand = await one<{ slug: string }>(sql`SELECT slug FROM books WHERE slug <> ALL(${`{${readdirSafe(path.join(site, 'en', 'books')).join(',')}}`}::text[]) ORDER BY id LIMIT 1`);
    const onDemandAnswer = await answer(`/en/books/${onDemand.slug}`);
    expect([onDemandAnswer.status, onDemandAnswer.cache]).toEqual([200, '"Netlify Edge"; fwd=miss']);
  });
});

describe('id routes (spec §2)', () => {
  it('sends an author, series or award id to its page in the same language', async () => {
    const author = await one<{ id: number; slug: string }>(sql`SELECT id, slug FROM authors ORDER BY id LIMIT 1`);
    const series = await one<{ id: number; slug: string }>(sql`SELECT id, slug FROM series ORDER BY id LIMIT 1`);
    const award = await one<{ id: number; slug: string }>(sql`SELECT id, slug FROM awards ORDER BY id LIMIT 1`);
    expect(await answer(`/de/authors/${author.id}`)).toMatchObject({ status: 301, location: `/de/authors/${author.slug}` });
    expect(await answer(`/it/series/${series.id}`)).toMatchObject({ status: 301, location: `/it/series/${series.slug}` });
    expect(await answer(`/en/awards/${award.id}`)).toMatchObject({ status: 301, location: `/en/awards/${award.slug}` });
  });

  it('sends a genre id or slug to the books of that genre', async () => {
    const genre = await one<{ id: number; slug: string; name: string }>(sql`SELECT id, slug, name FROM genres ORDER BY id LIMIT 1`);
    const list = `/it/books?genre=${encodeURIComponent(genre.name)}`;
    expect(await answer(`/it/genres/${genre.id}`)).toMatchObject({ status: 301, location: list });
    expect(await answer(`/it/genres/${genre.slug}`)).toMatchObject({ status: 301, location: list });
  });
});

describe('anything else', () => {
  it.each(['/en/books/no-such-book', '/de/authors/2147483648', '/it/awards/no-such-award', '/en/genres/%zz', '/de/books/42'])('%s is the language’s 404 page with status 404', async (pathname) => {
    const { status, body } = await answer(pathname);
    expect(status).toBe(404);
    expect(body).toContain(`<html lang="${pathname.slice(1, 3)}"`);
    expect(body).toContain(readFileSync(path.join(site, pathname.slice(1, 3), '404', 'index.html'), 'utf8').match(/<title>[^<]*<\/title>/)![0]);
  });
});

describe('the CDN keeps these answers and follows the catalogue', () => {
  it('serves a repeat from the CDN, and a renamed slug at once after the write purges', async () => {
    const author = await one<{ id: number; slug: string }>(sql`SELECT id, slug FROM authors ORDER BY id DESC LIMIT 1`);
    const before = await answer(`/en/authors/${author.id}`);
    expect(before).toMatchObject({ status: 301, location: `/en/authors/${author.slug}` });
    expect((await answer(`/en/authors/${author.id}`)).cache).toBe('"Netlify Edge"; hit');
    const renamed = `${author.slug}-renamed-paths`;
    await connection.db.execute(sql`UPDATE authors SET slug = ${renamed} WHERE id = ${author.id}`);
    try {
      await purgeCdnTags([CATALOGUE_TAG]); // as every catalogue write does (noteCatalogueWrite)
      expect(await answer(`/en/authors/${author.id}`)).toMatchObject({ status: 301, location: `/en/authors/${renamed}`, cache: '"Netlify Edge"; fwd=miss' });
    } finally {
      await connection.db.execute(sql`UPDATE authors SET slug = ${author.slug} WHERE id = ${author.id}`);
      await purgeCdnTags([CATALOGUE_TAG]);
    }
  });
});

describe('_redirects', () => {
  it('has no rule per record any more: it stays small whatever the catalogue', () => {
    const rules = readFileSync(path.join(process.cwd(), 'public', '_redirects'), 'utf8').split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));
    expect(rules.length).toBeLessThan(1_000);
    expect(rules.some((line) => /^\/(en|de|it)\/(authors|series|awards|genres)\/\d+\s/.test(line))).toBe(false);
  });
});
