import { describe, expect, it } from 'vitest';
import { readSessionHint, sessionHintValue, SESSION_HINT_COOKIE } from './session-hint.ts';

describe('session hint', () => {
  it('carries the initial of the first name, upper-cased, as a cookie-safe value', () => {
    expect(sessionHintValue('ursula')).toBe('U');
    expect(sessionHintValue(' Ülrike')).toBe('%C3%9C');
    expect(sessionHintValue('')).toBe('%C2%B7');
    expect(sessionHintValue('<script>')).toBe('%C2%B7');
  });

  it('reads the initial back from a cookie string, and nothing from a missing or broken one', () => {
    expect(readSessionHint(`a=1; ${SESSION_HINT_COOKIE}=%C3%9C; b=2`)).toBe('Ü');
    expect(readSessionHint(`${SESSION_HINT_COOKIE}=U`)).toBe('U');
    expect(readSessionHint('a=1')).toBeNull();
    expect(readSessionHint('')).toBeNull();
    expect(readSessionHint(null)).toBeNull();
    expect(readSessionHint(`${SESSION_HINT_COOKIE}=`)).toBeNull();
    expect(readSessionHint(`${SESSION_HINT_COOKIE}=%zz`)).toBeNull();
  });
});
