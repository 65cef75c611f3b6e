/**
 * The local side of `requestRebuild()` (issue 9): each build goes into a new folder, becomes
 * `current`, and is swapped into the running server in one step; a failed build leaves the served
 * site as it was and its folder is removed. Coalescing comes from `createRebuildQueue`.
 */
import path from 'node:path';
import { createRebuildQueue, type RebuildQueue } from '../src/domain/runtime/rebuild-queue.ts';
import type { LocalServer } from './local-server.ts';
import type { BuildFolders } from './site-build.ts';

/**
 * How long a save waits, queued, for more saves before its build starts (REBUILD_SETTLE_MS): a burst
 * of edits then makes one incremental build instead of one plus a second that waits for it (ADR 0015).
 */
const SETTLE_MS = Number(process.env.REBUILD_SETTLE_MS ?? 1500);

/** `build(outDir)` writes a complete site into `outDir` or rejects (with `logTail` when it can). */
export function createLocalRebuilder(server: LocalServer, folders: BuildFolders, build: (outDir: string) => Promise<void>, { settleMs = SETTLE_MS } = {}): RebuildQueue {
  return createRebuildQueue(
    'local',
    async () => {
      const dir = folders.next();
      try {
        await build(dir);
      } catch (error) {
        folders.remove(dir);
        throw error;
      }
      // Published first: the folder served from now on is `current`, and the superseded one can go.
      folders.publish(dir);
      await server.swapTo(dir);
      console.log(`Rebuilt and swapped in ${path.relative(process.cwd(), dir)}.`);
    },
    () => new Date(),
    { settleMs },
  );
}
