import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { markEmailVerified } from '../../db/queries/accounts.ts';
import { TokenSchema } from '../../src/domain/schemas/auth.ts';
import { useEmailLink } from './_shared/account-mail.ts';
import { handle, ok, parseJson } from './_shared/http.ts';

/** POST /api/auth/verify-email {token}: valid once, for 30 minutes; expired and used links say so. */
export default handle({
  POST: async (req) => {
    const { token } = await parseJson(req, TokenSchema);
    await markEmailVerified(await getDb(), await useEmailLink('verify_email', token));
    return ok({ status: 'verified' });
  },
});

export const config: Config = { path: '/api/auth/verify-email' };
