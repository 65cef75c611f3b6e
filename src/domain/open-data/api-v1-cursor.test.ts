import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, fnv1a, MAX_CURSOR_OFFSET, queryFingerprint, stableJson } from './api-v1-cursor.ts';

describe('read API cursors', () => {
  it('round-trip a position through an opaque URL-safe text', () => {
    for (const offset of [0, 1, 20, 99_999, MAX_CURSOR_OFFSET]) {
      const cursor = encodeCursor({ offset, fingerprint: '0badf00d' });
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(cursor)).toEqual({ offset, fingerprint: '0badf00d' });
    }
  });

  it('refuse anything the encoder did not make', () => {
    const forged = (text: string) => btoa(text).replace(/=+$/, '');
    for (const bad of ['', 'abc', '!!!!', 'YzEu', forged('c1.-1.0badf00d'), forged('c1.01.0badf00d'), forged('c2.20.0badf00d'),
      forged('c1.20.0BADF00D'), forged(`c1.${MAX_CURSOR_OFFSET + 1}.0badf00d`), forged('c1.20.0badf00d.x'), 'a'.repeat(65), 'YzEuMjAuMGJhZGYwMGQ=']) {
      expect(decodeCursor(bad), bad).toBeNull();
    }
  });

  it('fingerprint a query the same whatever the order of its keys, and differently for other filters', () => {
    expect(queryFingerprint({ sort: 'newest', genre: 'Horror', lang: 'de' })).toBe(queryFingerprint({ lang: 'de', genre: 'Horror', sort: 'newest', minRating: undefined }));
    expect(queryFingerprint({ sort: 'newest', genre: 'Horror', lang: 'de' })).not.toBe(queryFingerprint({ sort: 'newest', genre: 'Fantasy', lang: 'de' }));
    expect(queryFingerprint({ sort: 'newest', lang: 'de' })).not.toBe(queryFingerprint({ sort: 'newest', lang: 'en' }));
  });

  it('hash with FNV-1a and serialize with sorted keys', () => {
    expect(fnv1a('')).toBe('811c9dc5');
    expect(fnv1a('a')).toBe('e40c292c');
    expect(stableJson({ b: [1, { d: 2, c: 'x' }], a: null, z: undefined })).toBe('{"a":null,"b":[1,{"c":"x","d":2}]}');
  });
});
