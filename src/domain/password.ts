/**
 * Password rules shared by the registration island and the server (spec §5 "Password", issue:
 * at least 12 characters, 1 uppercase, 1 lowercase, 1 number, 1 special character, at most 72 bytes).
 */
import { z } from 'zod';
import { text } from './schemas/text.ts';

export const PASSWORD_MIN_LENGTH = 12;
/** bcrypt ignores everything after the 72nd byte, so a longer password would be silently truncated. */
export const PASSWORD_MAX_BYTES = 72;

/** Message keys in the order the form lists them (STYLE rule 4: keys, not prose). */
export const PASSWORD_ERROR_KEYS = [
  'validation.password.tooShort',
  'validation.password.tooLong',
  'validation.password.uppercase',
  'validation.password.lowercase',
  'validation.password.number',
  'validation.password.special',
] as const;
export type PasswordErrorKey = (typeof PASSWORD_ERROR_KEYS)[number];

/** Weakest first; the index is the rank. */
export const PASSWORD_STRENGTHS = ['very_weak', 'weak', 'medium', 'strong', 'very_strong'] as const;
export type PasswordStrength = (typeof PASSWORD_STRENGTHS)[number];

/**
 * The four character classes, each with the key reported when it is missing.
 * Unicode-aware so 'Ä' counts as uppercase; anything that is neither letter nor digit (space included) is special.
 */
const CHARACTER_CLASSES = [
  { key: 'validation.password.uppercase', pattern: /\p{Lu}/u },
  { key: 'validation.password.lowercase', pattern: /\p{Ll}/u },
  { key: 'validation.password.number', pattern: /\p{Nd}/u },
  { key: 'validation.password.special', pattern: /[^\p{L}\p{N}]/u },
] as const satisfies ReadonlyArray<{ key: PasswordErrorKey; pattern: RegExp }>;

const codePointLength = (s: string) => [...s].length;

/** UTF-8 length without TextEncoder allocation; a lone surrogate counts as U+FFFD (3 bytes), as TextEncoder would. */
function utf8ByteLength(s: string): number {
  let bytes = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

const characterClassCount = (pw: string) => CHARACTER_CLASSES.filter(({ pattern }) => pattern.test(pw)).length;

/**
 * Checks a password against the registration rules and lists every broken rule as a message key.
 * The spec names both "1 of each of uppercase, lowercase, number, special" and "at least 3 character
 * types"; we require all four, which satisfies both readings (the stricter one wins).
 * @example checkPassword('Correct-Horse-42') // { ok: true, errors: [] }
 */
export function checkPassword(pw: string): { ok: boolean; errors: PasswordErrorKey[] } {
  const errors: PasswordErrorKey[] = [];
  if (codePointLength(pw) < PASSWORD_MIN_LENGTH) errors.push('validation.password.tooShort');
  if (utf8ByteLength(pw) > PASSWORD_MAX_BYTES) errors.push('validation.password.tooLong');
  for (const { key, pattern } of CHARACTER_CLASSES) {
    if (!pattern.test(pw)) errors.push(key);
  }
  return { ok: errors.length === 0, errors };
}

/**
 * Score thresholds, strongest first: score = length points (>=12: 1, >=16: 2, >=20: 3) + character classes (0-4).
 * A password passing checkPassword has length >= 12 and all four classes, so it scores at least 5 = medium.
 */
const LENGTH_POINTS = [
  [20, 3],
  [16, 2],
  [12, 1],
] as const;
const STRENGTH_THRESHOLDS = [
  [7, 'very_strong'],
  [6, 'strong'],
  [5, 'medium'],
  [3, 'weak'],
  [0, 'very_weak'],
] as const satisfies ReadonlyArray<readonly [number, PasswordStrength]>;

/**
 * Deterministic strength for the meter: medium or better exactly when checkPassword passes, so the meter
 * never calls a password 'strong' that the form will reject (those are capped at 'weak').
 * @example passwordStrength('Correct-Horse-42') // 'strong'
 */
export function passwordStrength(pw: string): PasswordStrength {
  if (pw === '') return 'very_weak';
  const length = codePointLength(pw);
  const lengthPoints = LENGTH_POINTS.find(([min]) => length >= min)?.[1] ?? 0;
  const score = lengthPoints + characterClassCount(pw);
  const strength = STRENGTH_THRESHOLDS.find(([min]) => score >= min)?.[1] ?? 'very_weak';
  const rejected = !checkPassword(pw).ok;
  return rejected && PASSWORD_STRENGTHS.indexOf(strength) > PASSWORD_STRENGTHS.indexOf('weak') ? 'weak' : strength;
}

/** Zod schema for the new-password field; each issue message is a PasswordErrorKey. */
export const PasswordSchema = text().superRefine((pw, ctx) => {
  for (const key of checkPassword(pw).errors) ctx.addIssue({ code: 'custom', message: key });
});
export type Password = z.infer<typeof PasswordSchema>;
