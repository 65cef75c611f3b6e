/**
 * The local server's cut redirect matcher (scripts/redirect-segments.ts) answers every request as
 * @netlify/redirects does with the whole file: a `_redirects` as the build writes it (public/_redirects
 * with 360 slug redirects under its marker) and requests for pages, old slugs in other spellings
 * (case, trailing slash, index.html, encoded), the language redirects with and without Accept-Language
 * and nf_lang, API paths and unknown paths.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RedirectsHandler } from '@netlify/redirects';
import { afterAll, describe, expect, it } from 'vitest';
import { segmentedMatcher } from '../../../scripts/redirect-segments.ts';
import { insertGeneratedRules, rule } from '../../../src/domain/redirect-rules.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'redirect-segments-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECTIONS = ['books', 'authors', 'series'];
const LOCALES = ['en', 'de', 'it'];
const moved = Array.from({ length: 120 }, (_, i) => ({ section: SECTIONS[i % 3]!, old: `old-slug-${i}`, slug: `new-slug-${i}` }));

describe('the cut redirect matcher', () => {
  it('finds the same rule as the whole file for every request', { timeout: 300_000 }, async () => {
    const lines = LOCALES.flatMap((l) => moved.map((m) => rule(`/${l}/${m.section}/${m.old}`, `/${l}/${m.section}/${m.slug}`)));
    writeFileSync(path.join(dir, '_redirects'), insertGeneratedRules(readFileSync('public/_redirects', 'utf8'), [{ title: 'old slugs', lines }]));
    const full = new RedirectsHandler({ projectDir: dir, publicDir: dir, configRedirects: [], jwtRoleClaim: '', jwtSecret: '' });
    const cut = await segmentedMatcher(dir, full);

    const paths = ['/', '/books', '/books/dune', '/en/', '/de/books/dune', '/it/authors/frank-herbert', '/en/search', '/api/nothing', '/nowhere', '/de/nowhere', '/home', '/kontakt'];
    for (const m of moved.filter((_, i) => i % 8 === 0)) {
      for (const l of LOCALES) {
        const p = `/${l}/${m.section}/${m.old}`;
        paths.push(p, `${p}/`, p.toUpperCase(), `${p}/index.html`, `${p}.html`, p.replace('-', '%2D'), `/${l}/${m.section}/${m.slug}`, `${p}x`);
      }
    }
    const variants: RequestInit[] = [{}, { headers: { 'accept-language': 'de-DE,de;q=0.9' } }, { headers: { 'accept-language': 'it' } }, { headers: { cookie: 'nf_lang=it' } }];
    let compared = 0;
    for (const p of paths) {
      for (const init of variants) {
        const request = () => new Request(`http://localhost${p}?q=1`, init);
        expect(JSON.stringify(await cut(request())), `${p} ${JSON.stringify(init)}`).toBe(JSON.stringify(await full.match(request())));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1400);
    // The old slugs do redirect (the comparison is not of two empty answers).
    expect((await cut(new Request(`http://localhost/de/${moved[0]!.section}/${moved[0]!.old}`)))?.target.pathname).toBe(`/de/${moved[0]!.section}/${moved[0]!.slug}`);
  });
});
