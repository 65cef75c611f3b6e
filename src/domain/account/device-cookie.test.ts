import { describe, expect, it } from 'vitest';
import { DEVICE_ENTRIES, deviceCookieValue, parseDeviceEntries } from './device-cookie.ts';

const now = 1_800_000_000;
const sig = (n: number) => `signature-${String(n).padStart(12, '0')}`;

describe('parseDeviceEntries', () => {
  it('keeps well-formed entries that have not expired, in order', () => {
    expect(parseDeviceEntries(`${now + 10}.${sig(1)}~${now - 1}.${sig(2)}~junk~${now + 5}.${sig(3)}`, now)).toEqual([
      { expires: now + 10, signature: sig(1) },
      { expires: now + 5, signature: sig(3) },
    ]);
  });

  it('reads nothing from a missing, empty or hostile value', () => {
    expect(parseDeviceEntries(null, now)).toEqual([]);
    expect(parseDeviceEntries('', now)).toEqual([]);
    expect(parseDeviceEntries(`${now + 10}.short`, now)).toEqual([]);
    expect(parseDeviceEntries(`${'~'.repeat(10_000)}${now + 10}.${sig(1)}`, now)).toEqual([]);
  });
});

describe('deviceCookieValue', () => {
  it('puts the new entry first, drops the same account\'s older one and keeps at most five', () => {
    const entries = [1, 2, 3, 4, 5].map((n) => ({ expires: now + n, signature: sig(n) }));
    const value = deviceCookieValue(entries, { expires: now + 100, signature: sig(9) }, (e) => e.signature === sig(2));
    const parsed = parseDeviceEntries(value, now);
    expect(parsed.map((e) => e.signature)).toEqual([sig(9), sig(1), sig(3), sig(4), sig(5)]);
    expect(parsed).toHaveLength(DEVICE_ENTRIES);
  });
});
