import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { findUserByEmail, recordLogin } from '../../db/queries/accounts.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { LoginSchema } from '../../src/domain/schemas/auth.ts';
import { toCurrentUser } from './_shared/current-user.ts';
import { deviceCookie, isKnownDevice } from './_shared/device.ts';
import { handle, ok, parseJson } from './_shared/http.ts';
import { verifyPassword } from './_shared/passwords.ts';
import { checkLogin, clearLoginFailures, clientAddress, recordLoginFailure } from './_shared/rate-limit.ts';
import { sessionCookies, signSession } from './_shared/session.ts';

/**
 * POST /api/auth/login {email, password}: sets the session cookie; the email must be verified first.
 * Wrong passwords slow down further attempts of that account from that address (issue 10), and of
 * that account from browsers it never signed in on (issue 27 point 6); a sign-in remembers the
 * browser (the device cookie), which the account-wide delay then lets through.
 */
export default handle({
  POST: async (req, ctx) => {
    const input = await parseJson(req, LoginSchema);
    const address = clientAddress(ctx.netlify);
    const knownDevice = isKnownDevice(req, input.email);
    await checkLogin(input.email, address, knownDevice);
    const db = await getDb();
    const user = await findUserByEmail(db, input.email);
    if (!(await verifyPassword(input.password, user?.passwordHash)) || !user) {
      await recordLoginFailure(input.email, address, knownDevice);
      throw new ApiError('UNAUTHENTICATED', 'api.error.loginFailed');
    }
    await clearLoginFailures(input.email, address);
    if (!user.emailVerifiedAt) throw new ApiError('FORBIDDEN', 'api.error.emailNotVerified');
    await recordLogin(db, user.id);
    const cookies = [...sessionCookies(req, { token: await signSession(user), firstName: user.firstName ?? '' }), deviceCookie(req, user.email)];
    return ok(toCurrentUser(user), { headers: { 'set-cookie': cookies } });
  },
});

export const config: Config = { path: '/api/auth/login' };
