import { describe, expect, it } from 'vitest';
import { idempotencyCutoffs, idempotencyKeyOf, idempotencyScope, isKeptAnswer, repeatOutcome } from './idempotency.ts';

describe('an Idempotency-Key header', () => {
  it('names a key of 1 to 255 visible ASCII characters, bare or as a quoted structured-field string', () => {
    expect(idempotencyKeyOf('8e03978e-40d5-43e8-bc93-6894a57f9324')).toBe('8e03978e-40d5-43e8-bc93-6894a57f9324');
    expect(idempotencyKeyOf('"8e03978e-40d5"')).toBe('8e03978e-40d5');
    expect(idempotencyKeyOf(' k ')).toBe('k');
    expect(idempotencyKeyOf('k'.repeat(255))).toBe('k'.repeat(255));
  });

  it('is no key when empty, too long, or with spaces, quotes, control or non-ASCII characters', () => {
    for (const bad of ['', '""', '"', 'k'.repeat(256), 'a b', 'a"b', 'a\\b', 'a\tb', 'schlüssel']) expect(idempotencyKeyOf(bad)).toBeNull();
  });
});

describe('whose key it is', () => {
  it('is the signed-in reader’s, else the client address’s', () => {
    expect(idempotencyScope('u1', '198.51.100.7')).toBe('user:u1');
    expect(idempotencyScope(null, '198.51.100.7')).toBe('client:198.51.100.7');
  });
});

describe('which answers are kept for the repeats', () => {
  it('successes and redirects', () => {
    expect(isKeptAnswer(200, ['content-type'])).toBe(true);
    expect(isKeptAnswer(201, [])).toBe(true);
    expect(isKeptAnswer(204, [])).toBe(true);
    expect(isKeptAnswer(303, ['location'])).toBe(true);
  });

  it('no refusal or failure: the retry meets the server afresh', () => {
    for (const status of [400, 401, 404, 409, 429, 500, 503]) expect(isKeptAnswer(status, [])).toBe(false);
  });

  it('never an answer that sets a cookie (a sign-in)', () => {
    expect(isKeptAnswer(200, ['content-type', 'Set-Cookie'])).toBe(false);
  });
});

describe('a repeat of a key', () => {
  it('gets the first answer for the same request, waits while it runs, and is refused for another request', () => {
    expect(repeatOutcome({ fingerprint: 'a', status: 201 }, 'a')).toBe('replay');
    expect(repeatOutcome({ fingerprint: 'a', status: null }, 'a')).toBe('inProgress');
    expect(repeatOutcome({ fingerprint: 'a', status: 201 }, 'b')).toBe('reused');
    expect(repeatOutcome({ fingerprint: 'a', status: null }, 'b')).toBe('reused');
  });

  it('within 24 hours; a claim never settled is abandoned after a minute', () => {
    const cutoffs = idempotencyCutoffs(new Date('2026-03-10T12:00:00Z'));
    expect(cutoffs.expiredBefore.toISOString()).toBe('2026-03-09T12:00:00.000Z');
    expect(cutoffs.abandonedBefore.toISOString()).toBe('2026-03-10T11:59:00.000Z');
  });
});
