import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { findUserByEmail } from '../../db/queries/accounts.ts';
import { EmailOnlySchema } from '../../src/domain/schemas/auth.ts';
import { mailTokenLink } from './_shared/account-mail.ts';
import { afterResponse, handle, ok, parseJson } from './_shared/http.ts';
import { clientAddress, enforceRateLimit } from './_shared/rate-limit.ts';

/** POST /api/auth/forgot-password {email}: mails a reset link to a known address; same answer either way. */
export default handle({
  POST: async (req, ctx) => {
    const { email } = await parseJson(req, EmailOnlySchema);
    await enforceRateLimit('forgot', { account: email, address: clientAddress(ctx.netlify) });
    const user = await findUserByEmail(await getDb(), email);
    if (user) afterResponse(ctx, () => mailTokenLink(req, user, 'reset'));
    return ok({ status: 'reset_sent' }, { status: 202 });
  },
});

export const config: Config = { path: '/api/auth/forgot-password' };
