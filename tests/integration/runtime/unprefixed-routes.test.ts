/**
 * Unprefixed genre and award routes reach their pages (issue 29 point 24): /genres/{id}, /genres/add,
 * /genres/edit/{slug} and /awards/{id} used to fall through to the catch-all and land on the start
 * page. The site's real `public/_redirects`, served by Netlify's own redirect engine through the local
 * server, sends them to the visitor's language; there the entity-path function (ADR 0033) answers the
 * ids from the seeded catalogue. Each answer is followed hop by hop to the page it ends on.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type Connection } from '../../../db/client.ts';
import { loadCatalogueSnapshot, type CatalogueSnapshot } from '../../../db/queries/catalogue.ts';
import { startLocalServer, type LocalServer } from '../../../scripts/local-server.ts';
import { makeFixtureSite } from '../../support/fixture-site.ts';

let connection: Connection;
let server: LocalServer;
let site: string;
let catalogue: CatalogueSnapshot;

beforeAll(async () => {
  connection = connect(inject('databaseUrl'), { max: 2 });
  catalogue = await loadCatalogueSnapshot(connection.db);
  site = makeFixtureSite('unprefixed', os.tmpdir());
  const award = catalogue.awards[0]!;
  for (const locale of ['en', 'de', 'it']) {
    for (const page of ['genres/add', 'genres/edit', `awards/${award.slug}`]) {
      mkdirSync(path.join(site, locale, page), { recursive: true });
      writeFileSync(path.join(site, locale, page, 'index.html'), `<!doctype html><h1>${locale}/${page}</h1>`);
    }
  }
  server = await startLocalServer({ siteDir: site });
});
afterAll(async () => {
  await server?.close();
  await connection?.close();
  if (site) rmSync(site, { recursive: true, force: true });
});

/** Follows redirects by hand; returns the final status, address (path and query) and page text. */
async function land(pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; at: string; body: string }> {
  let url = new URL(pathname, server.url);
  for (let hop = 0; hop < 5; hop++) {
    const response = await fetch(url, { redirect: 'manual', headers });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      continue;
    }
    return { status: response.status, at: url.pathname + url.search, body: await response.text() };
  }
  throw new Error(`${pathname}: more than 5 redirects`);
}

describe.each([
  ['en', {}],
  ['de', { 'accept-language': 'de-DE,de;q=0.9' }],
  ['it', { cookie: 'nf_lang=it' }],
] as const)('unprefixed genre and award routes in %s', (locale, headers) => {
  it('/genres/{id} ends on the books of that genre', async () => {
    const genre = catalogue.genres[0]!;
    const { status, at } = await land(`/genres/${genre.id}`, headers);
    expect(status).toBe(200);
    expect(at).toBe(`/${locale}/books?genre=${encodeURIComponent(genre.name)}`);
  });

  it('/awards/{id} ends on the award page', async () => {
    const award = catalogue.awards[0]!;
    const { status, at, body } = await land(`/awards/${award.id}`, headers);
    expect({ status, at }).toEqual({ status: 200, at: `/${locale}/awards/${award.slug}` });
    expect(body).toContain(`${locale}/awards/${award.slug}`);
  });

  it('/genres/add and /genres/edit/{slug} reach the editor pages', async () => {
    expect(await land('/genres/add', headers)).toMatchObject({ status: 200, at: `/${locale}/genres/add`, body: expect.stringContaining(`${locale}/genres/add`) });
    const slug = catalogue.genres[0]!.slug;
    expect(await land(`/genres/edit/${slug}`, headers)).toMatchObject({ status: 200, at: `/${locale}/genres/edit/${slug}`, body: expect.stringContaining(`${locale}/genres/edit`) });
  });
});
