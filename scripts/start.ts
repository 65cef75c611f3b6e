/**
 * `npm start`: the production-like local site. Prepares the database (embedded unless DATABASE_URL
 * is set; migrated and seeded), builds the static pages if their inputs changed, then serves dist/
 * with the functions and the redirect rules through the Netlify CLI, offline.
 */
import { spawn } from 'node:child_process';
import { prepareDatabase } from './db-prepare.ts';
import { buildSite, DIST_DIR, isBuildCurrent } from './site-build.ts';

const port = Number(process.env.PORT ?? 8888);
const t0 = Date.now();
const prepared = await prepareDatabase();
console.log(`Database ready (${prepared.connection.driver}) in ${Date.now() - t0} ms.`);
await prepared.connection.close();

if (process.env.FORCE_BUILD === '1' || !isBuildCurrent()) {
  console.log('Building the static site ...');
  await buildSite(prepared.url);
} else {
  console.log('Static site is up to date (dist/); skipping the build.');
}

const netlify = spawn(
  'netlify',
  ['dev', '--offline', '--internal-disable-edge-functions', '--framework', '#static', '--dir', DIST_DIR, '--functions', 'netlify/functions', '--port', String(port)],
  { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, DATABASE_URL: prepared.url, BROWSER: 'none' } },
);
netlify.stdout.on('data', (chunk: Buffer) => {
  const text = chunk.toString();
  process.stdout.write(text);
  if (text.includes('Local dev server ready')) {
    console.log(`\nPhantastika is running at http://localhost:${port}/ (started in ${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);
  }
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  netlify.kill('SIGTERM');
  await prepared.release();
  process.exit(code);
}
netlify.on('exit', (code) => void stop(code ?? 0));
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
