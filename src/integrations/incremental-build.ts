/**
 * Astro integration: incremental static builds (issue 13 point 7, ADR 0020). Off unless the build
 * asks (scripts/site-build.ts does for `npm start`'s builds):
 * - CATALOGUE_STATE=1: the build writes the catalogue state it was made from into
 *   `<outDir>/.catalogue-state.json` (src/domain/build/incremental.ts), for the next build to compare;
 * - INCREMENTAL_BASE=<folder of a complete build from the same inputs, with its state>: of the prebuilt
 *   entity pages (books, authors, series; ADR 0037) only those the catalogue changes since that build
 *   touch are rendered (src/integrations/prebuilt-entity-pages.ts reads `entityPagesToRender`), with
 *   every other page; after the page post-processing (island-style, which runs before this hook),
 *   every file of the base the new build did not write is hard-linked in, except the removed pages, the
 *   pages of a locale outside the entity sections (rendered by every build: a base file there is of
 *   something deleted, mayTakeOver), the entity pages this build no longer prebuilds, and
 *   what later hooks write afresh for the whole site (the pagefind index, `_redirects`, `_headers`).
 * The result is the folder a full build would write, for a fraction of the rendering; `npm run build`
 * (Netlify) sets neither and builds everything.
 */
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { getCatalogueSnapshot } from '../../db/queries/catalogue.ts';
import { prebuildTop, prebuiltIds } from '../domain/build/prebuild.ts';
import { catalogueState, mayTakeOver, parseCatalogueState, planIncremental, type CatalogueState, type IncrementalPlan } from '../domain/build/incremental.ts';

export const STATE_FILE = '.catalogue-state.json';
/** Left in a build whose search index is its base's (src/integrations/pagefind.ts): the rebuilder indexes it next. */
export const SEARCH_INDEX_PENDING = '.search-index-pending';

/** Files of the base a build never takes over: written afresh for the whole site after this hook. */
const NOT_LINKED = new Set(['pagefind', '_redirects', '_headers', STATE_FILE, SEARCH_INDEX_PENDING, '.build-fingerprint']);

/** The state of a base build folder, or null when it has none (or an older one). */
export function readBaseState(baseDir: string): CatalogueState | null {
  const file = path.join(baseDir, STATE_FILE);
  return existsSync(file) ? parseCatalogueState(readFileSync(file, 'utf8')) : null;
}

/** The folder (relative, as written) of a site path's `index.html`. */
const outputFolder = (sitePath: string) => sitePath.replace(/^\//, '');

/** What this build took over from its base: the base folder and the files linked (absolute paths in the new build). */
export interface TakenOver {
  base: string;
  files: Set<string>;
}
let takenOver: TakenOver | null = null;

/**
 * The base and the files this build hard-linked from it (null for a full build): a later
 * `astro:build:done` hook that scans the pages (security-headers) reads only the new ones and takes
 * what it found in the others from the base's output.
 */
export function filesTakenOver(): TakenOver | null {
  return takenOver;
}

let renderOnly: ReadonlySet<string> | null = null;

/**
 * The entity pages (`pageKeyOf` keys) an incremental build renders: those the catalogue changes touch;
 * null for a full build (every prebuilt entity page). Read by the prebuilt-entity-pages integration,
 * whose `astro:build:done` runs before this one's.
 */
export function entityPagesToRender(): ReadonlySet<string> | null {
  return renderOnly;
}

/**
 * Hard-links every file under `from` into `to` that `to` lacks (creating folders as needed), but the
 * paths `skip` names (relative to `from`, files or folders); adds the new links to `linked`.
 */
export function linkTree(from: string, to: string, { skip = () => false, linked }: { skip?: (relPath: string) => boolean; linked?: Set<string> } = {}, rel = ''): void {
  mkdirSync(path.join(to, rel), { recursive: true });
  for (const entry of readdirSync(path.join(from, rel), { withFileTypes: true })) {
    const relPath = path.join(rel, entry.name);
    if (skip(relPath)) continue;
    const target = path.join(to, relPath);
    if (entry.isDirectory()) linkTree(from, to, { skip, linked }, relPath);
    else if (!existsSync(target)) {
      linkSync(path.join(from, relPath), target);
      linked?.add(target);
    }
  }
}

let prebuilt: Promise<Record<'books' | 'authors' | 'series', Set<string>>> | undefined;

/**
 * The slugs of the entity pages this build prebuilds (PREBUILD_TOP, ADR 0037), by section folder:
 * the most popular of the build's catalogue snapshot.
 */
export function prebuiltEntitySlugs(): Promise<Record<'books' | 'authors' | 'series', Set<string>>> {
  prebuilt ??= getCatalogueSnapshot().then((snapshot) => {
    const ids = prebuiltIds(snapshot, prebuildTop(process.env));
    const slugs = <T extends { id: number; slug: string }>(records: readonly T[], chosen: Set<number>) => new Set(records.filter((r) => chosen.has(r.id)).map((r) => r.slug));
    return { books: slugs(snapshot.books, ids.books), authors: slugs(snapshot.authors, ids.authors), series: slugs(snapshot.series, ids.series) };
  });
  return prebuilt;
}

export default function incrementalBuild(): AstroIntegration {
  let state: CatalogueState | null = null;
  let plan: IncrementalPlan | null = null;
  const base = process.env.INCREMENTAL_BASE || null;
  return {
    name: 'phantastika:incremental-build',
    hooks: {
      'astro:build:start': async ({ logger }) => {
        if (process.env.CATALOGUE_STATE !== '1' && !base) return;
        state = catalogueState(await getCatalogueSnapshot());
        const previous = base ? readBaseState(base) : null;
        if (base && !previous) logger.warn(`no catalogue state in ${base}: building every page`);
        if (!base || !previous) return;
        const current = (plan = planIncremental(previous, state));
        renderOnly = current.render;
        logger.info(`incremental: ${current.changed.length} changed record(s); rendering ${current.render.size} entity page(s) per locale and every other page; removing ${current.remove.length} page(s)`);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        if (base && plan) {
          const started = Date.now();
          const files = new Set<string>();
          const removed = new Set(plan.remove.map(outputFolder));
          // Only the entity pages this build prebuilds (PREBUILD_TOP, ADR 0037): a page that left the
          // most popular is on demand now, and its old file would answer before the function.
          const prebuiltSlugs: Record<string, Set<string>> = await prebuiltEntitySlugs();
          const notPrebuilt = (relPath: string) => {
            const [locale, section, slug, ...rest] = relPath.split('/');
            return locale !== undefined && slug !== undefined && rest.length === 0 && section! in prebuiltSlugs && !prebuiltSlugs[section!]!.has(slug);
          };
          linkTree(base, out, {
            skip: (relPath) => {
              const posix = relPath.split(path.sep).join('/');
              return NOT_LINKED.has(relPath) || removed.has(relPath) || !mayTakeOver(posix) || notPrebuilt(posix);
            },
            linked: files,
          });
          takenOver = { base, files };
          logger.info(`incremental: took over ${files.size} unchanged file(s) from ${path.basename(base)} in ${Date.now() - started} ms`);
        }
        if (state) writeFileSync(path.join(out, STATE_FILE), JSON.stringify(state));
      },
    },
  };
}
