import { describe, expect, it } from 'vitest';
import { clientKey, FixedWindowLimiter, rateLimitHeaders } from './api-v1-rate-limit.ts';

describe('the read API rate limit', () => {
  it('allows `limit` requests per client and window, then refuses until the window ends', () => {
    const limiter = new FixedWindowLimiter(() => ({ limit: 3, windowSeconds: 60 }));
    const t0 = 1_000_000;
    expect([1, 2, 3].map((i) => limiter.hit('a', t0 + i).remaining)).toEqual([2, 1, 0]);
    const refused = limiter.hit('a', t0 + 10_000);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 51 });
    expect(limiter.hit('b', t0 + 10_000).allowed).toBe(true);
    expect(limiter.hit('a', t0 + 60_001)).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 60 });
  });

  it('keeps at most maxClients windows, dropping expired ones first', () => {
    const limiter = new FixedWindowLimiter(() => ({ limit: 1, windowSeconds: 1 }), 2);
    limiter.hit('a', 0);
    limiter.hit('b', 500);
    limiter.hit('c', 1200);
    expect(limiter.size).toBe(2);
    expect(limiter.hit('b', 1300).allowed).toBe(false);
  });

  it('formats the IETF RateLimit fields, with Retry-After on a refusal', () => {
    expect(rateLimitHeaders({ limit: 300, windowSeconds: 60 }, { allowed: true, remaining: 299, resetSeconds: 60 })).toEqual({
      'RateLimit-Policy': '"default";q=300;w=60',
      RateLimit: '"default";r=299;t=60',
    });
    expect(rateLimitHeaders({ limit: 2, windowSeconds: 60 }, { allowed: false, remaining: 0, resetSeconds: 17 })).toEqual({
      'RateLimit-Policy': '"default";q=2;w=60',
      RateLimit: '"default";r=0;t=17',
      'Retry-After': '17',
    });
  });

  it('counts IPv4 addresses one by one and IPv6 addresses by their /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:0000:0000:0000:0009')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('unknown')).toBe('unknown');
  });
});
