import { describe, expect, it } from 'vitest';
import {
  CLOCK_SKEW_MS,
  EMPTY_SITE_REBUILD,
  HOOK_PENDING_LIMIT_MS,
  planDeployLive,
  planRebuildRequest,
  recordDeployFailure,
  recordHookFailure,
  siteRebuildStatus,
  type DeployFacts,
  type SiteRebuildRow,
} from './site-rebuild.ts';

const at = (seconds: number) => new Date(Date.parse('2026-12-01T10:00:00Z') + seconds * 1000);
const row = (overrides: Partial<SiteRebuildRow> = {}): SiteRebuildRow => ({ ...EMPTY_SITE_REBUILD, ...overrides });
const deploy = (overrides: Partial<DeployFacts> = {}): DeployFacts => ({ id: 'd1', context: 'production', createdAt: at(1), ...overrides });
/** A hook sent at 0 s, not yet settled. */
const pending = (overrides: Partial<SiteRebuildRow> = {}) => row({ requestedAt: at(0), hookSentAt: at(0), hookPending: true, ...overrides });

describe('planRebuildRequest', () => {
  it('sends the hook for the first edit and records it as pending', () => {
    const { row: next, sendHook } = planRebuildRequest(row(), at(0));
    expect(sendHook).toBe(true);
    expect(next).toMatchObject({ requestedAt: at(0), hookSentAt: at(0), hookPending: true });
  });

  it('records a later edit without a second hook while one is pending (a burst on any instance is one POST)', () => {
    let state = planRebuildRequest(row(), at(0)).row;
    for (let s = 1; s <= 10; s++) {
      const decision = planRebuildRequest(state, at(s));
      expect(decision.sendHook).toBe(false);
      state = decision.row;
    }
    expect(state).toMatchObject({ requestedAt: at(10), hookSentAt: at(0), hookPending: true });
  });

  it('sends again once the pending hook is older than the limit (its deploy never reported back)', () => {
    const late = at(HOOK_PENDING_LIMIT_MS / 1000);
    expect(planRebuildRequest(pending(), late)).toMatchObject({ sendHook: true, row: { hookSentAt: late, hookPending: true } });
  });

  it('sends again after a live deploy settled the hook', () => {
    const live = planDeployLive(pending(), deploy(), at(60)).row;
    expect(planRebuildRequest(live, at(70)).sendHook).toBe(true);
  });
});

describe('recordHookFailure', () => {
  it('settles the failed hook with its error, so the next edit sends again', () => {
    const failed = recordHookFailure(pending(), at(0), 'The build hook answered 404', at(1));
    expect(failed).toMatchObject({ hookPending: false, error: 'The build hook answered 404', errorAt: at(1) });
    expect(planRebuildRequest(failed, at(2)).sendHook).toBe(true);
  });

  it('leaves a later hook alone', () => {
    const later = pending({ hookSentAt: at(5) });
    expect(recordHookFailure(later, at(0), 'old', at(6))).toBe(later);
  });
});

