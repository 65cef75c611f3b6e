/**
 * A small static build for the runtime tests: a few pages per locale, a 404 page, an asset, optionally a
 * large file, the site's real `public/_redirects`, so the rules under test are the ones we deploy, and
 * the `_headers` file the build writes.
 */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { headersFile } from '../../src/domain/security-headers.ts';

const PAGES = ['index.html', 'en/index.html', 'de/index.html', 'it/index.html', 'en/books/index.html', 'de/books/index.html', 'it/books/index.html', 'en/books/dune/index.html', 'de/books/dune/index.html'];

/** Size of `big.bin`: larger than socket buffers, so a paused reader holds the response open. */
export const BIG_FILE_BYTES = 16 * 1024 * 1024;

/** Writes a build whose pages say `label` into a new folder under `parent`; returns the folder. */
export function makeFixtureSite(label: string, parent = os.tmpdir(), options: { bigFile?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(parent, `site-${label}-`));
  writeFixtureSite(dir, label, options);
  return dir;
}

/** Writes a build whose pages say `label` into `dir` (created if missing); `bigFile` adds big.bin. */
export function writeFixtureSite(dir: string, label: string, options: { bigFile?: boolean } = {}): void {
  mkdirSync(dir, { recursive: true });
  for (const page of PAGES) {
    mkdirSync(path.dirname(path.join(dir, page)), { recursive: true });
    writeFileSync(path.join(dir, page), `<!doctype html><title>${page}</title><h1>${label} ${page}</h1>`);
  }
  for (const locale of ['en', 'de', 'it']) {
    mkdirSync(path.join(dir, locale, '404'), { recursive: true });
    writeFileSync(path.join(dir, locale, '404', 'index.html'), `<!doctype html><h1>${label} not found ${locale}</h1>`);
  }
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // Big enough to be sent compressed (scripts/local-server.ts).
  mkdirSync(path.join(dir, 'en', 'long'), { recursive: true });
  writeFileSync(path.join(dir, 'en', 'long', 'index.html'), `<!doctype html><title>long</title><h1>${label} long</h1>${'<p>A page long enough to compress.</p>'.repeat(200)}`);
  if (options.bigFile) writeFileSync(path.join(dir, 'big.bin'), Buffer.alloc(BIG_FILE_BYTES, 7));
  copyFileSync(path.join(process.cwd(), 'public', '_redirects'), path.join(dir, '_redirects'));
  // As the build writes it (src/integrations/security-headers.ts); the fixture pages have no inline code.
  writeFileSync(path.join(dir, '_headers'), headersFile({ scripts: [], styles: [] }));
}
