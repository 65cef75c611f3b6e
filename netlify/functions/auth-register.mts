import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { createUser } from '../../db/queries/accounts.ts';
import { RegisterSchema } from '../../src/domain/schemas/auth.ts';
import { mailTokenLink } from './_shared/account-mail.ts';
import { afterResponse, handle, ok, parseJson } from './_shared/http.ts';
import { hashPassword } from './_shared/passwords.ts';
import { clientAddress, enforceRateLimit } from './_shared/rate-limit.ts';

/**
 * POST /api/auth/register. Answers the same whether or not the email is registered (issue 4): a new
 * address gets a verification link, a known one gets nothing new from here.
 */
export default handle({
  POST: async (req, ctx) => {
    const input = await parseJson(req, RegisterSchema);
    await enforceRateLimit('register', { address: clientAddress(ctx.netlify) });
    const user = await createUser(await getDb(), {
      email: input.email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      language: input.language ?? ctx.locale,
    });
    if (user) afterResponse(ctx, () => mailTokenLink(req, user, 'verify_email'));
    return ok({ status: 'verification_sent' }, { status: 202 });
  },
});

export const config: Config = { path: '/api/auth/register' };
