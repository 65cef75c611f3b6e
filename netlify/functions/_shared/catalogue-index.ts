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
 * - Read-your-writes (issue 27 point 5, ADR 0030): a handler that wrote the catalogue calls
 *   `noteCatalogueWrite()` before it answers; the version it reads becomes this instance's floor, and
 *   nothing older than the floor is served here: the version check and the copy re-read at once (a
 *   reload then skips the spacing). Other instances follow within their check interval, as before.
 * `generation` changes with every reload: answer caches key by it (answer-cache.ts).
 */
import { getDb, isDatabaseUnavailable } from '../../../db/client.ts';
import { readCatalogueSnapshot, readCatalogueVersion, readPopularity, type CatalogueVersion } from '../../../db/queries/search-snapshot.ts';
import { CatalogueLists } from '../../../src/domain/catalogue-lists.ts';
import { SearchIndex } from '../../../src/domain/search-index.ts';
import { CATALOGUE_TAG, ENTITY_PAGES_TAG, POPULARITY_TAG } from '../../../src/domain/cdn/cache-tags.ts';
import { purgeCdnTags } from './cdn-purge.ts';

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
  /** The catalogue version of this instance's latest own write: nothing older is served (read-your-writes). */
  floor?: number;
}
const holder: Holder = ((globalThis as Record<symbol, Holder | undefined>)[KEY] ??= { checkedAt: 0, generations: 0 });

/** Whether `version` is at least the instance's own latest write. */
const notBehindOwnWrites = (version: CatalogueVersion) => version.catalogue >= (holder.floor ?? 0);

/** Keeps the newest version read (a check that started before a write may finish after it). */
function keepChecked(version: CatalogueVersion): void {
  if (!holder.versionChecked || version.catalogue >= holder.versionChecked.version.catalogue) holder.versionChecked = { version, at: Date.now() };
  else holder.versionChecked.at = Date.now();
}

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
    keepChecked(version);
    // The spacing protects the instance from an editor's burst of writes, but never delays its own writes.
    if (version.catalogue !== current.version.catalogue) return Date.now() >= (holder.nextLoadAt ?? 0) || !notBehindOwnWrites(current.version) ? await load() : current;
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
  const checked = holder.versionChecked;
  if (checked && Date.now() - checked.at < checkIntervalMs() && notBehindOwnWrites(checked.version)) return checked.version;
  const version = await sharedVersionCheck();
  // A check that was already under way when this instance wrote may have read the version before it.
  return notBehindOwnWrites(version) ? version : sharedVersionCheck();
}

function sharedVersionCheck(): Promise<CatalogueVersion> {
  return (holder.versionPending ??= (async () => {
    try {
      const version = await readCatalogueVersion(await getDb());
      keepChecked(version);
      return version;
    } catch (error) {
      if (!holder.versionChecked || !isDatabaseUnavailable(error)) throw error;
      holder.versionChecked = { version: holder.versionChecked.version, at: Date.now() };
      return holder.versionChecked.version;
    } finally {
      holder.versionPending = undefined;
    }
  })());
}

/**
 * After this instance wrote the catalogue (the write committed): purges the CDN's copies of what
 * showed the catalogue (`tags`: the records written), reads the version row, which now counts the
 * write, and makes it the floor below which nothing is served here (issue 27 point 5).
 * Never fails the write's answer: when the read fails, the next request checks the version instead.
 */
export async function noteCatalogueWrite(tags: readonly string[] = []): Promise<void> {
  // The CDN's copies of lists, searches and the read API (and the pages naming the records) go first:
  // the writer's next read reaches the function (issue 28 point 2).
  await purgeCdnTags([CATALOGUE_TAG, ...tags]);
  try {
    const version = await readCatalogueVersion(await getDb());
    holder.floor = Math.max(holder.floor ?? 0, version.catalogue);
    keepChecked(version);
  } catch {
    if (holder.versionChecked) holder.versionChecked.at = 0;
    holder.checkedAt = 0;
  }
}

/**
 * After a write of readers' ratings or reviews committed (they order and count the lists and the
 * searches): purges the CDN's copies of those answers, and of the records' pages (`tags`: the rated
 * book or author; by default every entity page, for writes that touch many), so the next answer and
 * page show it (ADRs 0032, 0037). The instance's own caches follow the popularity number as before.
 */
export async function notePopularityWrite(tags: readonly string[] = [ENTITY_PAGES_TAG]): Promise<void> {
  await purgeCdnTags([POPULARITY_TAG, ...tags]);
}

/** The current index: loaded on first use, refreshed after a catalogue or popularity change. */
export async function catalogueIndex(): Promise<LoadedIndex> {
  const loaded = holder.loaded;
  if (loaded && Date.now() - holder.checkedAt < checkIntervalMs() && notBehindOwnWrites(loaded.version)) return loaded;
  const next = await sharedIndexCheck();
  // As for the version: a reload under way when this instance wrote may hold the catalogue before it.
  return notBehindOwnWrites(next.version) ? next : sharedIndexCheck();
}

function sharedIndexCheck(): Promise<LoadedIndex> {
  const loaded = holder.loaded;
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
