import { describe, expect, it } from 'vitest';
import type { RebuildStatus } from '../schemas/rebuild.ts';
import { isRebuildPending, logTail, rebuildPhase } from './rebuild-view.ts';

const status = (overrides: Partial<RebuildStatus> = {}): RebuildStatus => ({ mode: 'local', state: 'idle', queued: false, startedAt: null, finishedAt: null, liveSince: null, error: null, ...overrides });

describe('the rebuild an editor sees', () => {
  it('is queued while another build runs, then building, then live', () => {
    expect(rebuildPhase(status({ state: 'running', queued: true }))).toBe('queued');
    expect(rebuildPhase(status({ state: 'running' }))).toBe('building');
    expect(rebuildPhase(status({ state: 'done', liveSince: '2026-11-26T05:00:00.000Z' }))).toBe('live');
    expect(isRebuildPending(status({ state: 'running' }))).toBe(true);
    expect(isRebuildPending(status({ state: 'done' }))).toBe(false);
  });

  it('shows the last lines of a failed build', () => {
    const failed = status({ state: 'failed', error: { message: 'exit 1', logTail: Array.from({ length: 20 }, (_, i) => `line ${i}`) } });
    expect(rebuildPhase(failed)).toBe('failed');
    expect(logTail(failed, 2)).toEqual(['line 18', 'line 19']);
  });

  it('says when no rebuild is configured', () => {
    expect(rebuildPhase(status({ mode: 'unavailable' }))).toBe('unavailable');
    expect(isRebuildPending(status({ mode: 'unavailable' }))).toBe(false);
  });
});
