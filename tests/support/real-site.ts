/**
 * A real build of the site for the integration tests that need the real pages (issue 28, ADR 0037:
 * the on-demand book, author and series pages and their function, the 404 pages): `astro build`
 * against the test database, as `npm start` builds, with only PREBUILD_TOP=3 entity pages of each kind
 * prebuilt, so the rest are on demand. Kept under `.data/test-builds/` by the inputs' fingerprint and
 * the database, so only the first file of a run (or the first run after a change) pays for it.
 * The pages prebuilt show the catalogue as it was at that build; the on-demand ones read it live.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildSite, inputFingerprint, isBuildCurrent } from '../../scripts/site-build.ts';

const ROOT = path.join(process.cwd(), '.data', 'test-builds');
/** Entity pages of each kind the test build prebuilds. */
export const TEST_PREBUILD_TOP = '3';

/** The folder of a current build against `databaseUrl` (the test database), built when missing. */
export async function realSiteBuild(databaseUrl = process.env.DATABASE_URL!): Promise<string> {
  process.env.PREBUILD_TOP = TEST_PREBUILD_TOP;
  const name = createHash('sha256').update(`${databaseUrl}\n${inputFingerprint()}\n${TEST_PREBUILD_TOP}`).digest('hex').slice(0, 16);
  const dir = path.join(ROOT, `build-${name}`);
  if (existsSync(dir) && isBuildCurrent(dir)) return dir;
  // One kept build (with its page function beside it): older ones go.
  if (existsSync(ROOT)) for (const entry of readdirSync(ROOT)) rmSync(path.join(ROOT, entry), { recursive: true, force: true });
  await buildSite(databaseUrl, dir);
  return dir;
}
