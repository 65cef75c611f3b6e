/**
 * Builds the static site when its inputs changed since the last build (`npm start` builds only when
 * needed). Inputs: source, locales, public files, config, the seed data and the lockfile. Catalogue
 * edits made through the admin trigger their own rebuild (DESIGN.md §1).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = process.cwd();
const INPUTS = ['src', 'locales', 'public', 'db', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
/** Output folder; DIST_DIR lets parallel builds (e.g. two e2e runs) keep apart. */
export const DIST_DIR = process.env.DIST_DIR ?? 'dist';
const STAMP = path.resolve(ROOT, DIST_DIR, '.build-fingerprint');

function* files(p: string): Generator<string> {
  if (!existsSync(p)) return;
  const stat = statSync(p);
  if (stat.isFile()) {
    yield p;
    return;
  }
  for (const entry of readdirSync(p).sort()) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    yield* files(path.join(p, entry));
  }
}

/** A hash of the paths, sizes and modification times of every build input. */
export function inputFingerprint(): string {
  const hash = createHash('sha256');
  // Canonical and hreflang URLs are absolute: a different SITE_URL is a different build.
  hash.update(`SITE_URL=${process.env.SITE_URL ?? ''}\n`);
  for (const input of INPUTS) {
    for (const file of files(path.join(ROOT, input))) {
      const stat = statSync(file);
      hash.update(`${path.relative(ROOT, file)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

export function isBuildCurrent(): boolean {
  return existsSync(STAMP) && readFileSync(STAMP, 'utf8') === inputFingerprint();
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
    child.on('error', reject);
  });
}

/** Runs `astro build` against the given database and records the input fingerprint. */
export async function buildSite(databaseUrl: string): Promise<void> {
  const fingerprint = inputFingerprint();
  await run('astro', ['build', '--outDir', DIST_DIR], { DATABASE_URL: databaseUrl, ASTRO_TELEMETRY_DISABLED: '1' });
  writeFileSync(STAMP, fingerprint);
}