describe('planDeployLive', () => {
  it('marks a production deploy live and settles the hook it covers; no follow-up without newer edits', () => {
    const { row: next, sendHook } = planDeployLive(pending(), deploy({ createdAt: at(1) }), at(90));
    expect(sendHook).toBe(false);
    expect(next).toMatchObject({ liveAt: at(90), liveDeployId: 'd1', liveBuildStartedAt: at(1), hookPending: false });
  });

  it('sends one follow-up hook when an edit came after the build started', () => {
    const { row: next, sendHook } = planDeployLive(pending({ requestedAt: at(30) }), deploy({ createdAt: at(1) }), at(90));
    expect(sendHook).toBe(true);
    expect(next).toMatchObject({ liveAt: at(90), hookSentAt: at(90), hookPending: true, requestedAt: at(30) });
  });

  it('counts a deploy created slightly before the hook (clock skew) as the hook\'s own; its edit, later than that createdAt, gets one follow-up', () => {
    const skewed = deploy({ createdAt: new Date(at(0).getTime() - CLOCK_SKEW_MS + 1000) });
    const earlier = deploy({ createdAt: new Date(at(0).getTime() - CLOCK_SKEW_MS - 1000) });
    expect(planDeployLive(pending(), skewed, at(90))).toMatchObject({ sendHook: true, row: { liveDeployId: 'd1', hookSentAt: at(90) } });
    expect(planDeployLive(pending(), earlier, at(90))).toMatchObject({ sendHook: false, row: { hookSentAt: at(0), hookPending: true } });
  });

  it('keeps waiting for the hook\'s deploy when an older deploy (a git push) goes live first', () => {
    const older = deploy({ id: 'git', createdAt: new Date(at(0).getTime() - 5 * 60_000) });
    const { row: next, sendHook } = planDeployLive(pending({ requestedAt: at(20) }), older, at(30));
    expect(sendHook).toBe(false);
    expect(next).toMatchObject({ liveDeployId: 'git', hookPending: true, hookSentAt: at(0) });
  });

  it('ignores deploy previews and branch deploys', () => {
    for (const context of ['deploy-preview', 'branch-deploy']) {
      const before = pending({ requestedAt: at(30) });
      expect(planDeployLive(before, deploy({ context }), at(90))).toEqual({ row: before, sendHook: false });
    }
  });

  it('never replaces the live deploy with one whose build started earlier', () => {
    const live = row({ liveAt: at(100), liveDeployId: 'new', liveBuildStartedAt: at(50) });
    expect(planDeployLive(live, deploy({ id: 'old', createdAt: at(10) }), at(120)).row).toBe(live);
  });
});

describe('recordDeployFailure', () => {
  it('settles the pending hook with the deploy\'s error', () => {
    const failed = recordDeployFailure(pending(), deploy({ errorMessage: 'Build script returned non-zero exit code: 2' }), at(60));
    expect(failed).toMatchObject({ hookPending: false, error: 'Build script returned non-zero exit code: 2', errorAt: at(60) });
  });

  it('leaves the row alone for a preview, or for a deploy older than the hook', () => {
    const before = pending();
    expect(recordDeployFailure(before, deploy({ context: 'deploy-preview' }), at(60))).toBe(before);
    expect(recordDeployFailure(before, deploy({ createdAt: at(-600) }), at(60))).toBe(before);
  });
});

describe('siteRebuildStatus', () => {
  it('is idle before anything happened', () => {
    expect(siteRebuildStatus(row(), at(0))).toEqual({ mode: 'hook', state: 'idle', queued: false, startedAt: null, finishedAt: null, liveSince: null, error: null });
  });

  it('is running from the hook until a deploy is live, queued once an edit followed the hook', () => {
    expect(siteRebuildStatus(pending(), at(5))).toMatchObject({ state: 'running', queued: false, startedAt: at(0).toISOString() });
    expect(siteRebuildStatus(pending({ requestedAt: at(3) }), at(5))).toMatchObject({ state: 'running', queued: true });
  });

  it('is done when the live deploy\'s build started after the latest edit, with liveSince', () => {
    const live = planDeployLive(pending(), deploy(), at(90)).row;
    expect(siteRebuildStatus(live, at(100))).toMatchObject({ state: 'done', queued: false, liveSince: at(90).toISOString(), finishedAt: at(90).toISOString() });
  });

  it('is failed with the message after a refused hook or a failed deploy, and when no deploy reported back', () => {
    expect(siteRebuildStatus(recordHookFailure(pending(), at(0), 'The build hook answered 500', at(1)), at(2))).toMatchObject({
      state: 'failed',
      error: { message: 'The build hook answered 500', logTail: [] },
    });
    expect(siteRebuildStatus(pending(), at(HOOK_PENDING_LIMIT_MS / 1000 + 1))).toMatchObject({ state: 'failed', error: { message: expect.stringContaining('30 minutes') } });
  });
});
