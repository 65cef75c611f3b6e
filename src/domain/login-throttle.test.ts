import { describe, expect, it } from 'vitest';
import { LOGIN_FREE_FAILURES, LOGIN_MAX_DELAY_SECONDS, loginDelaySeconds, loginWaitSeconds } from './login-throttle.ts';

describe('loginDelaySeconds', () => {
  it('lets the first failures through without delay', () => {
    for (let failures = 0; failures < LOGIN_FREE_FAILURES; failures++) expect(loginDelaySeconds(failures)).toBe(0);
  });

  it('doubles the delay with every further failure, up to 15 minutes', () => {
    expect([5, 6, 7, 8].map(loginDelaySeconds)).toEqual([1, 2, 4, 8]);
    expect(loginDelaySeconds(30)).toBe(LOGIN_MAX_DELAY_SECONDS);
    expect(loginDelaySeconds(1000)).toBe(LOGIN_MAX_DELAY_SECONDS);
  });
});

describe('loginWaitSeconds', () => {
  const last = new Date('2026-11-25T10:00:00Z');
  it('counts from the last failure and rounds up', () => {
    expect(loginWaitSeconds(7, last, new Date('2026-11-25T10:00:01.500Z'))).toBe(3);
    expect(loginWaitSeconds(7, last, new Date('2026-11-25T10:00:04Z'))).toBe(0);
    expect(loginWaitSeconds(4, last, last)).toBe(0);
  });
});
