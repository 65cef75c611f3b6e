/**
 * Sessions and role guards (spec §6; DESIGN.md §5). The session is a signed JWT (HS256, jose) in an
 * HttpOnly cookie naming a row of `sessions` (issue 10): signing out revokes that row, so a copied
 * cookie stops working too; tokens without an expiry are refused. The user row is read with the
 * session on every request (one query), so a role change, password change or deletion (which bump
 * token_version) takes effect on the next request. Beside it, a readable session hint (initial only,
 * src/domain/session-hint.ts) tells pages whether to ask who is signed in.
 */
import { jwtVerify, SignJWT } from 'jose';
import { getDb } from '../../../db/client.ts';
import { createSession, findSessionUser, revokeSession, type SessionRef } from '../../../db/queries/sessions.ts';
import type { Role } from '../../../src/domain/enums.ts';
import { ApiError } from '../../../src/domain/envelope.ts';
import { can } from '../../../src/domain/roles.ts';
import { SESSION_HINT_COOKIE, sessionHintValue } from '../../../src/domain/session-hint.ts';
import { getEnv } from './env.ts';
import { siteOrigin } from './site.ts';

export const SESSION_COOKIE = 'phantastika_session';
export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 14;

export interface SessionUser {
  id: string;
  role: Role;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  language: string;
}

const secretKey = () => new TextEncoder().encode(getEnv().SESSION_SECRET);

export function readCookie(req: Request, name: string): string | null {
  const header = req.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return null; // a malformed escape is no session (signed out), never a 500 (issue 10)
    }
  }
  return null;
}

/** Opens a server-side session for the user and returns its signed token (id, user, version, expiry). */
export async function signSession(user: { id: string; tokenVersion: number }, now = Date.now()): Promise<string> {
  const expires = Math.floor(now / 1000) + SESSION_TTL_SECONDS;
  const sessionId = await createSession(await getDb(), user.id, new Date(expires * 1000));
  return new SignJWT({ v: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setJti(sessionId)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(expires)
    .sign(secretKey());
}

/** Tokens verified so far, by their exact text: what they name and when they expire (seconds). */
interface VerifiedToken extends SessionRef {
  exp: number;
}
/** How many verified tokens an instance remembers (the least recently used go first). */
const VERIFIED_TOKENS_KEPT = 10_000;
let verified: { secret: string; tokens: Map<string, VerifiedToken> } | undefined;

/**
 * What the request's session token names, verified (signature, expiry, claims), or null (missing,
 * forged, expired, no expiry, malformed). Not yet whether the session is live: that is the
 * database's answer (getSessionUser, or liveSessionUserIdSql inside a read's own statement).
 *
 * A token whose signature checked out is remembered by its exact text (any other text is verified
 * afresh), and only its expiry is checked again: jose's HMAC through WebCrypto cost ~0.2 ms of CPU
 * per request, a fifth of a signed-in pop-up's whole cost in the server (issue 12 point 11).
 */
export async function sessionRef(req: Request, now = Date.now()): Promise<SessionRef | null> {
  const token = readCookie(req, SESSION_COOKIE);
  if (!token) return null;
  const secret = getEnv().SESSION_SECRET;
  if (verified?.secret !== secret) verified = { secret, tokens: new Map() };
  const tokens = verified.tokens;
  let known = tokens.get(token);
  if (known) {
    tokens.delete(token);
  } else {
    try {
      const { payload } = await jwtVerify(token, secretKey(), { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'jti'], currentDate: new Date(now) });
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
      if (!uuid.test(payload.sub!) || !uuid.test(payload.jti!) || !Number.isSafeInteger(payload.v)) return null;
      known = { userId: payload.sub!, sessionId: payload.jti!, version: payload.v as number, exp: payload.exp! };
    } catch {
      return null;
    }
  }
  if (known.exp * 1000 <= now) return null;
  tokens.set(token, known);
  if (tokens.size > VERIFIED_TOKENS_KEPT) tokens.delete(tokens.keys().next().value!);
  return { userId: known.userId, sessionId: known.sessionId, version: known.version };
}

/** Ends the request's session on the server (sign out); a missing or invalid token has nothing to end. */
export async function endSession(req: Request): Promise<void> {
  const claims = await sessionRef(req);
  if (claims) await revokeSession(await getDb(), claims.sessionId);
}

/** Plain http only where the site itself is plain http (the local runtime), never because a request says so. */
const isLocal = (req: Request) => siteOrigin(req).startsWith('http:');

/** Set-Cookie value for a session; Secure everywhere except plain-http localhost. */
export function sessionCookie(req: Request, token: string | null): string {
  const parts = [`${SESSION_COOKIE}=${token ?? ''}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${token ? SESSION_TTL_SECONDS : 0}`];
  if (!isLocal(req)) parts.push('Secure');
  return parts.join('; ');
}

/** Set-Cookie value of the session hint (src/domain/session-hint.ts): readable by the page, not HttpOnly. */
export function sessionHintCookie(req: Request, firstName: string | null): string {
  const value = firstName === null ? '' : sessionHintValue(firstName);
  const parts = [`${SESSION_HINT_COOKIE}=${value}`, 'Path=/', 'SameSite=Lax', `Max-Age=${firstName === null ? 0 : SESSION_TTL_SECONDS}`];
  if (!isLocal(req)) parts.push('Secure');
  return parts.join('; ');
}

/** Both cookies of a sign-in (a token and the user's first name) or of a sign-out (null). */
export function sessionCookies(req: Request, session: { token: string; firstName: string } | null): string[] {
  return [sessionCookie(req, session?.token ?? null), sessionHintCookie(req, session?.firstName ?? null)];
}

/**
 * The signed-in user, or null for a visitor: a bad, expired or outdated token, or one whose session
 * was ended (signed out, signed out everywhere), counts as signed out.
 */
export async function getSessionUser(req: Request): Promise<SessionUser | null> {
  const claims = await sessionRef(req);
  if (!claims) return null;
  const row = await findSessionUser(await getDb(), claims.sessionId, claims.userId);
  if (!row || row.tokenVersion !== claims.version || !row.emailVerifiedAt) return null;
  return {
    id: row.id,
    role: row.role,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    language: row.language,
  };
}

/** The signed-in user or a 401. */
export async function requireUser(req: Request): Promise<SessionUser> {
  const user = await getSessionUser(req);
  if (!user) throw unauthenticated(req);
  return user;
}

/** The 401 of a request without a live session. */
export function unauthenticated(req: Request): ApiError {
  // A hint left by a session that ended elsewhere (expired, signed out everywhere) goes with this answer.
  const staleHint = readCookie(req, SESSION_HINT_COOKIE) !== null;
  return new ApiError('UNAUTHENTICATED', undefined, undefined, staleHint ? { 'set-cookie': sessionHintCookie(req, null) } : undefined);
}

/**
 * The request's verified session token, or a 401, for a write that checks the session's liveness in
 * its own statement (db/queries/writer-guard.ts; answered with `settleGuarded`).
 */
export async function requireSessionRef(req: Request): Promise<SessionRef> {
  const ref = await sessionRef(req);
  if (!ref) throw unauthenticated(req);
  return ref;
}

/** The signed-in user holding at least `role` (spec §6 ranks), else 401 (signed out) or 403. */
export async function requireRole(req: Request, role: Role): Promise<SessionUser> {
  const user = await requireUser(req);
  if (!can(user, role)) throw new ApiError('FORBIDDEN');
  return user;
}
