import { describe, expect, it } from 'vitest';
import { findVariant, parseImageId, parseImageUrl, planImage, responsiveImage, scaledHeight, VARIANT_WIDTHS, variantWidths } from './image-variants.ts';

const SHA = 'ab'.repeat(32);
const HASH = 'ab'.repeat(16);

describe('variantWidths', () => {
  it('makes every width of the kind from a large image', () => {
    expect(variantWidths('cover', 2000)).toEqual([160, 320, 640]);
    expect(variantWidths('author', 2000)).toEqual([96, 192, 384]);
    expect(variantWidths('series', 2000)).toEqual([240, 480, 960]);
  });

  it('never enlarges: a smaller image ends at its own width', () => {
    expect(variantWidths('cover', 500)).toEqual([160, 320, 500]);
    expect(variantWidths('cover', 320)).toEqual([160, 320]);
    expect(variantWidths('cover', 100)).toEqual([100]);
  });

  it('has ascending widths for every kind', () => {
    for (const widths of Object.values(VARIANT_WIDTHS)) expect([...widths].sort((a, b) => a - b)).toEqual(widths);
  });
});

describe('scaledHeight', () => {
  it('keeps the aspect ratio, rounded, at least one pixel', () => {
    expect(scaledHeight({ width: 800, height: 1200 }, 160)).toBe(240);
    expect(scaledHeight({ width: 333, height: 500 }, 160)).toBe(240);
    expect(scaledHeight({ width: 4000, height: 1 }, 160)).toBe(1);
  });
});

describe('planImage', () => {
  it('names the image by kind, content hash and largest size, and its URL is the largest WebP', () => {
    const plan = planImage('cover', SHA, { width: 1000, height: 1500 });
    expect(plan.id).toBe(`cover-${HASH}-640x960`);
    expect(plan.url).toBe(`/images/cover-${HASH}-640x960/640.webp`);
    expect([plan.width, plan.height]).toEqual([640, 960]);
  });

  it('lists AVIF and WebP at every width with keys and URLs', () => {
    const plan = planImage('author', SHA, { width: 300, height: 300 });
    expect(plan.variants.map((v) => `${v.key} ${v.width}x${v.height}`)).toEqual([
      `author-${HASH}-300x300/96.avif 96x96`,
      `author-${HASH}-300x300/96.webp 96x96`,
      `author-${HASH}-300x300/192.avif 192x192`,
      `author-${HASH}-300x300/192.webp 192x192`,
      `author-${HASH}-300x300/300.avif 300x300`,
      `author-${HASH}-300x300/300.webp 300x300`,
    ]);
    expect(plan.variants.every((v) => v.url === `/images/${v.key}`)).toBe(true);
  });

  it('gives the same bytes the same id (uploaded once) and other bytes another', () => {
    expect(planImage('cover', SHA, { width: 640, height: 960 }).id).toBe(planImage('cover', SHA, { width: 640, height: 960 }).id);
    expect(planImage('cover', 'cd'.repeat(32), { width: 640, height: 960 }).id).not.toBe(planImage('cover', SHA, { width: 640, height: 960 }).id);
    expect(planImage('profile', SHA, { width: 640, height: 960 }).id).not.toBe(planImage('author', SHA, { width: 640, height: 960 }).id);
  });

  it('needs a real SHA-256', () => {
    expect(() => planImage('cover', 'not-a-hash', { width: 1, height: 1 })).toThrow();
  });
});

describe('parseImageId and findVariant', () => {
  const id = `cover-${HASH}-640x960`;

  it('read an id back', () => {
    expect(parseImageId(id)).toEqual({ id, kind: 'cover', hash: HASH, width: 640, height: 960 });
  });

  it('refuse ids that are not ours', () => {
    for (const bad of [`poster-${HASH}-640x960`, `cover-${HASH.toUpperCase()}-640x960`, `cover-${HASH}0-640x960`, `cover-${HASH}-0x960`, `cover-${HASH}-640x960/..`, `../cover-${HASH}-640x960`, ''])
      expect(parseImageId(bad)).toBeNull();
  });

  it('find only variants the image has', () => {
    expect(findVariant(id, '320.avif')).toMatchObject({ width: 320, height: 480, format: 'avif', key: `${id}/320.avif` });
    for (const file of ['321.webp', '1280.webp', '320.png', '320.webp.html', '0320.webp', '320', '.webp']) expect(findVariant(id, file)).toBeNull();
  });
});

describe('parseImageUrl', () => {
  it('reads our URLs, any variant of them', () => {
    expect(parseImageUrl(`/images/cover-${HASH}-640x960/160.avif`)?.url).toBe(`/images/cover-${HASH}-640x960/640.webp`);
  });

  it('refuses everything else', () => {
    for (const other of ['https://covers.example/dune.jpg', `/images/cover-${HASH}-640x960/999.webp`, `//images/cover-${HASH}-640x960/640.webp`, `/images/cover-${HASH}-640x960/640.webp?x`, 'javascript:alert(1)'])
      expect(parseImageUrl(other)).toBeNull();
  });
});

describe('responsiveImage', () => {
  it('gives srcset for WebP and AVIF, sizes, and the size at the display width', () => {
    const image = responsiveImage(`/images/cover-${HASH}-640x960/640.webp`, 160)!;
    const base = `/images/cover-${HASH}-640x960`;
    expect(image.srcSet).toBe(`${base}/160.webp 160w, ${base}/320.webp 320w, ${base}/640.webp 640w`);
    expect(image.avifSrcSet).toBe(`${base}/160.avif 160w, ${base}/320.avif 320w, ${base}/640.avif 640w`);
    expect(image.sizes).toBe('160px');
    expect([image.width, image.height]).toEqual([160, 240]);
    expect(image.src).toBe(`${base}/320.webp`);
  });

  it('falls back to the largest variant when none is twice the display width', () => {
    expect(responsiveImage(`/images/author-${HASH}-150x200/150.webp`, 96, '(min-width: 40rem) 96px, 72px')).toMatchObject({ src: `/images/author-${HASH}-150x200/150.webp`, sizes: '(min-width: 40rem) 96px, 72px', width: 96, height: 128 });
  });

  it('is null for an address that is not an upload of ours', () => {
    expect(responsiveImage('https://covers.example/dune.jpg', 160)).toBeNull();
  });
});
