import { describe, expect, it } from 'vitest';
import { text } from './text.ts';

describe('text', () => {
  const single = text('validation.name');
  const multi = text('validation.bio', { multiline: true });

  it('accepts ordinary text in any script, tabs included', () => {
    for (const value of ['Ursula K. Le Guin', 'Wüstenplanet', 'Città', '三体', 'tab\there', '🚀', '']) {
      expect(single.safeParse(value).success, value).toBe(true);
    }
  });

  it.each(['\u0000', 'a\u0000b', '\u0001', '\u0008', '\u000B', '\u001B[31m', '\u001F', '\u007F'])('refuses control character %j', (value) => {
    for (const schema of [single, multi]) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation.controlCharacters');
    }
  });

  it('allows line breaks only in multi-line text', () => {
    for (const value of ['one\ntwo', 'one\r\ntwo']) {
      expect(multi.safeParse(value).success).toBe(true);
      expect(single.safeParse(value).success).toBe(false);
    }
  });

  it('names the given key for a value that is not a string', () => {
    expect(single.safeParse(42).error?.issues[0]?.message).toBe('validation.name');
  });
});
