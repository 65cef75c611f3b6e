/**
 * `requestRebuild(ctx)`: the one way a catalogue edit asks for new static pages (DESIGN.md §1, issue 9).
 * - Under `npm start`, the local server installs its own builder (build into a new folder, swap it in
 *   live; coalesced by `createRebuildQueue`), so nothing of the local build tooling is bundled into a
 *   deployed function.
 * - Deployed, with BUILD_HOOK_URL (issue 26 point 7; ADR 0027): the request is recorded in the
 *   `site_rebuild` row, whose rules (`src/domain/runtime/site-rebuild.ts`) decide under a row lock
 *   whether this instance sends the build hook; the POST goes out through Netlify's `waitUntil`, so a
 *   function frozen after its answer cannot lose it. The deploy-succeeded event function marks the
 *   deploy live (`markDeployLive`) and sends one more hook if edits came after its build started.
 * - With neither, the status says `unavailable`.
 */
import { changeSiteRebuild, readSiteRebuild } from '../../../db/queries/runtime/site-rebuild.ts';
import { getDb } from '../../../db/client.ts';
import type { RebuildQueue } from '../../../src/domain/runtime/rebuild-queue.ts';
import {
  planDeployLive,
  planRebuildRequest,
  recordDeployFailure,
  recordHookFailure,
  siteRebuildStatus,
  type DeployFacts,
  type RebuildDecision,
} from '../../../src/domain/runtime/site-rebuild.ts';
import type { RebuildStatus } from '../../../src/domain/schemas/rebuild.ts';
import { afterResponse, type RequestContext } from './http.ts';

// On globalThis so the server and the functions share one queue even if a bundler duplicates this module.
const INSTALLED = Symbol.for('phantastika.rebuildQueue');
type WithQueue = typeof globalThis & { [INSTALLED]?: RebuildQueue };

/** How long the build hook may take to answer before the POST counts as failed. */
const HOOK_TIMEOUT_MS = 10_000;

/** Used by the local server (`scripts/start.ts`): builds run in this process's own builder. */
export function installRebuilder(queue: RebuildQueue | undefined): void {
  (globalThis as WithQueue)[INSTALLED] = queue;
}

const installed = (): RebuildQueue | undefined => (globalThis as WithQueue)[INSTALLED];
/** Read per call: the hook is a deploy setting, and the tests switch it. */
const buildHookUrl = (): string | undefined => process.env.BUILD_HOOK_URL?.trim() || undefined;

const UNAVAILABLE: RebuildStatus = { mode: 'unavailable', state: 'idle', queued: false, startedAt: null, finishedAt: null, liveSince: null, error: null };

/**
 * POSTs the build hook decided at `sentAt`; a refusal or an unreachable hook is written to the row
 * (the status shows it, and the next edit sends again). Netlify answers a build hook 200 with no body.
 */
async function postBuildHook(url: string, sentAt: Date): Promise<void> {
  let failure: string | null = null;
  try {
    const response = await fetch(url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(HOOK_TIMEOUT_MS) });
    if (!response.ok) failure = `The build hook answered ${response.status}.`;
    await response.body?.cancel();
  } catch (error) {
    failure = `The build hook could not be reached: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (failure === null) return;
  console.error(failure);
  await changeSiteRebuild(await getDb(), (row, now) => ({ row: recordHookFailure(row, sentAt, failure, now), sendHook: false }));
}

/**
 * Asks for fresh static pages; answers at once with the status (the build runs on its own). Deployed,
 * the hook POST is registered with the invocation's `waitUntil` (`ctx.netlify`), after the answer.
 */
export async function requestRebuild(ctx: Pick<RequestContext, 'netlify'>): Promise<RebuildStatus> {
  const local = installed();
  if (local) return local.request();
  const hook = buildHookUrl();
  if (!hook) return UNAVAILABLE;
  let change;
  try {
    change = await changeSiteRebuild(await getDb(), planRebuildRequest);
  } catch (error) {
    // The edit is already committed: its answer must still say so (a 5xx would invite a second save).
    console.error('The rebuild request could not be recorded:', error);
    const message = 'The rebuild request could not be recorded (see the function log); the next edit asks again.';
    return { ...UNAVAILABLE, mode: 'hook', state: 'failed', error: { message, logTail: [] } };
  }
  if (change.sendHook) afterResponse(ctx, () => postBuildHook(hook, change.now));
  return siteRebuildStatus(change.row, change.now);
}

export async function rebuildStatus(): Promise<RebuildStatus> {
  const local = installed();
  if (local) return local.status();
  if (!buildHookUrl()) return UNAVAILABLE;
  const { row, now } = await readSiteRebuild(await getDb());
  return siteRebuildStatus(row, now);
}

/** What a deploy event changed: the decision and, when a follow-up hook was sent, that POST's end. */
export interface DeployEventOutcome extends RebuildDecision {
  status: RebuildStatus;
}

/**
 * A deploy succeeded (the deploy-succeeded event function): marks a production deploy live and, when
 * an edit came after its build started, sends one more hook. An event function has no client waiting,
 * so the POST is awaited here. Without BUILD_HOOK_URL nothing is recorded.
 */
export async function markDeployLive(deploy: DeployFacts): Promise<DeployEventOutcome | null> {
  const hook = buildHookUrl();
  if (!hook) return null;
  const change = await changeSiteRebuild(await getDb(), (row, now) => planDeployLive(row, deploy, now));
  if (change.sendHook) await postBuildHook(hook, change.now);
  return { row: change.row, sendHook: change.sendHook, status: siteRebuildStatus(change.row, change.now) };
}

/** A deploy failed (deploy-failed event): a production deploy that covers the pending hook settles it with its error. */
export async function markDeployFailed(deploy: DeployFacts): Promise<DeployEventOutcome | null> {
  if (!buildHookUrl()) return null;
  const change = await changeSiteRebuild(await getDb(), (row, now) => ({ row: recordDeployFailure(row, deploy, now), sendHook: false }));
  return { row: change.row, sendHook: false, status: siteRebuildStatus(change.row, change.now) };
}
