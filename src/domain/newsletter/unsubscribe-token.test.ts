import { describe, expect, it } from 'vitest';
import { UnsubscribeTokenSchema } from '../schemas/newsletter.ts';
import { subscriptionOfToken, unsubscribeToken } from './unsubscribe-token.ts';

const id = '6f1c2a4e-8b0d-4c3e-9f7a-1b2c3d4e5f60';
const secret = 'a-test-secret-of-enough-length-0123456789';

describe('unsubscribe tokens', () => {
  it('name the subscription and pass the token schema', () => {
    const token = unsubscribeToken(id, secret);
    expect(token.startsWith(`${id}.`)).toBe(true);
    expect(UnsubscribeTokenSchema.safeParse(token).success).toBe(true);
    expect(subscriptionOfToken(token, secret)).toBe(id);
  });

  it('are the same every time, so every mail to one subscriber carries the same link', () => {
    expect(unsubscribeToken(id, secret)).toBe(unsubscribeToken(id, secret));
  });

  it('are refused when forged, signed under another secret, for another id or malformed', () => {
    const token = unsubscribeToken(id, secret);
    expect(subscriptionOfToken(`${id}.${'A'.repeat(43)}`, secret)).toBeNull();
    expect(subscriptionOfToken(token, 'another-secret')).toBeNull();
    expect(subscriptionOfToken(token.replace(id, '00000000-0000-4000-8000-000000000000'), secret)).toBeNull();
    expect(subscriptionOfToken(`${token}.x`, secret)).toBeNull();
    expect(subscriptionOfToken(id, secret)).toBeNull();
    expect(subscriptionOfToken('', secret)).toBeNull();
  });
});
