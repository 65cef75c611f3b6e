/**
 * The read API's per-client rate limit (issue 16 point 4; docs/decisions/0025-public-read-api-v1.md):
 * a fixed window per client, counted in the function instance's memory as the analytics events are
 * (no database write per read), and its answer in the IETF RateLimit header fields
 * (draft-ietf-httpapi-ratelimit-headers-10: `RateLimit-Policy` and `RateLimit`). Pure: times come in.
 */

export interface RatePolicy {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Requests left in the window after this one. */
  remaining: number;
  /** Seconds until the window starts afresh (at least 1). */
  resetSeconds: number;
}

/** Requests per client and minute unless API_V1_REQUESTS_PER_MINUTE says otherwise. */
export const API_V1_DEFAULT_REQUESTS_PER_MINUTE = 600;

/** The policy's name in the header fields. */
export const RATE_POLICY_NAME = 'default';

/**
 * Counts requests per client in fixed windows, for at most `maxClients` clients at once (when full,
 * expired windows go first, then all: a flood of new addresses empties the table rather than the
 * memory).
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly policy: () => RatePolicy;
  private readonly maxClients: number;

  constructor(policy: () => RatePolicy, maxClients = 50_000) {
    this.policy = policy;
    this.maxClients = maxClients;
  }

  /** Counts one request of `client` at `now` (ms) and says whether it is allowed. */
  hit(client: string, now: number): RateDecision & { policy: RatePolicy } {
    const policy = this.policy();
    const windowMs = policy.windowSeconds * 1000;
    let window = this.windows.get(client);
    if (!window || now - window.start >= windowMs) {
      if (this.windows.size >= this.maxClients) for (const [key, w] of this.windows) if (now - w.start >= windowMs) this.windows.delete(key);
      if (this.windows.size >= this.maxClients) this.windows.clear();
      window = { start: now, count: 0 };
      this.windows.set(client, window);
    }
    window.count += 1;
    const resetSeconds = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
    return { allowed: window.count <= policy.limit, remaining: Math.max(0, policy.limit - window.count), resetSeconds, policy };
  }

  get size(): number {
    return this.windows.size;
  }
}

/**
 * The header fields of a decision: the policy (quota `q` per window `w` seconds) and the current
 * state (`r` remaining, `t` seconds to reset); a refused request also gets Retry-After.
 * @example rateLimitHeaders({ limit: 300, windowSeconds: 60 }, { allowed: true, remaining: 299, resetSeconds: 60 })
 * // { 'RateLimit-Policy': '"default";q=300;w=60', RateLimit: '"default";r=299;t=60' }
 */
export function rateLimitHeaders(policy: RatePolicy, decision: RateDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Policy': `"${RATE_POLICY_NAME}";q=${policy.limit};w=${policy.windowSeconds}`,
    RateLimit: `"${RATE_POLICY_NAME}";r=${decision.remaining};t=${decision.resetSeconds}`,
  };
  if (!decision.allowed) headers['Retry-After'] = String(decision.resetSeconds);
  return headers;
}

/**
 * Whom a request is counted for: its address, an IPv6 address by its /64 network (one host usually
 * holds a whole /64, so counting each address would let it rotate past the limit).
 * @example clientKey('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 */
export function clientKey(address: string): string {
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
