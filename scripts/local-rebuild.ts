/**
 * The local side of `requestRebuild()` (issue 9): each build goes into a new folder, becomes
 * `current`, and is swapped into the running server in one step; a failed build leaves the served
 * site as it was and its folder is removed. Coalescing comes from `createRebuildQueue`.
 */
import path from 'node:path';
import { createRebuildQueue, type RebuildQueue } from '../src/domain/runtime/rebuild-queue.ts';
import type { LocalServer } from './local-server.ts';
import { searchIndexPending, type BuildFolders } from './site-build.ts';

/**
 * How long a save waits, queued, for more saves before its build starts (REBUILD_SETTLE_MS): a burst
 * of edits then makes one incremental build instead of one plus a second that waits for it (ADR 0020).
 */
const SETTLE_MS = Number(process.env.REBUILD_SETTLE_MS ?? 1500);

/**
 * `build(outDir)` writes a complete site into `outDir` or rejects (with `logTail` when it can). When
 * the build deferred its search index (`searchIndexPending`), `reindex(dir, outDir)` writes a copy of
 * it with the full index, which is swapped in next: the changed pages are served first, the search
 * catches up a few seconds later (ADR 0020).
 */
export function createLocalRebuilder(
  server: LocalServer,
  folders: BuildFolders,
  build: (outDir: string) => Promise<void>,
  { settleMs = SETTLE_MS, reindex }: { settleMs?: number; reindex?: (dir: string, outDir: string) => Promise<void> } = {},
): RebuildQueue {
  return createRebuildQueue(
    'local',
    async () => {
      const dir = folders.next();
      try {
        await build(dir);
      } catch (error) {
        await folders.remove(dir);
        throw error;
      }
      // Published first: the folder served from now on is `current`, and the superseded one can go.
      folders.publish(dir);
      await server.swapTo(dir);
      console.log(`Rebuilt and swapped in ${path.relative(process.cwd(), dir)}.`);
      if (!reindex || !searchIndexPending(dir)) return;
      // Part of this build for the queue: a later build starts from the indexed folder. If indexing
      // fails, the pages stay served with the previous index and the next build indexes again.
      const indexed = folders.next();
      try {
        await reindex(dir, indexed);
      } catch (error) {
        await folders.remove(indexed);
        throw error;
      }
      folders.publish(indexed);
      await server.swapTo(indexed);
      console.log(`Search index rebuilt; swapped in ${path.relative(process.cwd(), indexed)}.`);
    },
    () => new Date(),
    { settleMs },
  );
}
