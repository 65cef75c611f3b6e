import { describe, expect, it } from 'vitest';
import { isbnPair, isValidIsbn10, isValidIsbn13 } from './isbn.ts';

describe('ISBN check digits', () => {
  it('accepts valid numbers and refuses a wrong check digit', () => {
    expect(isValidIsbn10('0441172717')).toBe(true);
    expect(isValidIsbn10('080442957X')).toBe(true);
    expect(isValidIsbn10('0441172718')).toBe(false);
    expect(isValidIsbn13('9780441172719')).toBe(true);
    expect(isValidIsbn13('9780441172718')).toBe(false);
    expect(isValidIsbn13('978044117271')).toBe(false);
  });
});

describe('isbnPair', () => {
  it('normalizes hyphens, spaces and a lower-case x and gives both forms', () => {
    expect(isbnPair('0-441-17271-7')).toEqual({ isbn10: '0441172717', isbn13: '9780441172719' });
    expect(isbnPair('978 0 441 17271 9')).toEqual({ isbn10: '0441172717', isbn13: '9780441172719' });
    expect(isbnPair('0-8044-2957-x')).toEqual({ isbn10: '080442957X', isbn13: '9780804429573' });
  });

  it('gives a 979 number no ISBN-10', () => {
    expect(isbnPair('979-10-90636-07-1')).toEqual({ isbn10: null, isbn13: '9791090636071' });
  });

  it('gives nothing for text that is no valid ISBN', () => {
    for (const raw of [null, undefined, '', 'B00B7NPRY8', '=1+2', '9780441172718', '12345']) expect(isbnPair(raw)).toEqual({ isbn10: null, isbn13: null });
  });
});
