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
  /** A build is waiting for the running one to finish (at most one waits); deployed, an edit came after the pending hook. */
  queued: z.boolean(),
  startedAt: z.iso.datetime().nullable(),
  /** When the latest build finished (done or failed); deployed, when it went live or failed. */
  finishedAt: z.iso.datetime().nullable(),
  /**
   * When the pages being served now went live (issue 13 point 7): locally the end of the latest build
   * that succeeded; deployed, the latest production deploy's deploy-succeeded event (ADR 0027).
   */
  liveSince: z.iso.datetime().nullable(),
  /** The latest failure: its message and the last lines of the build's output. */
  error: z.object({ message: z.string(), logTail: z.array(z.string()) }).nullable(),
});
export type RebuildStatus = z.infer<typeof RebuildStatusSchema>;

/**
 * What the deploy events carry that the rebuild rules read (`DeploySucceededEvent` of @netlify/functions,
 * issue 26 point 7): parsed at the event function's boundary like any request body.
 */
export const DeployEventSchema = z.object({
  deploy: z.object({
    id: z.string().min(1).max(100),
    /** `production`, `deploy-preview`, `branch-deploy`, … */
    context: z.string().max(100),
    /** When Netlify created the deploy; its build reads the catalogue after it. */
    createdAt: z.iso.datetime({ offset: true }),
    errorMessage: z.string().max(2000).nullish(),
  }),
});
export type DeployEvent = z.infer<typeof DeployEventSchema>;
