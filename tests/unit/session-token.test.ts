import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEV_SESSION_SECRET } from '../../netlify/functions/_shared/env.ts';
import { SESSION_COOKIE, sessionRef } from '../../netlify/functions/_shared/session.ts';

// The unit project runs without SESSION_SECRET: getEnv() gives the development secret.
const key = new TextEncoder().encode(DEV_SESSION_SECRET);
const USER = '0f8fad5b-d9cb-469f-a165-70867728950e';
const SESSION = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const token = (exp: number, secret = key) =>
  new SignJWT({ v: 3 }).setProtectedHeader({ alg: 'HS256' }).setSubject(USER).setJti(SESSION).setIssuedAt(exp - 100).setExpirationTime(exp).sign(secret);
const withCookie = (value: string) => new Request('http://localhost/api/x', { headers: { cookie: `${SESSION_COOKIE}=${value}` } });

describe('sessionRef: the verified session token (remembered once verified)', () => {
  it('names the session, user and token version of a well-signed token', async () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    expect(await sessionRef(withCookie(await token(exp)))).toEqual({ userId: USER, sessionId: SESSION, version: 3 });
  });

  it('still ends a remembered token at its expiry', async () => {
    const now = Date.now();
    const exp = Math.floor(now / 1000) + 10;
    const request = withCookie(await token(exp));
    expect(await sessionRef(request, now)).not.toBeNull();
    expect(await sessionRef(request, now)).not.toBeNull(); // from memory now
    expect(await sessionRef(request, exp * 1000)).toBeNull();
    expect(await sessionRef(request, exp * 1000 + 5_000)).toBeNull();
  });

  it('never takes a changed or foreign-signed token for a remembered one', async () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    const good = await token(exp);
    expect(await sessionRef(withCookie(good))).not.toBeNull();
    const [header, payload, signature] = good.split('.');
    // A character in the middle (the last one carries unused bits): the signature's bytes change.
    const flipped = `${signature!.slice(0, 10)}${signature![10] === 'A' ? 'B' : 'A'}${signature!.slice(11)}`;
    expect(await sessionRef(withCookie(`${header}.${payload}.${flipped}`))).toBeNull();
    expect(await sessionRef(withCookie(`${good}x`))).toBeNull();
    expect(await sessionRef(withCookie(await token(exp, new TextEncoder().encode('another-secret-of-at-least-32-characters!'))))).toBeNull();
  });
});
