import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BODY_BYTES } from './image-rules.ts';
import { VARIANT_WIDTHS } from './image-variants.ts';
import { encodeAttempts, fitsUpload, MAX_CHOSEN_IMAGE_BYTES, PREPARED_IMAGE_MAX_BYTES, preparedSize, refuseChosenFile, refuseDecoded, sendAsChosen } from './upload-preparation.ts';

describe('refuseChosenFile', () => {
  it('takes a 12 MB phone photo and anything up to 32 MB', () => {
    expect(refuseChosenFile(12_000_000)).toBeNull();
    expect(refuseChosenFile(MAX_CHOSEN_IMAGE_BYTES)).toBeNull();
  });

  it('refuses a bigger file before decoding it, naming the limit', () => {
    expect(refuseChosenFile(MAX_CHOSEN_IMAGE_BYTES + 1)).toEqual({ key: 'api.error.imageTooLarge', params: { max: 32 } });
  });
});

describe('refuseDecoded', () => {
  it('refuses what the server would refuse at any size: too narrow or too wide, no size at all', () => {
    expect(refuseDecoded({ width: 400, height: 1601 })).toEqual({ key: 'api.error.imageAspectRatio' });
    expect(refuseDecoded({ width: 0, height: 10 })).toEqual({ key: 'api.error.imageUnreadable' });
  });

  it('lets a photo of many megapixels through: it is scaled down', () => {
    expect(refuseDecoded({ width: 8000, height: 6000 })).toBeNull();
  });
});

describe('preparedSize', () => {
  it('scales to twice the largest variant of the kind, keeping the aspect', () => {
    expect(preparedSize('cover', { width: 3000, height: 4000 })).toEqual({ width: 1280, height: 1707 });
    expect(preparedSize('author', { width: 4000, height: 3000 })).toEqual({ width: 768, height: 576 });
    expect(preparedSize('series', { width: 4000, height: 3000 })).toEqual({ width: 1920, height: 1440 });
  });

  it('keeps the longer side at most 4096, still wider than every variant', () => {
    const tall = preparedSize('series', { width: 2000, height: 8000 });
    expect(tall).toEqual({ width: 1024, height: 4096 });
    const widest = Math.max(...Object.values(VARIANT_WIDTHS).flat());
    expect(tall.width).toBeGreaterThanOrEqual(widest);
  });

  it('never enlarges', () => {
    expect(preparedSize('cover', { width: 500, height: 750 })).toEqual({ width: 500, height: 750 });
  });
});

describe('sendAsChosen', () => {
  it('sends a small JPEG, PNG, WebP or AVIF as chosen (its bytes name the stored image)', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/avif']) expect(sendAsChosen({ type, bytes: 900_000 }, { width: 1200, height: 1800 })).toBe(true);
  });

  it('re-encodes a file over the prepared size, a type the server does not read, or too many pixels', () => {
    expect(sendAsChosen({ type: 'image/jpeg', bytes: PREPARED_IMAGE_MAX_BYTES + 1 }, { width: 1200, height: 1800 })).toBe(false);
    expect(sendAsChosen({ type: 'image/heic', bytes: 900_000 }, { width: 1200, height: 1800 })).toBe(false);
    expect(sendAsChosen({ type: '', bytes: 900_000 }, { width: 1200, height: 1800 })).toBe(false);
    expect(sendAsChosen({ type: 'image/png', bytes: 900_000 }, { width: 8000, height: 6000 })).toBe(false);
  });
});

describe('encodeAttempts', () => {
  it('tries the prepared size at falling quality first, then smaller scales', () => {
    expect(encodeAttempts('cover', { width: 3000, height: 4000 }).map((a) => `${a.width}x${a.height}@${a.quality}`)).toEqual([
      '1280x1707@0.85',
      '1280x1707@0.75',
      '1280x1707@0.65',
      '960x1280@0.85',
      '960x1280@0.75',
      '960x1280@0.65',
      '640x854@0.85',
      '640x854@0.75',
      '640x854@0.65',
    ]);
  });

  it('drops repeats when a tiny image cannot get smaller', () => {
    expect(encodeAttempts('cover', { width: 1, height: 1 }).map((a) => `${a.width}x${a.height}@${a.quality}`)).toEqual(['1x1@0.85', '1x1@0.75', '1x1@0.65']);
  });
});

describe('fitsUpload', () => {
  it('is true up to 3.5 MB, under the platform body limit', () => {
    expect(fitsUpload(PREPARED_IMAGE_MAX_BYTES)).toBe(true);
    expect(fitsUpload(PREPARED_IMAGE_MAX_BYTES + 1)).toBe(false);
    expect(PREPARED_IMAGE_MAX_BYTES).toBeLessThan(MAX_UPLOAD_BODY_BYTES);
  });
});
