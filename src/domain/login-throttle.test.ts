import { describe, expect, it } from 'vitest';
import { LOGIN_ACCOUNT_FREE_FAILURES, LOGIN_FAILURES_FORGOTTEN_AFTER_SECONDS, LOGIN_FREE_FAILURES, LOGIN_MAX_DELAY_SECONDS, loginDelaySeconds, loginWaitSeconds } from './login-throttle.ts';

describe('loginDelaySeconds', () => {
  it('lets the first failures through without delay', () => {
    for (let failures = 0; failures < LOGIN_FREE_FAILURES; failures++) expect(loginDelaySeconds(failures)).toBe(0);
  });

  it('doubles the delay with every further failure, up to 15 minutes', () => {
    expect([5, 6, 7, 8].map((n) => loginDelaySeconds(n))).toEqual([1, 2, 4, 8]);
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

describe('the account-wide count (issue 27 point 6)', () => {
  it('lets more failures through before it slows, then doubles up to 15 minutes as well', () => {
    expect(LOGIN_ACCOUNT_FREE_FAILURES).toBeGreaterThan(LOGIN_FREE_FAILURES);
    expect(loginDelaySeconds(LOGIN_ACCOUNT_FREE_FAILURES - 1, LOGIN_ACCOUNT_FREE_FAILURES)).toBe(0);
    expect([10, 11, 12].map((n) => loginDelaySeconds(n, LOGIN_ACCOUNT_FREE_FAILURES))).toEqual([1, 2, 4]);
    // 40 failures spread over 8 addresses (5 each, none of them slowed as a pair) wait the longest delay.
    expect(loginDelaySeconds(40, LOGIN_ACCOUNT_FREE_FAILURES)).toBe(LOGIN_MAX_DELAY_SECONDS);
    expect(loginDelaySeconds(5)).toBe(1);
  });

  it('forgets failures an hour after the last one', () => {
    const last = new Date('2026-11-25T10:00:00Z');
    expect(loginWaitSeconds(40, last, new Date(last.getTime() + 60_000), LOGIN_ACCOUNT_FREE_FAILURES)).toBe(LOGIN_MAX_DELAY_SECONDS - 60);
    expect(loginWaitSeconds(1000, last, new Date(last.getTime() + LOGIN_FAILURES_FORGOTTEN_AFTER_SECONDS * 1000))).toBe(0);
  });
});
