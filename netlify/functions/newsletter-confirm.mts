import type { Config } from '@netlify/functions';
import { NewsletterConfirmSchema } from '../../src/domain/schemas/newsletter.ts';
import { handle, ok, parseJson } from './_shared/http.ts';
import { confirmWithToken } from './_shared/newsletter.ts';

/**
 * POST /api/newsletter/confirm {token} (issue 14 point 4): the mailed link's page posts its token.
 * 200 confirmed; 400 expired or unknown link, 409 used (details name `validation.token.*`).
 */
export default handle({
  POST: async (req) => {
    const { token } = await parseJson(req, NewsletterConfirmSchema);
    await confirmWithToken(token);
    return ok({ status: 'confirmed' });
  },
});

export const config: Config = { path: '/api/newsletter/confirm' };
