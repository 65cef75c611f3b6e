/**
 * Failed sign-ins slow down, they do not lock (issue 10, point 4). Failures count per account and
 * client address: the first few are free, then each further attempt from that address must wait
 * longer (1 s, 2 s, 4 s, ... up to 15 minutes). A stranger hammering an account from elsewhere only
 * slows themselves; the owner signing in from their own address is not affected, and a success
 * clears that pair's count. Each address also has a cap on failures across all accounts.
 */

/** Failures of one account from one address before delays start. */
export const LOGIN_FREE_FAILURES = 5;
/** The longest delay between attempts. */
export const LOGIN_MAX_DELAY_SECONDS = 15 * 60;
/** A pair's failures are forgotten this long after the last one. */
export const LOGIN_FAILURES_FORGOTTEN_AFTER_SECONDS = 60 * 60;
/** Failures one address may make across all accounts per window, and the window. */
export const LOGIN_ADDRESS_FAILURES = { limit: 30, windowSeconds: 15 * 60 } as const;

/**
 * Seconds an attempt must wait after the last of `failures` failed ones.
 * @example loginDelaySeconds(5) // 1
 * @example loginDelaySeconds(7) // 4
 */
export function loginDelaySeconds(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(LOGIN_MAX_DELAY_SECONDS, 2 ** (failures - LOGIN_FREE_FAILURES));
}

/** Seconds still to wait at `now` after `failures` failures, the last at `lastFailure` (0: go ahead). */
export function loginWaitSeconds(failures: number, lastFailure: Date, now: Date): number {
  const until = lastFailure.getTime() + loginDelaySeconds(failures) * 1000;
  return Math.max(0, Math.ceil((until - now.getTime()) / 1000));
}
