/**
 * `npm start`: the production-like local site (issue 9). Prepares the database (embedded unless
 * DATABASE_URL is set; migrated and seeded), builds the static pages if their inputs changed, then
 * serves the build, the functions (loaded once, warm) and the redirect rules from one Node process
 * (scripts/local-server.ts). Catalogue edits call `requestRebuild()`: the next build goes into a new
 * folder and is swapped in live; the superseded folder is removed once no request reads it. That
 * build is incremental (ADR 0020): it renders the pages the changes since the served build touch
 * and hard-links the rest from it.
 */
import './local-runtime.ts';
import path from 'node:path';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import it from '../locales/it.json' with { type: 'json' };
import { closeSharedConnection } from '../db/client.ts';
import { installRebuilder } from '../netlify/functions/_shared/rebuild.ts';
import { prepareDatabase } from './db-prepare.ts';
import { createLocalRebuilder } from './local-rebuild.ts';
import { startLocalServer } from './local-server.ts';
import { BuildFolders, buildSite, isBuildCurrent, reindexSite } from './site-build.ts';

const port = Number(process.env.PORT ?? 8888);
const t0 = Date.now();
// SEED_IMPORT=off: migrate only, keep the catalogue as it is (bench:scale serves a synthetic one,
// which importing the real catalogue over it would reduce to the real one).
const prepared = await prepareDatabase({ seed: process.env.SEED_IMPORT !== 'off' });
console.log(`Database ready (${prepared.connection.driver}) in ${Date.now() - t0} ms.`);
await prepared.connection.close();
// The functions run in this process and read the database from the environment, as when deployed.
process.env.DATABASE_URL = prepared.url;

const folders = new BuildFolders(port);
folders.removeStale();
// Listening first: a taken port shows at once, and the API answers while the first build runs.
const server = await startLocalServer({
  port,
  blobsDir: path.join('.data', 'blobs'),
  onRetired: (dir) => void folders.remove(dir),
  buildingMessage: [en, de, it].map((messages) => messages['runtime.firstBuild']).join(' · '),
  // No scheduler runs locally: the server calls the scheduled functions (pruning, analytics rollup) on their schedules.
  runSchedules: true,
}).catch(async (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${port} is in use: stop what runs there, or start with PORT=<another port>.` : error);
  await prepared.release();
  process.exit(1);
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.close();
  await closeSharedConnection();
  await prepared.release();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

let initial = folders.current();
if (process.env.SKIP_BUILD === '1') {
  // API benchmarks (bench:reader): the functions only, on their own database, without building pages.
  console.log(`SKIP_BUILD=1: serving the API only at http://localhost:${port}/api/ (no static pages).`);
} else if (process.env.FORCE_BUILD === '1' || !initial || !isBuildCurrent(initial)) {
  console.log(`Building the static site (the server at http://localhost:${port}/ already answers) ...`);
  const dir = folders.next();
  await buildSite(prepared.url, dir, { state: true });
  folders.publish(dir);
  folders.removeStale();
  initial = dir;
} else {
  console.log(`Static site is up to date (${path.relative(process.cwd(), initial)}); skipping the build.`);
}
if (process.env.SKIP_BUILD !== '1') {
  await server.swapTo(initial!);
  // LOCAL_REBUILD=off: catalogue edits do not rebuild (the rebuild status says 'unavailable'), e.g. while
  // iterating on an editor's e2e test on a shared machine, where each edit would start a full build.
  if (process.env.LOCAL_REBUILD === 'off') console.log('LOCAL_REBUILD=off: catalogue edits will not rebuild the static pages.');
  else {
    const rebuild = (dir: string) => buildSite(prepared.url, dir, { background: true, state: true, base: folders.current(), deferSearchIndex: true });
    installRebuilder(createLocalRebuilder(server, folders, rebuild, { reindex: (dir, indexed) => reindexSite(dir, indexed, { background: true, databaseUrl: prepared.url }) }));
  }
}

console.log(`\nPhantastika is running at http://localhost:${port}/ (started in ${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);

