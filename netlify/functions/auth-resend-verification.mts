import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { findUserByEmail } from '../../db/queries/accounts.ts';
import { EmailOnlySchema } from '../../src/domain/schemas/auth.ts';
import { mailTokenLink } from './_shared/account-mail.ts';
import { afterResponse, handle, ok, parseJson } from './_shared/http.ts';
import { clientAddress, enforceRateLimit } from './_shared/rate-limit.ts';

/**
 * POST /api/auth/resend-verification {email}: same answer whether or not the address is known. An
 * address not verified yet gets a link to confirm it by choosing its password (issue 27 point 1: the
 * asker may not be the one who registered, so the mailbox's owner decides the password).
 */
export default handle({
  POST: async (req, ctx) => {
    const { email } = await parseJson(req, EmailOnlySchema);
    await enforceRateLimit('resend', { account: email, address: clientAddress(ctx.netlify) });
    const user = await findUserByEmail(await getDb(), email);
    if (user && !user.emailVerifiedAt) afterResponse(ctx, () => mailTokenLink(req, user, 'claim'));
    return ok({ status: 'verification_sent' }, { status: 202 });
  },
});

export const config: Config = { path: '/api/auth/resend-verification' };
