/**
 * Deployed static rebuilds coordinated in the database (issue 26 point 7; ADR 0027). Every function
 * instance reads and writes one row (`site_rebuild`) under a row lock and asks these rules what to do,
 * so a burst of edits on any number of instances sends one build-hook POST, and an edit made while a
 * deploy builds sends exactly one more once that deploy is live.
 *
 * The rules, in order of events:
 * - an edit records `requestedAt`; it sends the hook only when no hook is pending (sent, and no deploy
 *   that covers it has succeeded or failed yet). A pending hook older than HOOK_PENDING_LIMIT_MS
 *   counts as lost (its deploy never reported back), so the next edit sends again;
 * - a production deploy that succeeds is live: `liveAt`, its id and when its build started (Netlify's
 *   `createdAt`). It settles the pending hook when it was created after the hook was sent (within
 *   CLOCK_SKEW_MS: Netlify's clock and the database's are not the same clock). If an edit was recorded
 *   after that build started, the build may have read the catalogue before it: one more hook;
 * - a production deploy that fails settles the pending hook too and records the error; no automatic
 *   retry (a failing build would loop), the next edit asks again.
 * Deploy previews and branch deploys never change what is live.
 *
 * Pure: the row, the deploy and the time are passed in (STYLE.md rule 1).
 */
import type { RebuildState } from '../enums.ts';
import type { RebuildStatus } from '../schemas/rebuild.ts';

/** The one row of `site_rebuild` as the rules read it (times as Date, null when never). */
export interface SiteRebuildRow {
  /** The latest edit that asked for new pages. */
  requestedAt: Date | null;
  /** When the latest build-hook POST was decided (the instance that won the row sends it). */
  hookSentAt: Date | null;
  /** A hook was sent and no production deploy that covers it has succeeded or failed yet. */
  hookPending: boolean;
  /** When the latest production deploy went live (its deploy-succeeded event). */
  liveAt: Date | null;
  liveDeployId: string | null;
  /** When the build of the live deploy started (the deploy's `createdAt`): edits after it may be missing. */
  liveBuildStartedAt: Date | null;
  /** The latest failure: the hook refused, or a deploy failed. */
  error: string | null;
  errorAt: Date | null;
}

/** What the deploy events tell of a deploy (`DeploySucceededEvent.deploy` of @netlify/functions). */
export interface DeployFacts {
  id: string;
  /** `production`, `deploy-preview`, `branch-deploy`, … */
  context: string;
  /** When Netlify created the deploy: its build starts then and reads the catalogue after it. */
  createdAt: Date;
  errorMessage?: string | null;
}

/** A decision: the row to write and whether this instance sends the build hook now. */
export interface RebuildDecision {
  row: SiteRebuildRow;
  sendHook: boolean;
}

/** A hook whose deploy has not reported back within this long is taken as lost (Netlify's build limit is shorter). */
export const HOOK_PENDING_LIMIT_MS = 30 * 60_000;
/** How far Netlify's clock (a deploy's createdAt) may be behind the database's (hookSentAt). */
export const CLOCK_SKEW_MS = 10_000;

export const EMPTY_SITE_REBUILD: SiteRebuildRow = {
  requestedAt: null,
  hookSentAt: null,
  hookPending: false,
  liveAt: null,
  liveDeployId: null,
  liveBuildStartedAt: null,
  error: null,
  errorAt: null,
};

/** A hook is on its way: sent, not settled by a deploy, and not older than the limit. */
export function isHookPending(row: SiteRebuildRow, now: Date): boolean {
  return row.hookPending && row.hookSentAt !== null && now.getTime() - row.hookSentAt.getTime() < HOOK_PENDING_LIMIT_MS;
}

/**
 * An edit asks for new pages: record it, and send the hook unless one is pending.
 * @example planRebuildRequest(EMPTY_SITE_REBUILD, now) // { sendHook: true, row: { requestedAt: now, hookSentAt: now, hookPending: true, … } }
 */
export function planRebuildRequest(row: SiteRebuildRow, now: Date): RebuildDecision {
  const requested = { ...row, requestedAt: now };
  if (isHookPending(row, now)) return { row: requested, sendHook: false };
  return { row: { ...requested, hookSentAt: now, hookPending: true }, sendHook: true };
}

