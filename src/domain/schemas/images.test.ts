import { describe, expect, it } from 'vitest';
import { ImageUploadFieldsSchema, imageUrlSchema, isExternalImageUrl, isImageUrl } from './images.ts';

const HASH = 'ab'.repeat(16);

describe('isImageUrl', () => {
  it.each([
    ['https://covers.example/dune.jpg', true],
    ['http://covers.example/dune.jpg?size=L', true],
    [`/images/cover-${HASH}-640x960/640.webp`, true],
    [`/images/cover-${HASH}-640x960/320.avif`, true],
    ['/images/anything/else.png', false],
    ['/etc/passwd', false],
    ['javascript:alert(1)', false],
    ['JAVASCRIPT:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['//evil.example/x.png', false],
    ['https:///x.png', false],
    ['https://user:pw@covers.example/x.png', false],
    ['ftp://covers.example/x.png', false],
    ['dune.jpg', false],
    [`https://covers.example/${'a'.repeat(2048)}`, false],
  ])('%s → %s', (url, expected) => {
    expect(isImageUrl(url)).toBe(expected);
  });

  it('isExternalImageUrl refuses our own paths (they are no external address)', () => {
    expect(isExternalImageUrl(`/images/cover-${HASH}-640x960/640.webp`)).toBe(false);
  });
});

describe('imageUrlSchema', () => {
  it('trims, and refuses with one message key', () => {
    const schema = imageUrlSchema();
    expect(schema.parse('  https://covers.example/dune.jpg ')).toBe('https://covers.example/dune.jpg');
    const result = schema.safeParse('javascript:alert(1)');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['validation.imageUrl']);
    expect(schema.safeParse('https://covers.example/\u0000.jpg').success).toBe(false);
  });

  it('composes into "a URL or empty"', () => {
    const schema = imageUrlSchema().nullable().optional();
    expect(schema.safeParse(null).success).toBe(true);
    expect(schema.safeParse(undefined).success).toBe(true);
  });
});

describe('ImageUploadFieldsSchema', () => {
  it('takes the five kinds and nothing else', () => {
    for (const kind of ['cover', 'author', 'series', 'genre', 'profile']) expect(ImageUploadFieldsSchema.safeParse({ kind }).success).toBe(true);
    expect(ImageUploadFieldsSchema.safeParse({ kind: 'poster' }).error?.issues[0]?.message).toBe('validation.imageKind');
    expect(ImageUploadFieldsSchema.safeParse({ kind: 'cover', extra: '1' }).success).toBe(false);
  });
});
