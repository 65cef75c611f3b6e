/**
 * Failed sign-ins slow down, they do not lock (issue 10, point 4). Failures count per account and
 * client address: the first few are free, then each further attempt from that address must wait
 * longer (1 s, 2 s, 4 s, ... up to 15 minutes). A stranger hammering an account from elsewhere only
 * slows themselves; the owner signing in from their own address is not affected, and a success
 * clears that pair's count. Each address also has a cap on failures across all accounts.
 *
 * Guesses spread over many addresses (issue 27 point 6) are slowed per account too: past
 * LOGIN_ACCOUNT_FREE_FAILURES failures of one account from anywhere, every attempt on it waits the
 * same growing delay, unless it comes from a device the account signed in on before (a signed device
 * cookie, netlify/functions/_shared/device.ts), whose failures do not count there either. So a
 * stranger can slow the account for other strangers but never for the owner's own browsers, and a
 * password reset by mail (which sets the cookie) brings the owner's new browser in.
 * docs/decisions/0029-account-abuse-limits.md.
 */

/** Failures of one account from one address before delays start. */
export const LOGIN_FREE_FAILURES = 5;
/** The longest delay between attempts. */
export const LOGIN_MAX_DELAY_SECONDS = 15 * 60;
/** A pair's failures are forgotten this long after the last one. */
export const LOGIN_FAILURES_FORGOTTEN_AFTER_SECONDS = 60 * 60;
/** Failures one address may make across all accounts per window, and the window. */
export const LOGIN_ADDRESS_FAILURES = { limit: 30, windowSeconds: 15 * 60 } as const;

/** Failures of one account from all addresses (devices it signed in on left out) before its delays start. */
export const LOGIN_ACCOUNT_FREE_FAILURES = 10;

/**
 * Seconds an attempt must wait after the last of `failures` failed ones, the first `free` failures
 * costing nothing (a pair's by default, LOGIN_ACCOUNT_FREE_FAILURES for the account-wide count).
 * @example loginDelaySeconds(5) // 1
 * @example loginDelaySeconds(7) // 4
 * @example loginDelaySeconds(12, LOGIN_ACCOUNT_FREE_FAILURES) // 4
 */
export function loginDelaySeconds(failures: number, free = LOGIN_FREE_FAILURES): number {
  if (failures < free) return 0;
  return Math.min(LOGIN_MAX_DELAY_SECONDS, 2 ** Math.min(failures - free, 20));
}

/** Seconds still to wait at `now` after `failures` failures, the last at `lastFailure` (0: go ahead). */
export function loginWaitSeconds(failures: number, lastFailure: Date, now: Date, free = LOGIN_FREE_FAILURES): number {
  if (now.getTime() - lastFailure.getTime() >= LOGIN_FAILURES_FORGOTTEN_AFTER_SECONDS * 1000) return 0;
  const until = lastFailure.getTime() + loginDelaySeconds(failures, free) * 1000;
  return Math.max(0, Math.ceil((until - now.getTime()) / 1000));
}