/** The hook sent at `sentAt` was refused or unreachable: it is no longer pending, and the status says why. */
export function recordHookFailure(row: SiteRebuildRow, sentAt: Date, message: string, now: Date): SiteRebuildRow {
  // A later hook (sent by another instance after this one's pending limit) is not this one's to settle.
  if (row.hookSentAt?.getTime() !== sentAt.getTime()) return row;
  return { ...row, hookPending: false, error: message, errorAt: now };
}

/** Whether a deploy created at `createdAt` includes the hook sent at `hookSentAt`. */
const coversHook = (hookSentAt: Date | null, createdAt: Date): boolean =>
  hookSentAt === null || hookSentAt.getTime() <= createdAt.getTime() + CLOCK_SKEW_MS;

/**
 * A deploy succeeded (Netlify's deploy-succeeded event): a production deploy is live; when an edit
 * came after its build started and no other hook is pending, one more hook is sent.
 * @example planDeployLive(row, { id: 'd1', context: 'production', createdAt }, now).sendHook // true when an edit is newer than createdAt
 */
export function planDeployLive(row: SiteRebuildRow, deploy: DeployFacts, now: Date): RebuildDecision {
  if (deploy.context !== 'production') return { row, sendHook: false };
  // A deploy that started before the live one and reports late never replaces it.
  if (row.liveBuildStartedAt && deploy.createdAt.getTime() < row.liveBuildStartedAt.getTime()) return { row, sendHook: false };
  const live: SiteRebuildRow = { ...row, liveAt: now, liveDeployId: deploy.id, liveBuildStartedAt: deploy.createdAt, error: null, errorAt: null };
  if (row.hookPending && !coversHook(row.hookSentAt, deploy.createdAt) && isHookPending(row, now)) return { row: live, sendHook: false };
  const settled = { ...live, hookPending: false };
  const missed = row.requestedAt !== null && row.requestedAt.getTime() > deploy.createdAt.getTime();
  if (!missed) return { row: settled, sendHook: false };
  return { row: { ...settled, hookSentAt: now, hookPending: true }, sendHook: true };
}

/** A deploy failed (deploy-failed event): a production deploy that covers the pending hook settles it with the error. */
export function recordDeployFailure(row: SiteRebuildRow, deploy: DeployFacts, now: Date): SiteRebuildRow {
  if (deploy.context !== 'production' || !row.hookPending || !coversHook(row.hookSentAt, deploy.createdAt)) return row;
  return { ...row, hookPending: false, error: deploy.errorMessage || `The deploy ${deploy.id} failed.`, errorAt: now };
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
const time = (date: Date | null): number => (date ? date.getTime() : -Infinity);

/**
 * The admin's view of the row (`/api/admin/rebuild`, mode `hook`): running from the hook until a deploy
 * settles it; done when the live deploy's build started after the latest edit; failed when the latest
 * thing that happened was a failure (or a hook that never reported back).
 */
export function siteRebuildStatus(row: SiteRebuildRow, now: Date): RebuildStatus {
  const pending = isHookPending(row, now);
  const lost = row.hookPending && !pending;
  const covered = row.requestedAt === null || (row.liveBuildStartedAt !== null && time(row.requestedAt) <= time(row.liveBuildStartedAt));
  const failedLast = row.errorAt !== null && time(row.errorAt) >= Math.max(time(row.hookSentAt), time(row.liveAt));
  let state: RebuildState;
  if (pending) state = 'running';
  else if (lost || failedLast) state = 'failed';
  else if (row.liveAt !== null && covered) state = 'done';
  else state = 'idle';
  const error = lost
    ? { message: `No deploy reported back within ${HOOK_PENDING_LIMIT_MS / 60_000} minutes of the build hook.`, logTail: [] }
    : failedLast && row.error
      ? { message: row.error, logTail: [] }
      : null;
  return {
    mode: 'hook',
    state,
    // An edit after the pending hook was sent: one more hook follows once that deploy is live.
    queued: pending && time(row.requestedAt) > time(row.hookSentAt),
    startedAt: iso(row.hookSentAt),
    finishedAt: iso(failedLast ? row.errorAt : row.liveAt),
    liveSince: iso(row.liveAt),
    error,
  };
}
