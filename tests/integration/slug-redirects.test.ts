/**
 * Old slugs answer a 301 (issue 11.4): the rules src/integrations/slug-redirects.ts generates from the
 * seeded database, put into the site's real _redirects as the build does, served by Netlify's own
 * redirect engine through the local server (scripts/local-server.ts).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type Connection } from '../../db/client.ts';
import { loadSlugRedirects } from '../../db/queries/catalogue.ts';
import { insertGeneratedRules } from '../../src/domain/redirect-rules.ts';
import { slugRedirectRules } from '../../src/integrations/slug-redirects.ts';
import { startLocalServer, type LocalServer } from '../../scripts/local-server.ts';
import { makeFixtureSite } from '../support/fixture-site.ts';

let connection: Connection;
let server: LocalServer;
let site: string;

beforeAll(async () => {
  connection = connect(inject('databaseUrl'), { max: 2 });
  site = makeFixtureSite('slugs', os.tmpdir());
  const redirects = path.join(site, '_redirects');
  writeFileSync(redirects, insertGeneratedRules(readFileSync(redirects, 'utf8'), slugRedirectRules(await loadSlugRedirects(connection.db))));
  server = await startLocalServer({ siteDir: site });
});
afterAll(async () => {
  await server?.close();
  await connection?.close();
  rmSync(site, { recursive: true, force: true });
});

const answer = async (pathname: string) => {
  const response = await fetch(new URL(pathname, server.url), { redirect: 'manual' });
  const location = response.headers.get('location');
  return { status: response.status, location: location && new URL(location, server.url).pathname + new URL(location, server.url).search };
};

describe('old slugs', () => {
  it.each(['en', 'de', 'it'])('/%s/books/ender-s-game answers a 301 to /%s/books/enders-game', async (locale) => {
    expect(await answer(`/${locale}/books/ender-s-game`)).toEqual({ status: 301, location: `/${locale}/books/enders-game` });
  });

  it('moves authors and series too, and keeps the query string', async () => {
    expect(await answer('/en/authors/claudia-o-keefe')).toEqual({ status: 301, location: '/en/authors/claudia-okeefe' });
    expect(await answer('/de/series/ender-s-saga?tab=books')).toEqual({ status: 301, location: '/de/series/enders-saga?tab=books' });
  });

  it('leaves a current slug alone: its page answers', async () => {
    expect((await answer('/en/books/dune')).status).toBe(200);
  });
});
