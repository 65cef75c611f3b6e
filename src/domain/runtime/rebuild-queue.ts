/**
 * Coalesced static rebuilds (DESIGN.md §1, issue 9): one build at a time and at most one waiting.
 * A request while a build runs marks one more build as queued (it will see every edit made so far);
 * further requests join that queued build. With `settleMs`, a request while nothing runs waits that
 * long (queued) before its build starts, so a burst of saves (an editor's ten edits in a row) lands
 * in one build rather than in one plus a second that waits for it. The queue only orders calls of
 * `build`: what a build is (a local `astro build` and swap under `npm start`) is passed in, as is the
 * clock. It lives in one process; deployed rebuilds are coordinated in the database instead
 * (`site-rebuild.ts`, ADR 0027).
 */
import type { RebuildMode } from '../enums.ts';
import type { RebuildStatus } from '../schemas/rebuild.ts';

export interface RebuildQueue {
  /** Asks for a build; answers the status right after asking. */
  request: () => RebuildStatus;
  status: () => RebuildStatus;
  /** Resolves once nothing runs and nothing waits. */
  idle: () => Promise<void>;
}

/** What a failed build may carry besides its message: the last lines of its output. */
interface FailureWithLog {
  message?: unknown;
  logTail?: unknown;
}

/**
 * @example
 * const queue = createRebuildQueue('local', () => buildAndSwap(), () => new Date());
 * queue.request(); // { state: 'running', queued: false, ... }
 * queue.request(); // { state: 'running', queued: true, ... }
 */
export function createRebuildQueue(mode: RebuildMode, build: () => Promise<void>, now: () => Date, { settleMs = 0 } = {}): RebuildQueue {
  let current: RebuildStatus = { mode, state: 'idle', queued: false, startedAt: null, finishedAt: null, liveSince: null, error: null };
  let running: Promise<void> | null = null;
  let settling: Promise<void> | null = null;

  const start = (): void => {
    current = { ...current, state: 'running', queued: false, startedAt: now().toISOString() };
    running = (async () => {
      try {
        await build();
        const finishedAt = now().toISOString();
        current = { ...current, state: 'done', finishedAt, liveSince: finishedAt, error: null };
      } catch (caught) {
        const failure = (caught ?? {}) as FailureWithLog;
        const logTail = Array.isArray(failure.logTail) ? failure.logTail.map(String) : [];
        current = { ...current, state: 'failed', finishedAt: now().toISOString(), error: { message: String(failure.message ?? caught), logTail } };
      }
      running = null;
      if (current.queued) start();
    })();
  };

  return {
    request() {
      if (running) current = { ...current, queued: true };
      else if (settleMs <= 0) start();
      else if (!settling) {
        current = { ...current, queued: true };
        settling = new Promise((resolve) =>
          setTimeout(() => {
            settling = null;
            start();
            resolve();
          }, settleMs),
        );
      }
      return { ...current };
    },
    status: () => ({ ...current }),
    async idle() {
      while (running || settling) await (settling ?? running);
    },
  };
}
