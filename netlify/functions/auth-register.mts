import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { createUser } from '../../db/queries/accounts.ts';
import { RegisterSchema } from '../../src/domain/schemas/auth.ts';
import { mailRegistrationOfExisting, mailTokenLink } from './_shared/account-mail.ts';
import { afterResponse, handle, ok, parseJson } from './_shared/http.ts';
import { hashPassword } from './_shared/passwords.ts';
import { clientAddress, enforceRateLimit } from './_shared/rate-limit.ts';

/**
 * POST /api/auth/register. Answers the same whether or not the email is registered (issue 4), and
 * the address always gets a mail, after the answer (issue 27 point 1): a new address a confirmation
 * link; one not verified yet a link to choose its password (whoever holds the mailbox decides it, not
 * whoever registered first); a verified one a notice that somebody tried.
 */
export default handle({
  POST: async (req, ctx) => {
    const input = await parseJson(req, RegisterSchema);
    await enforceRateLimit('register', { account: input.email, address: clientAddress(ctx.netlify) });
    const user = await createUser(await getDb(), {
      email: input.email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      language: input.language ?? ctx.locale,
    });
    afterResponse(ctx, () => (user ? mailTokenLink(req, user, 'verify') : mailRegistrationOfExisting(req, input.email)));
    return ok({ status: 'verification_sent' }, { status: 202 });
  },
});

export const config: Config = { path: '/api/auth/register' };
