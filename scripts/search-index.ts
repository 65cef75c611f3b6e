/**
 * `node scripts/search-index.ts <site folder>`: writes the pagefind index of every page of a built
 * site into `<site>/pagefind/` and clears its pending mark: the second step of an incremental rebuild
 * that deferred its index (ADR 0015; scripts/site-build.ts `reindexSite`), run as its own process so
 * it can run at a lowered priority like the build.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { SEARCH_INDEX_PENDING } from '../src/integrations/incremental-build.ts';
import { writeSearchIndex } from '../src/integrations/pagefind.ts';

const site = process.argv[2];
if (!site) throw new Error('usage: node scripts/search-index.ts <site folder>');
const started = Date.now();
const pages = await writeSearchIndex(path.resolve(site));
rmSync(path.join(site, SEARCH_INDEX_PENDING), { force: true });
console.log(`[search-index] indexed ${pages} pages for full-text search in ${Date.now() - started} ms`);
