import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  PASSWORD_ERROR_KEYS,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_STRENGTHS,
  PasswordSchema,
  passwordStrength,
  type PasswordStrength,
} from './password.ts';

/** 12 characters, all four classes. */
const VALID = 'Spice-Flow42';
const rank = (s: PasswordStrength) => PASSWORD_STRENGTHS.indexOf(s);

describe('checkPassword', () => {
  it('accepts 12 characters with uppercase, lowercase, number and special character', () => {
    expect(VALID).toHaveLength(PASSWORD_MIN_LENGTH);
    expect(checkPassword(VALID)).toEqual({ ok: true, errors: [] });
  });

  it('rejects fewer than 12 characters', () => {
    expect(checkPassword('Spice-Flow4')).toEqual({ ok: false, errors: ['validation.password.tooShort'] });
  });

  it('counts characters, not UTF-16 units, for the minimum', () => {
    expect(checkPassword('Aa1-🚀🚀🚀🚀🚀🚀🚀').errors).toEqual(['validation.password.tooShort']);
  });

  it('accepts exactly 72 bytes and rejects 73', () => {
    const at72 = `Aa1-${'x'.repeat(PASSWORD_MAX_BYTES - 4)}`;
    expect(checkPassword(at72).ok).toBe(true);
    expect(checkPassword(`${at72}x`).errors).toEqual(['validation.password.tooLong']);
  });

  it('measures the maximum in UTF-8 bytes, not characters', () => {
    // 4 + 35 × 'ä' (2 bytes each) = 74 bytes in only 39 characters.
    expect(checkPassword(`Aa1-${'ä'.repeat(35)}`).errors).toEqual(['validation.password.tooLong']);
  });

  it.each([
    ['spice-flow42', 'validation.password.uppercase'],
    ['SPICE-FLOW42', 'validation.password.lowercase'],
    ['Spice-Flow-x', 'validation.password.number'],
    ['SpiceFlow420', 'validation.password.special'],
  ] as const)('reports a missing character class in %j', (pw, key) => {
    expect(checkPassword(pw)).toEqual({ ok: false, errors: [key] });
  });

  it('requires all four classes, not just three of them', () => {
    expect(checkPassword('spiceflow42!').ok).toBe(false);
  });

  it('counts non-ASCII letters and a space in their classes', () => {
    expect(checkPassword('Ärger über 42 Würmer').ok).toBe(true);
  });

  it('lists every broken rule, in PASSWORD_ERROR_KEYS order', () => {
    expect(checkPassword('').errors).toEqual(PASSWORD_ERROR_KEYS.filter((key) => key !== 'validation.password.tooLong'));
  });
});

describe('passwordStrength', () => {
  it('rates an empty password very weak', () => {
    expect(passwordStrength('')).toBe('very_weak');
  });

  it.each([
    ['abc', 'very_weak'],
    ['abcdefgh', 'very_weak'],
    ['Abcdefgh1', 'weak'],
    ['Abcdefg1!', 'weak'],
    [VALID, 'medium'],
    ['Spice-Flow42-Dune', 'strong'],
    ['Spice-Flow42-Dune-Arrakis', 'very_strong'],
  ] as const)('rates %j as %s', (pw, expected) => {
    expect(passwordStrength(pw)).toBe(expected);
  });

  it('rates every password that passes checkPassword at least medium', () => {
    for (const pw of [VALID, 'Aa1!Aa1!Aa1!', 'Ärger über 42 Würmer', `Aa1-${'x'.repeat(68)}`]) {
      expect(checkPassword(pw).ok).toBe(true);
      expect(rank(passwordStrength(pw))).toBeGreaterThanOrEqual(rank('medium'));
    }
  });

  it('rates a long password the form rejects at most weak', () => {
    expect(passwordStrength('spice must flow across arrakis 42')).toBe('weak');
    expect(passwordStrength(`Aa1-${'x'.repeat(80)}`)).toBe('weak');
  });
});

describe('PasswordSchema', () => {
  it('parses a valid password', () => {
    expect(PasswordSchema.parse(VALID)).toBe(VALID);
  });

  it('reports broken rules as message keys', () => {
    const result = PasswordSchema.safeParse('short');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'validation.password.tooShort',
      'validation.password.uppercase',
      'validation.password.number',
      'validation.password.special',
    ]);
  });

  it('rejects a value that is not a string', () => {
    expect(PasswordSchema.safeParse(12345678901234).success).toBe(false);
  });
});
