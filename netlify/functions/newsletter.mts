import type { Config } from '@netlify/functions';
import { NewsletterSignUpSchema } from '../../src/domain/schemas/newsletter.ts';
import { afterResponse, handle, ok, parseJson } from './_shared/http.ts';
import { signUpAndMail } from './_shared/newsletter.ts';
import { clientAddress, enforceRateLimit } from './_shared/rate-limit.ts';

/**
 * POST /api/newsletter {email, language, consentTextVersion} (issue 14 point 4): double opt-in. The
 * answer is always 202 `confirmation_sent`, given before the database is asked about the address:
 * new, pending, confirmed and unsubscribed addresses answer alike in status, body and time. The
 * sign-up and its mail run after the answer.
 */
export default handle({
  POST: async (req, ctx) => {
    const input = await parseJson(req, NewsletterSignUpSchema);
    await enforceRateLimit('newsletter', { account: input.email, address: clientAddress(ctx.netlify) });
    afterResponse(ctx, () => signUpAndMail(req, input));
    return ok({ status: 'confirmation_sent' }, { status: 202 });
  },
});

export const config: Config = { path: '/api/newsletter' };
