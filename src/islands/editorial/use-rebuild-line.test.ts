import { describe, expect, it } from 'vitest';
import type { RebuildStatus } from '../../domain/schemas/rebuild.ts';
import { rebuildLine } from './use-rebuild-line.ts';

const texts = { queued: 'Q', building: 'B', live: 'Live since {time}.', failed: 'F', unavailable: 'U' };
const status = (overrides: Partial<RebuildStatus>): RebuildStatus => ({ mode: 'local', state: 'idle', queued: false, startedAt: null, finishedAt: null, liveSince: null, error: null, ...overrides });

describe("the admin menu's rebuild line", () => {
  it('names the phase', () => {
    expect(rebuildLine(status({ state: 'running' }), texts, 'en')).toBe('B');
    expect(rebuildLine(status({ state: 'running', queued: true }), texts, 'en')).toBe('Q');
    expect(rebuildLine(status({ state: 'failed' }), texts, 'en')).toBe('F');
  });

  it('says since when the pages are live', () => {
    expect(rebuildLine(status({ state: 'done', liveSince: '2026-11-26T05:49:55.491Z' }), texts, 'en')).toMatch(/^Live since .*\d.*\.$/);
    expect(rebuildLine(status({ state: 'idle' }), texts, 'en')).toBe('Live since –.');
  });
});
