import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StaticHandler } from '@netlify/static';
import { afterAll, describe, expect, it } from 'vitest';
import { findStaticFile, headersForPath, readHeaderRules } from './local-server.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'static-lookup-'));
const files = ['index.html', 'en/index.html', 'en/books/dune/index.html', 'en/404.html', 'about.html', 'legacy.htm', 'style.css', 'img/cover.jpg', 'data.json', 'feeds/en.xml', 'dir.html', 'dir/index.html', 'odd name.html'];
for (const file of files) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), file);
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('findStaticFile', () => {
  it('finds the file @netlify/static finds, for every kind of path', async () => {
    const statics = new StaticHandler({ directory: dir });
    const paths = ['/', '/en', '/en/', '/en/books/dune', '/en/books/dune/', '/en/books/dune/index.html', '/about', '/about/', '/about.html', '/legacy', '/style.css', '/img/cover.jpg', '/data.json', '/data', '/feeds/en.xml', '/dir', '/dir/', '/missing', '/en/missing/', '/odd%20name', '/odd name', '/en/404'];
    for (const pathname of paths) {
      const match = await statics.match(new Request(`http://localhost${pathname.replace(' ', '%20')}`));
      const ours = findStaticFile(dir, new URL(`http://localhost${pathname.replace(' ', '%20')}`).pathname);
      if (!match) {
        expect(ours, pathname).toBeNull();
        continue;
      }
      const response = await match.handle();
      expect(ours, pathname).not.toBeNull();
      expect(path.relative(dir, ours!.path), pathname).toBe(await response.text());
      expect(ours!.contentType || null, pathname).toBe(response.headers.get('content-type'));
    }
  });
});

describe('headersForPath', () => {
  it('gives a path the values of every `_headers` rule that matches it, later rules winning', async () => {
    const site = mkdtempSync(path.join(tmpdir(), 'static-headers-'));
    try {
      writeFileSync(path.join(site, '_headers'), ['# comment', '/*', '  X-Frame-Options: DENY', '  Cache-Control: public, max-age=0', '/_astro/*', '  Cache-Control: public, max-age=31536000, immutable', '/en/books/:slug', '  X-Book: yes', ''].join('\n'));
      const rules = await readHeaderRules(site);
      expect(headersForPath(rules, '/en/')).toEqual({ 'X-Frame-Options': 'DENY', 'Cache-Control': 'public, max-age=0' });
      expect(headersForPath(rules, '/_astro/app.js')).toEqual({ 'X-Frame-Options': 'DENY', 'Cache-Control': 'public, max-age=31536000, immutable' });
      expect(headersForPath(rules, '/en/books/dune')).toEqual({ 'X-Frame-Options': 'DENY', 'Cache-Control': 'public, max-age=0', 'X-Book': 'yes' });
      expect(headersForPath(rules, '/en/books/dune/reviews')).not.toHaveProperty('X-Book');
      expect(await readHeaderRules(dir)).toEqual([]);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
});
