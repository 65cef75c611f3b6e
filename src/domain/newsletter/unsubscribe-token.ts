/**
 * The token of a subscriber's unsubscribe links (issue 14 point 4, issue 29 point 23): the
 * subscription's id and an HMAC of it under the site's secret, so every newsletter mail, the
 * confirmation mail and the mailed "send me my link" carry a link without a stored secret per
 * subscriber (ADR 0019). Pure: the secret comes from the caller.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const signature = (id: string, secret: string) => createHmac('sha256', secret).update(`newsletter-unsubscribe:${id}`).digest('base64url');

/**
 * The token of a subscription's unsubscribe links.
 * @example unsubscribeToken('0d1f…', secret) // '0d1f….<43 base64url characters>'
 */
export function unsubscribeToken(subscriptionId: string, secret: string): string {
  return `${subscriptionId}.${signature(subscriptionId, secret)}`;
}

/** The subscription id an unsubscribe token names, or null when its signature does not match. */
export function subscriptionOfToken(token: string, secret: string): string | null {
  const [id, sig, extra] = token.split('.');
  if (!id || !sig || extra !== undefined) return null;
  const expected = Buffer.from(signature(id, secret));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
