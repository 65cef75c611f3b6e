import type { Config } from '@netlify/functions';
import { NewsletterUnsubscribeSchema, OneClickBodySchema, OneClickQuerySchema } from '../../src/domain/schemas/newsletter.ts';
import { handle, ok, parseJson, parseQuery, parseValue } from './_shared/http.ts';
import { mediaType, ONE_CLICK_TYPES, readOneClickForm, unsubscribeWithToken } from './_shared/newsletter.ts';

/**
 * POST /api/newsletter/unsubscribe (issue 14 point 4), two ways:
 * - JSON `{token}` from the unsubscribe page a newsletter mail links to;
 * - the one-click POST of RFC 8058 a mail client sends to the List-Unsubscribe URL: `?token=` in the
 *   URL, body `List-Unsubscribe=One-Click` url-encoded or multipart. Mail providers send no Origin
 *   (allowed); a browser form on another site does, and handle() refuses it like every foreign POST.
 * Any other body is a 415. A well-signed token answers 200 whether or not it was still subscribed.
 */
export default handle({
  POST: async (req) => {
    if ((ONE_CLICK_TYPES as readonly string[]).includes(mediaType(req))) {
      const { token } = parseQuery(req, OneClickQuerySchema);
      parseValue(await readOneClickForm(req), OneClickBodySchema);
      await unsubscribeWithToken(token);
    } else {
      const { token } = await parseJson(req, NewsletterUnsubscribeSchema);
      await unsubscribeWithToken(token);
    }
    return ok({ status: 'unsubscribed' });
  },
});

export const config: Config = { path: '/api/newsletter/unsubscribe' };
