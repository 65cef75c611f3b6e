import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { findUserByEmail, recordLogin } from '../../db/queries/accounts.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { LoginSchema } from '../../src/domain/schemas/auth.ts';
import { toCurrentUser } from './_shared/current-user.ts';
import { handle, ok, parseJson } from './_shared/http.ts';
import { verifyPassword } from './_shared/passwords.ts';
import { checkLogin, clearLoginFailures, clientAddress, recordLoginFailure } from './_shared/rate-limit.ts';
import { sessionCookies, signSession } from './_shared/session.ts';

/**
 * POST /api/auth/login {email, password}: sets the session cookie; the email must be verified first.
 * Wrong passwords slow down further attempts of that account from that address (issue 10).
 */
export default handle({
  POST: async (req, ctx) => {
    const input = await parseJson(req, LoginSchema);
    const address = clientAddress(ctx.netlify);
    await checkLogin(input.email, address);
    const db = await getDb();
    const user = await findUserByEmail(db, input.email);
    if (!(await verifyPassword(input.password, user?.passwordHash)) || !user) {
      await recordLoginFailure(input.email, address);
      throw new ApiError('UNAUTHENTICATED', 'api.error.loginFailed');
    }
    await clearLoginFailures(input.email, address);
    if (!user.emailVerifiedAt) throw new ApiError('FORBIDDEN', 'api.error.emailNotVerified');
    await recordLogin(db, user.id);
    return ok(toCurrentUser(user), { headers: { 'set-cookie': sessionCookies(req, { token: await signSession(user), firstName: user.firstName ?? '' }) } });
  },
});

export const config: Config = { path: '/api/auth/login' };
