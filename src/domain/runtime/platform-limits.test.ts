import { describe, expect, it } from 'vitest';
import { megabytes, PLATFORM_MAX_BODY_BYTES } from './platform-limits.ts';

describe('platform limits', () => {
  it('take 4.5 MB of binary body: its base64 form stays under the 6 MB a function is given', () => {
    expect(PLATFORM_MAX_BODY_BYTES).toBe(4_500_000);
    expect(Math.ceil(PLATFORM_MAX_BODY_BYTES / 3) * 4).toBeLessThan(6 * 1024 * 1024);
  });

  it('name sizes in megabytes with at most one decimal', () => {
    expect(megabytes(PLATFORM_MAX_BODY_BYTES)).toBe(4.5);
    expect(megabytes(32_000_000)).toBe(32);
    expect(megabytes(3_456_789)).toBe(3.5);
  });
});
