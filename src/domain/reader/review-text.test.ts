import { describe, expect, it } from 'vitest';
import { storedReviewText } from './review-text.ts';

describe('storedReviewText', () => {
  it('keeps a text exactly as typed: spaces, line breaks, markup and all', () => {
    for (const text of ['  Great!\n', 'Line one\r\nLine two', '<b>bold</b> & *stars*', 'Ｄｕｎｅ 👨‍👩‍👧', '\tindented']) {
      expect(storedReviewText(text)).toBe(text);
    }
  });

  it('stores nothing for null, undefined or a blank text', () => {
    for (const blank of [null, undefined, '', ' ', '\n\r\n\t ', '\u00a0\u2003']) expect(storedReviewText(blank)).toBeNull();
  });

  it('keeps a text whose only visible character is an emoji', () => {
    expect(storedReviewText(' 🚀 ')).toBe(' 🚀 ');
  });
});
