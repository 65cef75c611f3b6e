import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { deleteUser, findUserById, updateProfile } from '../../db/queries/accounts.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { DeleteAccountSchema, ProfileUpdateSchema } from '../../src/domain/schemas/auth.ts';
import { toCurrentUser } from './_shared/current-user.ts';
import { notePopularityWrite } from './_shared/catalogue-index.ts';
import { handle, noContent, ok, parseJson } from './_shared/http.ts';
import { isKnownDevice } from './_shared/device.ts';
import { verifyPassword } from './_shared/passwords.ts';
import { checkLogin, clearLoginFailures, clientAddress, recordLoginFailure } from './_shared/rate-limit.ts';
import { requireSessionRef, requireUser, sessionCookies, sessionHintCookie, unauthenticated } from './_shared/session.ts';

/**
 * PATCH /api/profile (names, bio, language) and DELETE /api/profile (after password confirmation).
 * The password check of a deletion is throttled like a sign-in, on the same counters (issue 27 point
 * 6), and the last super user cannot delete their account (409, issue 27 point 3).
 */
export default handle({
  GET: async (req) => {
    const user = await requireUser(req);
    const row = await findUserById(await getDb(), user.id);
    if (!row) throw new ApiError('UNAUTHENTICATED');
    return ok(toCurrentUser(row));
  },
  PATCH: async (req) => {
    const session = await requireSessionRef(req);
    const patch = await parseJson(req, ProfileUpdateSchema);
    // The session is checked in the update itself: no row unless it is live.
    const row = await updateProfile(await getDb(), session, patch);
    if (!row) throw unauthenticated(req);
    // A new first name is a new initial on the avatar: the hint follows.
    return ok(toCurrentUser(row), { headers: { 'set-cookie': sessionHintCookie(req, row.firstName ?? '') } });
  },
  DELETE: async (req, ctx) => {
    const user = await requireUser(req);
    const { password } = await parseJson(req, DeleteAccountSchema);
    const address = clientAddress(ctx.netlify);
    const knownDevice = isKnownDevice(req, user.email);
    await checkLogin(user.email, address, knownDevice);
    const db = await getDb();
    const row = await findUserById(db, user.id);
    if (!row || !(await verifyPassword(password, row.passwordHash))) {
      await recordLoginFailure(user.email, address, knownDevice);
      throw new ApiError('FORBIDDEN', 'api.error.passwordWrong');
    }
    await clearLoginFailures(user.email, address);
    const outcome = await deleteUser(db, user.id);
    if (outcome === 'lastSuperUser') throw new ApiError('CONFLICT', 'api.error.lastSuperUserSelf');
    await notePopularityWrite(); // the account's ratings and reviews went with it
    return noContent({ 'set-cookie': sessionCookies(req, null) });
  },
});

export const config: Config = { path: '/api/profile' };
