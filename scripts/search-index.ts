/**
 * `node scripts/search-index.ts <built site> <new folder>`: makes the new folder a hard-linked copy of
 * the built site with the pagefind index of every page written afresh into its `pagefind/`: the
 * second step of an incremental rebuild that deferred its index (ADR 0020; scripts/site-build.ts
 * `reindexSite`). Its own process, so it runs at a lowered priority like the build and the server's
 * event loop never waits for the linking.
 */
import path from 'node:path';
import { linkTree, SEARCH_INDEX_PENDING } from '../src/integrations/incremental-build.ts';
import { writeSearchIndex } from '../src/integrations/pagefind.ts';
import { closeSharedConnection } from '../db/client.ts';

const [from, to] = process.argv.slice(2);
if (!from || !to) throw new Error('usage: node scripts/search-index.ts <built site> <new folder>');
const started = Date.now();
linkTree(path.resolve(from), path.resolve(to), { skip: (relPath) => relPath === 'pagefind' || relPath === SEARCH_INDEX_PENDING });
const pages = await writeSearchIndex(path.resolve(to));
console.log(`[search-index] indexed ${pages} pages for full-text search in ${Date.now() - started} ms`);
// The pages rendered on demand were read from the database (DATABASE_URL): let the process end.
await closeSharedConnection();
