import { describe, expect, it } from 'vitest';
import { newSalt, optedOut, rotateSalts, utcDay, visitorHash } from './visitor.ts';

describe('salt rotation', () => {
  it('uses a salt only on its own UTC day and drops every other', () => {
    expect(rotateSalts(['2026-11-25', '2026-11-26'], '2026-11-26')).toEqual({ keep: '2026-11-26', drop: ['2026-11-25'] });
    expect(rotateSalts(['2026-11-25'], '2026-11-26')).toEqual({ keep: null, drop: ['2026-11-25'] });
    expect(rotateSalts([], '2026-11-26')).toEqual({ keep: null, drop: [] });
    // A salt of a later day (a clock set back) is not today's either.
    expect(rotateSalts(['2026-11-27'], '2026-11-26')).toEqual({ keep: null, drop: ['2026-11-27'] });
  });

  it('names the day in UTC', () => {
    expect(utcDay(new Date('2026-11-26T23:59:59.999Z'))).toBe('2026-11-26');
    expect(utcDay(new Date('2026-11-27T00:00:00+01:00'))).toBe('2026-11-26');
  });

  it('makes a new random salt each time', () => {
    const a = newSalt();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newSalt()).not.toBe(a);
  });
});

describe('visitor hash', () => {
  const visitor = ['203.0.113.7', 'Mozilla/5.0 (X11; Linux x86_64)'];

  it('is the same for one visitor under one salt, another under the next day’s salt', async () => {
    const monday = 'a'.repeat(64);
    const tuesday = 'b'.repeat(64);
    const first = await visitorHash(monday, visitor);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(await visitorHash(monday, visitor)).toBe(first);
    expect(await visitorHash(tuesday, visitor)).not.toBe(first);
  });

  it('tells visitors apart and contains neither address nor agent', async () => {
    const salt = newSalt();
    const hash = await visitorHash(salt, visitor);
    expect(await visitorHash(salt, ['203.0.113.8', visitor[1]!])).not.toBe(hash);
    expect(await visitorHash(salt, [visitor[0]!, 'curl/8'])).not.toBe(hash);
    expect(hash).not.toContain('203');
    // The parts are separated: moving a character from one part to the other is another visitor.
    expect(await visitorHash(salt, ['ab', 'c'])).not.toBe(await visitorHash(salt, ['a', 'bc']));
  });
});

describe('opting out', () => {
  const headers = (h: Record<string, string>) => (name: string) => h[name] ?? null;
  it('honours Global Privacy Control and Do Not Track', () => {
    expect(optedOut(headers({ 'sec-gpc': '1' }))).toBe(true);
    expect(optedOut(headers({ dnt: '1' }))).toBe(true);
    expect(optedOut(headers({ dnt: '0' }))).toBe(false);
    expect(optedOut(headers({}))).toBe(false);
  });
});
