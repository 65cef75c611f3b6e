/**
 * `requestRebuild()`: the one way a catalogue edit asks for new static pages (DESIGN.md §1, issue 9).
 * Coalesced by `createRebuildQueue` (one build at a time, at most one waiting) wherever it runs:
 * - under `npm start`, the local server installs its own builder (build into a new folder, swap it in
 *   live), so nothing of the local build tooling is bundled into a deployed function;
 * - deployed, a POST to Netlify's build hook (BUILD_HOOK_URL) starts a Netlify deploy;
 * - with neither, the status says `unavailable`.
 */
import { createRebuildQueue, type RebuildQueue } from '../../../src/domain/runtime/rebuild-queue.ts';
import type { RebuildStatus } from '../../../src/domain/schemas/rebuild.ts';

// On globalThis so the server and the functions share one queue even if a bundler duplicates this module.
const INSTALLED = Symbol.for('phantastika.rebuildQueue');
type WithQueue = typeof globalThis & { [INSTALLED]?: RebuildQueue };

/** Used by the local server (`scripts/start.ts`): builds run in this process's own builder. */
export function installRebuilder(queue: RebuildQueue | undefined): void {
  (globalThis as WithQueue)[INSTALLED] = queue;
}

function hookQueue(url: string): RebuildQueue {
  return createRebuildQueue(
    'hook',
    async () => {
      const response = await fetch(url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      if (!response.ok) throw new Error(`The build hook answered ${response.status}`);
    },
    () => new Date(),
  );
}

const unavailable: RebuildQueue = {
  request: () => unavailable.status(),
  status: () => ({ mode: 'unavailable', state: 'idle', queued: false, startedAt: null, finishedAt: null, liveSince: null, error: null }),
  idle: async () => undefined,
};

function queue(): RebuildQueue {
  const scope = globalThis as WithQueue;
  if (scope[INSTALLED]) return scope[INSTALLED];
  const hook = process.env.BUILD_HOOK_URL;
  if (!hook) return unavailable;
  scope[INSTALLED] = hookQueue(hook);
  return scope[INSTALLED];
}

/** Asks for fresh static pages; answers at once with the status (the build runs on its own). */
export function requestRebuild(): RebuildStatus {
  return queue().request();
}

export function rebuildStatus(): RebuildStatus {
  return queue().status();
}
