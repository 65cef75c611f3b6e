import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { findUserById, markEmailVerified, setPassword } from '../../db/queries/accounts.ts';
import { ResetPasswordSchema } from '../../src/domain/schemas/auth.ts';
import { useEmailLink } from './_shared/account-mail.ts';
import { deviceCookie } from './_shared/device.ts';
import { handle, ok, parseJson } from './_shared/http.ts';
import { hashPassword } from './_shared/passwords.ts';

/**
 * POST /api/auth/reset-password {token, password}: sets a new password and ends every session. The
 * link proved access to the mailbox, so the browser is remembered for the account (issue 27 point 6):
 * the owner signs in at once even while strangers' guesses slow the account down.
 */
export default handle({
  POST: async (req) => {
    const input = await parseJson(req, ResetPasswordSchema);
    const userId = await useEmailLink('reset_password', input.token);
    const db = await getDb();
    await setPassword(db, userId, await hashPassword(input.password));
    // The link proved access to the mailbox, so the address counts as verified too.
    await markEmailVerified(db, userId);
    const user = await findUserById(db, userId);
    return ok({ status: 'password_reset' }, user ? { headers: { 'set-cookie': deviceCookie(req, user.email) } } : undefined);
  },
});

export const config: Config = { path: '/api/auth/reset-password' };
