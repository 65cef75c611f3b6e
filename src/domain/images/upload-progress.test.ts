import { describe, expect, it } from 'vitest';
import { uploadPercent } from './upload-progress.ts';

describe('the percent an image field shows', () => {
  it('is unknown while the browser prepares the image', () => {
    expect(uploadPercent({ phase: 'preparing' })).toBeNull();
  });

  it('is unknown when the body length is not known', () => {
    expect(uploadPercent({ phase: 'uploading', loaded: 1000, total: 0 })).toBeNull();
  });

  it('is the whole share of bytes sent, rounded down', () => {
    expect(uploadPercent({ phase: 'uploading', loaded: 0, total: 3_000_000 })).toBe(0);
    expect(uploadPercent({ phase: 'uploading', loaded: 1_500_000, total: 3_000_000 })).toBe(50);
    expect(uploadPercent({ phase: 'uploading', loaded: 2_999_999, total: 3_000_000 })).toBe(99);
  });

  it('reaches 100 only when every byte is sent, and never goes past it', () => {
    expect(uploadPercent({ phase: 'uploading', loaded: 3_000_000, total: 3_000_000 })).toBe(100);
    expect(uploadPercent({ phase: 'uploading', loaded: 3_100_000, total: 3_000_000 })).toBe(100);
  });
});
