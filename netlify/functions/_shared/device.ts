/**
 * The device cookie (issue 27 point 6, docs/decisions/0029-account-abuse-limits.md): set when an
 * account signs in or resets its password by a mailed link, it lets that browser past the
 * account-wide sign-in delay a stranger can cause (src/domain/login-throttle.ts). It is no
 * credential: the password is still checked, and the per-address delays still apply. HttpOnly, so a
 * script on the page cannot copy it. The value's shape: src/domain/account/device-cookie.ts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DEVICE_TTL_SECONDS, deviceCookieValue, parseDeviceEntries, type DeviceEntry } from '../../../src/domain/account/device-cookie.ts';
import { getEnv } from './env.ts';
import { readCookie } from './session.ts';
import { siteOrigin } from './site.ts';

export const DEVICE_COOKIE = 'phantastika_device';

const sign = (email: string, expires: number) =>
  createHmac('sha256', getEnv().SESSION_SECRET).update(`device:${email.toLowerCase()}:${expires}`).digest('base64url');

const matches = (email: string) => (entry: DeviceEntry) => {
  const expected = Buffer.from(sign(email, entry.expires));
  const given = Buffer.from(entry.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

/** Whether the request comes from a browser that signed in to the account of `email` before. */
export function isKnownDevice(req: Request, email: string, now = new Date()): boolean {
  return parseDeviceEntries(readCookie(req, DEVICE_COOKIE), Math.floor(now.getTime() / 1000)).some(matches(email));
}

/** Set-Cookie value remembering this browser for the account of `email` (besides the others it holds). */
export function deviceCookie(req: Request, email: string, now = new Date()): string {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const expires = nowSeconds + DEVICE_TTL_SECONDS;
  const value = deviceCookieValue(parseDeviceEntries(readCookie(req, DEVICE_COOKIE), nowSeconds), { expires, signature: sign(email, expires) }, matches(email));
  const parts = [`${DEVICE_COOKIE}=${value}`, 'Path=/api/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${DEVICE_TTL_SECONDS}`];
  if (!siteOrigin(req).startsWith('http:')) parts.push('Secure');
  return parts.join('; ');
}
