import { z } from 'zod';
import { REBUILD_MODES, REBUILD_STATES } from '../enums.ts';

/**
 * What a page can show of static rebuilds (issue 9; DESIGN.md §1): the state of the latest request,
 * whether one more is queued, and for a failed build the last lines of its log.
 */
export const RebuildStatusSchema = z.object({
  /** `local`: `npm start` builds and swaps in itself; `hook`: Netlify's build hook; `unavailable`: neither. */
  mode: z.enum(REBUILD_MODES),
  state: z.enum(REBUILD_STATES),
  /** A build is waiting for the running one to finish (at most one waits). */
  queued: z.boolean(),
  startedAt: z.iso.datetime().nullable(),
  /** When the latest build finished (done or failed). */
  finishedAt: z.iso.datetime().nullable(),
  /** When the pages being served now went live: the end of the latest build that succeeded (issue 13 point 7). */
  liveSince: z.iso.datetime().nullable(),
  /** The latest failure: its message and the last lines of the build's output. */
  error: z.object({ message: z.string(), logTail: z.array(z.string()) }).nullable(),
});
export type RebuildStatus = z.infer<typeof RebuildStatusSchema>;
