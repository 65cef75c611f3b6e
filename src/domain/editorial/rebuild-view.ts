/**
 * What an editor is told about the static rebuild after a save (issue 13 point 7): queued, building,
 * live since, failed (with the log's last lines), from the status the save answered and from
 * `GET /api/admin/rebuild`. Pure: the page polls and passes each status in.
 */
import type { RebuildStatus } from '../schemas/rebuild.ts';

export type RebuildPhase = 'queued' | 'building' | 'live' | 'failed' | 'unavailable';

/** How often the page asks again while a build is queued or running. */
export const REBUILD_POLL_MS = 3_000;
/** How many lines of a failed build's log the page shows. */
export const LOG_TAIL_LINES = 12;

/**
 * The phase to show: a change waits while another build runs (queued), is being built, is live, or
 * the build failed. Production's build hook only says a build was asked for: that counts as queued
 * until Netlify's deploy (which this server cannot see) is done.
 * @example rebuildPhase({ ...status, state: 'running', queued: true }) // 'queued'
 */
export function rebuildPhase(status: RebuildStatus): RebuildPhase {
  if (status.mode === 'unavailable') return 'unavailable';
  if (status.queued) return 'queued';
  if (status.state === 'running') return 'building';
  if (status.state === 'failed') return 'failed';
  if (status.mode === 'hook') return status.state === 'done' ? 'live' : 'queued';
  return 'live';
}

/** Whether the page should ask again: nothing settles while a build runs or waits. */
export function isRebuildPending(status: RebuildStatus): boolean {
  const phase = rebuildPhase(status);
  return phase === 'queued' || phase === 'building';
}

/** The last lines of a failed build's log (the status may carry more). */
export function logTail(status: RebuildStatus, lines = LOG_TAIL_LINES): string[] {
  return status.error ? status.error.logTail.slice(-lines) : [];
}
