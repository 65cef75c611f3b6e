/**
 * The device cookie's value (issue 27 point 6): the browsers an account signed in on, so that the
 * account-wide sign-in delay (src/domain/login-throttle.ts) never slows its owner. The value is up to
 * DEVICE_ENTRIES entries `expiry.signature`, separated by `~`; each signature is an HMAC of the
 * account's e-mail and the expiry under the server's secret (netlify/functions/_shared/device.ts), so
 * the cookie names no account and cannot be made for one without signing in to it.
 */

/** Accounts one browser is remembered for (a shared computer); the oldest gives way. */
export const DEVICE_ENTRIES = 5;
/** How long a browser is remembered after its last sign-in. */
export const DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;

export interface DeviceEntry {
  /** Seconds since the epoch. */
  expires: number;
  signature: string;
}

const ENTRY = /^(\d{1,12})\.([A-Za-z0-9_-]{16,64})$/;

/**
 * The entries of a cookie value that are well formed and not expired at `nowSeconds`, newest first.
 * @example parseDeviceEntries('1900000000.abcdefghijklmnopqrstuv~junk', 1800000000) // [{ expires: 1900000000, signature: 'abcdefghijklmnopqrstuv' }]
 */
export function parseDeviceEntries(value: string | null, nowSeconds: number): DeviceEntry[] {
  if (!value) return [];
  const entries: DeviceEntry[] = [];
  for (const part of value.split('~').slice(0, DEVICE_ENTRIES * 2)) {
    const match = ENTRY.exec(part);
    if (match && Number(match[1]) > nowSeconds) entries.push({ expires: Number(match[1]), signature: match[2]! });
  }
  return entries;
}

/** The cookie value with `entry` first, and `replaces` (the same account's older entry) and the oldest beyond DEVICE_ENTRIES left out. */
export function deviceCookieValue(entries: readonly DeviceEntry[], entry: DeviceEntry, replaces: (e: DeviceEntry) => boolean): string {
  return [entry, ...entries.filter((e) => !replaces(e))]
    .slice(0, DEVICE_ENTRIES)
    .map((e) => `${e.expires}.${e.signature}`)
    .join('~');
}
