import type { Config } from '@netlify/functions';
import { NewsletterUnsubscribeLinkSchema } from '../../src/domain/schemas/newsletter.ts';
import { afterResponse, handle, ok, parseJson } from './_shared/http.ts';
import { mailUnsubscribeLink } from './_shared/newsletter.ts';
import { clientAddress, enforceRateLimit } from './_shared/rate-limit.ts';

/**
 * POST /api/newsletter/unsubscribe-link {email, language} (issue 29 point 23): the unsubscribe page
 * without a token. Always 202 `link_sent`, answered before the address is looked up: subscribed,
 * pending, unsubscribed and unknown addresses answer alike; the mail (only to a subscription not
 * ended) goes out after the answer. Rate limited like the other mail-sending endpoints.
 */
export default handle({
  POST: async (req, ctx) => {
    const input = await parseJson(req, NewsletterUnsubscribeLinkSchema);
    await enforceRateLimit('newsletterUnsubscribe', { account: input.email, address: clientAddress(ctx.netlify) });
    afterResponse(ctx, () => mailUnsubscribeLink(req, input));
    return ok({ status: 'link_sent' }, { status: 202 });
  },
});

export const config: Config = { path: '/api/newsletter/unsubscribe-link' };
