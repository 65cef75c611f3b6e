import { describe, expect, it } from 'vitest';
import { config as analyticsRollup } from '../netlify/functions/analytics-rollup.mts';
import { config as pruneExpired } from '../netlify/functions/prune-expired.mts';
import { nextRunOf } from './function-server.ts';

describe('the local scheduler reads a schedule as Netlify does (UTC)', () => {
  it('runs @hourly on the next full hour', () => {
    expect(nextRunOf('@hourly', new Date('2026-03-10T12:34:56Z')).toISOString()).toBe('2026-03-10T13:00:00.000Z');
  });
  it('runs a cron expression at its next match, whatever the machine\'s time zone', () => {
    expect(nextRunOf('5 0 * * *', new Date('2026-03-10T23:59:00Z')).toISOString()).toBe('2026-03-11T00:05:00.000Z');
  });
  it('understands every schedule our functions declare', () => {
    for (const config of [pruneExpired, analyticsRollup]) expect(() => nextRunOf(config.schedule!, new Date())).not.toThrow();
  });
});
