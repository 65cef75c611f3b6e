/**
 * Idempotent writes (issue 27 point 7; ADR 0031): a write that carries an `Idempotency-Key` header is
 * done once, and a repeat with the same key within IDEMPOTENCY_KEY_HOURS gets the first answer, so
 * the browser's client may retry a POST or PATCH after a 5xx or a lost connection (spec §8) without
 * writing twice. The rules here are pure; `netlify/functions/_shared/idempotency.ts` applies them in
 * `handle()` and `db/queries/runtime/idempotency-keys.ts` keeps the keys.
 */

/** The request header (the IETF httpapi draft's name; Stripe's and PayPal's too). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** The answer header of a replayed answer (as Stripe names it). */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key and its answer are kept: a repeat within this window gets the first answer. */
export const IDEMPOTENCY_KEY_HOURS = 24;
/**
 * A key claimed but never settled (the instance died mid-request) counts as abandoned after this:
 * longer than any synchronous function may run on Netlify (26 s at most), so never while it runs.
 */
export const IDEMPOTENCY_CLAIM_ABANDONED_SECONDS = 60;
/** The methods whose requests the key makes idempotent (GET, HEAD and OPTIONS are safe already). */
export const IDEMPOTENT_WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Longest key accepted (a UUID has 36 characters; the draft sets no limit, Stripe 255). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/**
 * The key of an `Idempotency-Key` header value, or null when it is no usable key: 1 to 255 visible
 * ASCII characters, optionally written as a structured-field string in double quotes (the draft's
 * form, `"8e03978e-40d5-43e8-bc93-6894a57f9324"`).
 * @example idempotencyKeyOf('"abc-1"') // 'abc-1'
 */
export function idempotencyKeyOf(header: string): string | null {
  const trimmed = header.trim();
  const key = trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) return null;
  return /^[\x21-\x7e]+$/.test(key) && !key.includes('"') && !key.includes('\\') ? key : null;
}

/**
 * Whose key it is: the signed-in reader's (by user id, whatever session they use) or, signed out, the
 * client address's. A key names an answer only within its scope, so nobody reads another's answer.
 * @example idempotencyScope('0f…', '198.51.100.7') // 'user:0f…'
 */
export function idempotencyScope(userId: string | null, clientAddress: string): string {
  return userId ? `user:${userId}` : `client:${clientAddress}`;
}

/** An answer as it is kept for the repeats: status, headers (names in lower case) and text body. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/**
 * Whether an answer is kept for the repeats of its key. Only successes (2xx, 3xx): a refusal wrote
 * nothing, and a retry should meet the server's state afresh (a 429 waits, a 5xx may pass next time);
 * a key whose answer is not kept is free again. Never an answer that sets a cookie: a sign-in's
 * session must not be handed out a second time.
 */
export function isKeptAnswer(status: number, headerNames: Iterable<string>): boolean {
  if (status < 200 || status >= 400) return false;
  for (const name of headerNames) if (name.toLowerCase() === 'set-cookie') return false;
  return true;
}

/** The moments before which a key is free again: replaced when used again, removed by the hourly prune. */
export interface IdempotencyCutoffs {
  /** Keys made before this are past their window. */
  expiredBefore: Date;
  /** Keys claimed before this and never settled are abandoned. */
  abandonedBefore: Date;
}

/**
 * The cutoffs at `now`.
 * @example idempotencyCutoffs(new Date('2026-03-10T12:00:00Z')).expiredBefore // 2026-03-09T12:00:00Z
 */
export function idempotencyCutoffs(now: Date): IdempotencyCutoffs {
  return {
    expiredBefore: new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 60 * 60 * 1000),
    abandonedBefore: new Date(now.getTime() - IDEMPOTENCY_CLAIM_ABANDONED_SECONDS * 1000),
  };
}

/** What a repeat of a key gets, by the kept row: the first answer, a refusal, or a wait. */
export type RepeatOutcome = 'replay' | 'reused' | 'inProgress';

/**
 * The outcome for a repeat of a key whose row is `kept`: a different request under the same key is
 * refused (the key was reused for something else), a first request still running is waited for,
 * else the first answer is given again.
 */
export function repeatOutcome(kept: { fingerprint: string; status: number | null }, fingerprint: string): RepeatOutcome {
  if (kept.fingerprint !== fingerprint) return 'reused';
  return kept.status === null ? 'inProgress' : 'replay';
}
