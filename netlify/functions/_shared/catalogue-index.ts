/**
 * The function instance's in-memory copy of the catalogue (issue 10; docs/decisions/0021-in-memory-search-index.md):
 * the search index and the list pages' orders (catalogue-lists.ts), loaded from the database on the
 * first search or list request, and reloaded when the catalogue changed.
 * - The version row (catalogue_version, migration 0015) is read at most every CATALOGUE_CHECK_MS
 *   (default 1000; 0 checks on every request, as the tests do); concurrent requests share one check.
 * - A new `catalogue` number reloads everything (~0.3-1 s of one core for the real catalogue, once
 *   per change and instance, and not sooner than CATALOGUE_RELOAD_SPACING times the last reload's
 *   duration after it); a new `popularity` number (a rating, an author review) reloads only the counters.
 *   Requests wait for the reload, so an answer after a change is never older than the check interval.
 * - When the check fails (database unreachable) the loaded index keeps answering: the searches are
 *   cached reads. With no index loaded yet the error propagates (503 UNAVAILABLE).
 * `generation` changes with every reload: answer caches key by it (answer-cache.ts).
 */
import { getDb, isDatabaseUnavailable } from '../../../db/client.ts';
import { readCatalogueSnapshot, readCatalogueVersion, readPopularity, type CatalogueVersion } from '../../../db/queries/search-snapshot.ts';
import { CatalogueLists } from '../../../src/domain/catalogue-lists.ts';
import { SearchIndex } from '../../../src/domain/search-index.ts';

export interface LoadedIndex {
  index: SearchIndex;
  lists: CatalogueLists;
  version: CatalogueVersion;
  /** Changes with every reload, the counters' too. */
  generation: number;
}

function checkIntervalMs(env: NodeJS.ProcessEnv = process.env): number {
  const ms = Number(env.CATALOGUE_CHECK_MS ?? 1000);
  return Number.isFinite(ms) && ms >= 0 ? ms : 1000;
}

// On globalThis: every function module of an instance (five search endpoints, lists, editions) shares one copy.
const KEY = Symbol.for('phantastika.catalogueIndex');
interface Holder {
  loaded?: LoadedIndex;
  checkedAt: number;
  pending?: Promise<LoadedIndex>;
  versionChecked?: { version: CatalogueVersion; at: number };
  versionPending?: Promise<CatalogueVersion>;
  generations: number;
  /** No full reload before this time (see reloadSpacing). */
  nextLoadAt?: number;
}
const holder: Holder = ((globalThis as Record<symbol, Holder | undefined>)[KEY] ??= { checkedAt: 0, generations: 0 });

/**
 * After a reload the next one waits CATALOGUE_RELOAD_SPACING times as long as the last took (default
 * 4: reloads take at most a fifth of a core while an editor writes in bursts); the answers are then up
 * to that much older than the check interval. The tests use 0.
 */
function reloadSpacing(env: NodeJS.ProcessEnv = process.env): number {
  const factor = Number(env.CATALOGUE_RELOAD_SPACING ?? 4);
  return Number.isFinite(factor) && factor >= 0 ? factor : 4;
}

async function load(): Promise<LoadedIndex> {
  const started = Date.now();
  const { version, snapshot, lists } = await readCatalogueSnapshot(await getDb());
  const loaded = { index: new SearchIndex(snapshot), lists: new CatalogueLists(lists), version, generation: ++holder.generations };
  holder.nextLoadAt = Date.now() + (Date.now() - started) * reloadSpacing();
  return loaded;
}

async function refresh(current: LoadedIndex): Promise<LoadedIndex> {
  try {
    const version = await readCatalogueVersion(await getDb());
    holder.versionChecked = { version, at: Date.now() };
    if (version.catalogue !== current.version.catalogue) return Date.now() >= (holder.nextLoadAt ?? 0) ? await load() : current;
    if (version.popularity !== current.version.popularity) {
      const { version: read, counters, ratings } = await readPopularity(await getDb());
      if (read.catalogue !== current.version.catalogue) return await load();
      current.index.withPopularity(counters);
      current.lists.withRatings(ratings);
      return { index: current.index, lists: current.lists, version: read, generation: ++holder.generations };
    }
    return current;
  } catch (error) {
    if (isDatabaseUnavailable(error)) return current; // database unreachable: keep answering from the copy
    throw error;
  }
}

/**
 * The catalogue's version, read at most every CATALOGUE_CHECK_MS (concurrent callers share one read).
 * Answer caches of what the index does not hold (editions, lists) key by it. While the database is
 * unreachable the last version read stands (tried again after the interval), so cached answers keep
 * being served; before any successful read the error propagates (503 UNAVAILABLE).
 */
export async function catalogueVersion(): Promise<CatalogueVersion> {
  const now = Date.now();
  if (holder.versionChecked && now - holder.versionChecked.at < checkIntervalMs()) return holder.versionChecked.version;
  holder.versionPending ??= (async () => {
    try {
      const version = await readCatalogueVersion(await getDb());
      holder.versionChecked = { version, at: Date.now() };
      return version;
    } catch (error) {
      if (!holder.versionChecked || !isDatabaseUnavailable(error)) throw error;
      holder.versionChecked = { version: holder.versionChecked.version, at: Date.now() };
      return holder.versionChecked.version;
    } finally {
      holder.versionPending = undefined;
    }
  })();
  return holder.versionPending;
}

/** The current index: loaded on first use, refreshed after a catalogue or popularity change. */
export async function catalogueIndex(): Promise<LoadedIndex> {
  const loaded = holder.loaded;
  if (loaded && Date.now() - holder.checkedAt < checkIntervalMs()) return loaded;
  holder.pending ??= (async () => {
    try {
      const next = loaded ? await refresh(loaded) : await load();
      holder.loaded = next;
      holder.checkedAt = Date.now();
      return next;
    } finally {
      holder.pending = undefined;
    }
  })();
  return holder.pending;
}
