import { describe, expect, it } from 'vitest';
import { decoderAgrees, detectImageType, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_UPLOAD_BODY_BYTES, orientedSize, refuseDimensions } from './image-rules.ts';

const bytes = (...parts: (number[] | string)[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
/** An ISO-BMFF `ftyp` box: size, 'ftyp', major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], compatible.join(''), 'mdat');
};

describe('detectImageType', () => {
  it('recognises JPEG, PNG, WebP and AVIF by their magic numbers', () => {
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe('jpeg');
    expect(detectImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'))).toBe('png');
    expect(detectImageType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(detectImageType(ftyp('avif', 'mif1', 'miaf'))).toBe('avif');
    expect(detectImageType(ftyp('mif1', 'miaf', 'avif'))).toBe('avif');
    expect(detectImageType(ftyp('avis', 'msf1'))).toBe('avif');
  });

  it('refuses everything else: GIF, SVG, HTML, text, HEIC, empty and cut-off headers', () => {
    for (const other of [
      bytes('GIF89a', [1, 0, 1, 0]),
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes('<!doctype html><script>alert(1)</script>'),
      bytes('just some text'),
      ftyp('heic', 'mif1', 'heic'),
      bytes(),
      bytes([0xff, 0xd8]),
      bytes([0x89], 'PNG', [0x0d, 0x0a]),
      bytes('RIFF', [0, 0, 0, 0], 'WAVE'),
    ])
      expect(detectImageType(other)).toBeNull();
  });

  it('does not read an AVIF brand past the ftyp box, nor trust a box size beyond the bytes', () => {
    expect(detectImageType(bytes([0, 0, 0, 16], 'ftyp', 'isom', [0, 0, 0, 0], 'avif'))).toBeNull();
    expect(detectImageType(bytes([0, 0, 1, 0], 'ftyp', 'isom', [0, 0, 0, 0], 'avif'))).toBeNull();
  });

  it('reads only the bytes, so an HTML page named cover.png is still no image', () => {
    // The name and the client's Content-Type never reach the rule: only the bytes do.
    expect(detectImageType(new TextEncoder().encode('<html><body>cover.png</body></html>'))).toBeNull();
  });
});

describe('decoderAgrees', () => {
  it('accepts the decoder reading the type the magic number names', () => {
    expect(decoderAgrees('jpeg', { format: 'jpeg' })).toBe(true);
    expect(decoderAgrees('png', { format: 'png' })).toBe(true);
    expect(decoderAgrees('webp', { format: 'webp' })).toBe(true);
    expect(decoderAgrees('avif', { format: 'heif', compression: 'av1' })).toBe(true);
  });

  it('refuses a file whose bytes the decoder reads as something else', () => {
    expect(decoderAgrees('png', { format: 'gif' })).toBe(false);
    expect(decoderAgrees('avif', { format: 'heif', compression: 'hevc' })).toBe(false);
    expect(decoderAgrees('jpeg', {})).toBe(false);
  });
});

describe('limits', () => {
  it("are the platform's 4.5 MB of body and 40 megapixels", () => {
    expect(MAX_UPLOAD_BODY_BYTES).toBe(4_500_000);
    expect(MAX_IMAGE_BYTES).toBe(MAX_UPLOAD_BODY_BYTES);
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
  });
});

describe('refuseDimensions', () => {
  it('accepts an image of up to 40 megapixels', () => {
    expect(refuseDimensions({ width: 5000, height: 8000 })).toBeNull();
    expect(refuseDimensions({ width: 1, height: 1 })).toBeNull();
  });

  it('refuses a decompression bomb by its declared size, one pixel over the limit too', () => {
    expect(refuseDimensions({ width: 20_000, height: 20_000 })).toBe('api.error.imageTooManyPixels');
    expect(refuseDimensions({ width: 40_000_001, height: 1 })).toBe('api.error.imageTooManyPixels');
    expect(refuseDimensions({ width: 6325, height: 6325 })).toBe('api.error.imageTooManyPixels');
  });

  it('refuses a side more than four times the other', () => {
    expect(refuseDimensions({ width: 400, height: 1600 })).toBeNull();
    expect(refuseDimensions({ width: 400, height: 1601 })).toBe('api.error.imageAspectRatio');
    expect(refuseDimensions({ width: 4001, height: 1000 })).toBe('api.error.imageAspectRatio');
  });

  it('refuses sizes that are no size', () => {
    expect(refuseDimensions({ width: 0, height: 10 })).toBe('api.error.imageUnreadable');
    expect(refuseDimensions({ width: 10.5, height: 10 })).toBe('api.error.imageUnreadable');
  });
});

describe('orientedSize', () => {
  it('swaps width and height for EXIF orientations 5 to 8 (turned by 90 degrees)', () => {
    for (const orientation of [5, 6, 7, 8]) expect(orientedSize({ width: 300, height: 400 }, orientation)).toEqual({ width: 400, height: 300 });
    for (const orientation of [undefined, 1, 2, 3, 4]) expect(orientedSize({ width: 300, height: 400 }, orientation)).toEqual({ width: 300, height: 400 });
  });
});
