/**
 * Static builds: the input fingerprint (`npm start` builds only when inputs changed), `astro build`
 * into a folder of our choosing, and the build folders `npm start` serves.
 *
 * `npm run build` (Netlify) writes DIST_DIR (dist/). `npm start` never builds in place: each build
 * goes into a new folder under `.data/builds/<port>/` and `current` links to the one being served,
 * so a rebuild can be swapped in while the server keeps serving the old one (issue 9; DESIGN.md §2:
 * Astro empties its output folder first). Inputs: source, locales, public files, config, the seed
 * data and the lockfile. Catalogue edits made through the admin request their own rebuild, which is
 * incremental (ADR 0020): from the served build, only the pages the catalogue changes touch are
 * rendered, the rest is hard-linked from it.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, renameSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ON_DEMAND_SECTIONS, sectionsPath } from '../src/domain/entity-paths.ts';
import { linkTree, SEARCH_INDEX_PENDING, STATE_FILE as CATALOGUE_STATE_FILE } from '../src/integrations/incremental-build.ts';

const ROOT = process.cwd();
const INPUTS = ['src', 'locales', 'public', 'db', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
/** Output folder of `npm run build`. */
export const DIST_DIR = process.env.DIST_DIR ?? 'dist';
const STAMP_FILE = '.build-fingerprint';
/** Lines of build output kept for a failed build's status. */
const LOG_TAIL_LINES = 30;

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
  // Which entity pages are files (ADR 0037): another count is another build.
  hash.update(`PREBUILD_TOP=${process.env.PREBUILD_TOP ?? ''}\n`);
  for (const input of INPUTS) {
    for (const file of files(path.join(ROOT, input))) {
      const stat = statSync(file);
      hash.update(`${path.relative(ROOT, file)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

/** Whether a build folder was built from the current inputs. */
export function isBuildCurrent(dir = DIST_DIR): boolean {
  const stamp = path.resolve(ROOT, dir, STAMP_FILE);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === inputFingerprint();
}

/** A failed command, with the last lines it printed (for a rebuild status a page can show). */
export class CommandError extends Error {
  readonly logTail: string[];

  constructor(message: string, logTail: string[]) {
    super(message);
    this.name = 'CommandError';
    this.logTail = logTail;
  }
}

/** Runs a command, echoing its output, and rejects with its last lines when it fails. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv, { priority }: { priority?: number } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    if (priority !== undefined && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, priority);
      } catch {
        // Not allowed here (or not supported): the command runs at normal priority.
      }
    }
    const tail: string[] = [];
    const keep = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      stream.write(chunk);
      tail.push(...chunk.toString().split('\n').filter((line) => line.trim()));
      tail.splice(0, Math.max(0, tail.length - LOG_TAIL_LINES));
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new CommandError(`${command} ${args.join(' ')} exited with ${code}`, tail))));
    child.on('error', (error) => reject(new CommandError(error.message, tail)));
  });
}

/** The priority (niceness) of a rebuild behind a running server: the lowest, so serving comes first. */
const BACKGROUND_PRIORITY = 19;
/**
 * The priority of an incremental rebuild behind a running server (ADR 0020): lowered, so the server's
 * requests still come first (about ten to one), but not to the lowest, where any other busy process
 * on a shared machine starves the half minute of work an editor is waiting for.
 */
const INCREMENTAL_PRIORITY = 10;

export interface BuildOptions {
  /**
   * A rebuild while the server answers (an editor's change): at the lowest CPU priority, so requests
   * (and, in the e2e suite, the tests) keep their speed while it builds.
   */
  background?: boolean;
  /**
   * Keep the catalogue state in the build (`npm start`'s builds), so the next build can be incremental.
   */
  state?: boolean;
  /**
   * A complete build to build incrementally from (ADR 0020): used when it was built from the same
   * inputs and kept its catalogue state; otherwise every page is built.
   */
  base?: string;
  /**
   * An incremental build takes over its base's search index and marks itself pending
   * (`searchIndexPending`); `reindexSite` then writes the full index into a linked copy.
   */
  deferSearchIndex?: boolean;
}

/** Whether `dir` can be the base of an incremental build now: same inputs, catalogue state kept. */
export function canBuildFrom(dir: string | undefined): dir is string {
  return dir !== undefined && isBuildCurrent(dir) && existsSync(path.join(dir, CATALOGUE_STATE_FILE));
}

/**
 * Runs `astro build` into `outDir` against the given database and records the input fingerprint;
 * incrementally from `base` when it can (see BuildOptions).
 */
export async function buildSite(databaseUrl: string, outDir = DIST_DIR, { background = false, state = false, base, deferSearchIndex = false }: BuildOptions = {}): Promise<void> {
  const fingerprint = inputFingerprint();
  // A link left by an older layout must not be built through: Astro empties its output folder first.
  if (existsSync(outDir) && lstatSync(outDir).isSymbolicLink()) unlinkSync(outDir);
  const incremental = canBuildFrom(base) ? { INCREMENTAL_BASE: base } : {};
  // No statement limit at build time: it reads the whole catalogue, which may take longer than a request may.
  await run(
    'astro',
    ['build', '--outDir', outDir],
    { DATABASE_URL: databaseUrl, ASTRO_TELEMETRY_DISABLED: '1', DB_STATEMENT_TIMEOUT_MS: '0', CATALOGUE_STATE: state || base ? '1' : '', INCREMENTAL_BASE: '', PAGEFIND_DEFERRED: deferSearchIndex ? '1' : '', ...incremental },
    { priority: background ? (incremental.INCREMENTAL_BASE ? INCREMENTAL_PRIORITY : BACKGROUND_PRIORITY) : undefined },
  );
  finishPageFunction(outDir);
  writeFileSync(path.join(outDir, STAMP_FILE), fingerprint);
}

/** Where @astrojs/netlify writes the function of the on-demand pages (Netlify deploys it from there). */
export const PAGE_FUNCTION_DIR = path.join(ROOT, '.netlify', 'v1', 'functions', 'ssr');

/**
 * The folder of a build's on-demand page function: `npm run build`'s stays where the adapter wrote it,
 * for Netlify; a local build's moves beside its build folder (`<build>.functions/ssr`), so each build
 * served keeps the page code it was built with and two builds never share one (ADR 0037).
 */
export function pageFunctionDirOf(buildDir: string): string | undefined {
  if (!existsSync(buildDir)) return undefined;
  const beside = `${realpathSync(buildDir)}.functions`;
  if (existsSync(path.join(beside, 'ssr', 'ssr.mjs'))) return beside;
  return path.resolve(buildDir) === path.resolve(ROOT, DIST_DIR) && existsSync(path.join(PAGE_FUNCTION_DIR, 'ssr.mjs')) ? path.dirname(PAGE_FUNCTION_DIR) : undefined;
}

/**
 * The adapter's function claims every path (`/*`), before our functions, `_redirects` and the 404
 * pages, and loads React without NODE_ENV (its development build): it answers only the on-demand pages' paths (`/{locale}/{books|authors|series}/{key}`),
 * still after a prebuilt page's file (`preferStatic`). Netlify reads the config without running the
 * module, so it is rewritten literally.
 */
function finishPageFunction(outDir: string): void {
  const entry = path.join(PAGE_FUNCTION_DIR, 'ssr.mjs');
  if (!existsSync(entry)) throw new Error(`No on-demand page function in ${PAGE_FUNCTION_DIR}: did the Netlify adapter run?`);
  const source = readFileSync(entry, 'utf8');
  const claimed = `path: ${JSON.stringify(sectionsPath(ON_DEMAND_SECTIONS))},\n\t\t\t\tname: 'Astro SSR',`;
  const imported = /import \{ createHandler \} from '(\.\/[^']+)';/;
  if (!/path: '\/\*',/.test(source) || !imported.test(source)) throw new Error(`The on-demand page function's config changed shape (${entry}): check @astrojs/netlify's ssr.mjs`);
  // React (external, from the function's node_modules) picks its build by NODE_ENV when first loaded,
  // and a deployed function has none: unset, it ran React's development build, three times the CPU
  // per page. Set before the server entry loads (a dynamic import; a static one would run first).
  const production = `process.env.NODE_ENV ??= 'production';\n\t\t\tconst { createHandler } = await import('$1');`;
  writeFileSync(entry, source.replace(imported, production).replace(/path: '\/\*',/, '').replace(/name: 'Astro SSR',/, claimed));
  if (path.resolve(outDir) === path.resolve(ROOT, DIST_DIR)) return;
  const beside = `${path.resolve(outDir)}.functions`;
  rmSync(beside, { recursive: true, force: true });
  mkdirSync(beside, { recursive: true });
  renameSync(PAGE_FUNCTION_DIR, path.join(beside, 'ssr'));
}

/** Whether a build's search index is still its base's (an incremental build that deferred it). */
export function searchIndexPending(dir: string): boolean {
  return existsSync(path.join(dir, SEARCH_INDEX_PENDING));
}

/**
 * The second step of an incremental build that deferred its search index: `outDir` becomes a
 * hard-linked copy of `dir` with a fresh pagefind index of every page (scripts/search-index.ts).
 */
export async function reindexSite(dir: string, outDir: string, { background = false, databaseUrl }: { background?: boolean; databaseUrl?: string } = {}): Promise<void> {
  // The pages rendered on demand are indexed from the database the build was made from (ADR 0037).
  const env = databaseUrl ? { DATABASE_URL: databaseUrl, DB_STATEMENT_TIMEOUT_MS: '0' } : { DB_STATEMENT_TIMEOUT_MS: '0' };
  await run(process.execPath, [path.join(ROOT, 'scripts', 'search-index.ts'), dir, outDir], env, { priority: background ? INCREMENTAL_PRIORITY : undefined });
  // The copy serves the same on-demand pages: its own linked copy of the build's page function.
  if (existsSync(`${dir}.functions`)) linkTree(`${dir}.functions`, `${outDir}.functions`);
}

/**
 * The build a tool should read when none is named: DIST_DIR if set, else the one `npm start` serves
 * on PORT (default 8888), else dist/ (`npm run build`).
 */
export function defaultBuildDir(port = Number(process.env.PORT ?? 8888)): string {
  if (process.env.DIST_DIR) return path.resolve(ROOT, process.env.DIST_DIR);
  return new BuildFolders(port).current() ?? path.resolve(ROOT, DIST_DIR);
}

/** The folders `npm start` builds into and serves from; one set per port keeps two servers apart. */
export class BuildFolders {
  readonly root: string;

  constructor(port: number, root = process.env.BUILDS_DIR ?? path.join('.data', 'builds', String(port))) {
    this.root = path.resolve(ROOT, root);
  }

  /** The folder `current` links to, if any. */
  current(): string | undefined {
    const link = path.join(this.root, 'current');
    if (!existsSync(link)) return undefined;
    return path.resolve(this.root, readlinkSync(link));
  }

  /** A new, empty folder name for the next build (not created: Astro creates it). */
  next(): string {
    mkdirSync(this.root, { recursive: true });
    const stamp = new Date().toISOString().replace(/[-:.]/g, '').replace('T', '-').slice(0, 18);
    let dir = path.join(this.root, `build-${stamp}`);
    for (let n = 2; existsSync(dir); n++) dir = path.join(this.root, `build-${stamp}-${n}`);
    return dir;
  }

  /** Points `current` at a finished build, atomically (a new link renamed over the old one). */
  publish(dir: string): void {
    const temporary = path.join(this.root, `current.${process.pid}.tmp`);
    rmSync(temporary, { force: true });
    symlinkSync(path.relative(this.root, dir), temporary);
    renameSync(temporary, path.join(this.root, 'current'));
  }

  /**
   * Removes one build folder (never the current one), off the event loop: deleting the ~13,800 pages
   * of a build takes seconds, and a server that stalls that long drops its keep-alive connections
   * with requests already waiting on them (ECONNRESET).
   */
  async remove(dir: string): Promise<void> {
    if (path.dirname(dir) !== this.root || dir === this.current()) return;
    for (const folder of [dir, `${dir}.functions`]) await rm(folder, { recursive: true, force: true }).catch((error: unknown) => console.error(`Could not remove ${folder}:`, error));
  }

  /** Removes every build folder but the current one: unfinished or superseded builds of earlier runs. */
  removeStale(): void {
    if (!existsSync(this.root)) return;
    const current = this.current();
    for (const entry of readdirSync(this.root)) {
      const dir = path.join(this.root, entry);
      if (entry.startsWith('build-') && dir !== current && dir !== `${current}.functions`) rmSync(dir, { recursive: true, force: true });
    }
  }
}
