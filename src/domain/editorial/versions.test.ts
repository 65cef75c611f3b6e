import { describe, expect, it } from 'vitest';
import { etagOf, expectedSlotVersion, expectedVersion, fieldConflicts, SlotVersionSchema, slotVersionOf, versionMatches, versionsOfIfMatch } from './versions.ts';

describe('versions of edited records', () => {
  it('writes a version as a strong ETag and reads it back from If-Match', () => {
    expect(etagOf(7)).toBe('"v7"');
    expect(versionsOfIfMatch(etagOf(7))).toEqual([7]);
    expect(versionsOfIfMatch('"v3", "v4"')).toEqual([3, 4]);
  });

  it('checks nothing without a header or with *', () => {
    expect(versionsOfIfMatch(null)).toBeNull();
    expect(versionsOfIfMatch('*')).toBeNull();
    expect(versionMatches(5, null)).toBe(true);
  });

  it('never matches a tag that is not ours, nor a weak one', () => {
    expect(versionsOfIfMatch('"abc"')).toEqual([]);
    expect(versionsOfIfMatch('W/"v3"')).toEqual([]);
    expect(versionMatches(3, [])).toBe(false);
  });

  it('takes the body version, and both must agree when both are given', () => {
    expect(expectedVersion(null, 4)).toEqual([4]);
    expect(expectedVersion('"v4"', 4)).toEqual([4]);
    expect(expectedVersion('"v5"', 4)).toEqual([]);
    expect(expectedVersion('"v5"', undefined)).toEqual([5]);
  });
});

describe('fieldConflicts', () => {
  it('names the fields the editor changed and those someone else changed, and leaves the rest out', () => {
    const loaded = { title: 'Dune', pages: 412, publisher: 'Chilton' };
    const mine = { title: 'Dune!', pages: 412, publisher: 'Chilton' };
    const stored = { title: 'Dune', pages: 500, publisher: 'Chilton' };
    expect(fieldConflicts(loaded, mine, stored)).toEqual([
      { field: 'title', mine: true, theirs: false },
      { field: 'pages', mine: false, theirs: true },
    ]);
  });

  it('splits localized texts per language, an empty text being none', () => {
    const loaded = { description: { en: 'A', de: 'B' } };
    const mine = { description: { en: 'A', de: 'B2', it: '' } };
    const stored = { description: { en: 'A', de: 'B3', it: 'C' } };
    expect(fieldConflicts(loaded, mine, stored)).toEqual([
      { field: 'description', language: 'de', mine: true, theirs: true },
      { field: 'description', language: 'it', mine: false, theirs: true },
    ]);
  });

  it('compares lists as a whole and ignores the version', () => {
    expect(fieldConflicts({ authorIds: [1, 2], version: 1 }, { authorIds: [2, 1], version: 1 }, { authorIds: [1, 2], version: 2 })).toEqual([{ field: 'authorIds', mine: true, theirs: false }]);
  });
});

describe('slot versions (issue 27 point 4: the finalists screen)', () => {
  const slot = { noAward: false, entries: [{ bookId: 2, isWinner: true, asTitle: null }, { bookId: 1, isWinner: false }] };
  it('is the same for the same finalists in any order, and differs with any change', () => {
    const v = slotVersionOf(slot);
    expect(v).toMatch(/^s[0-9a-f]{8}-2$/);
    expect(slotVersionOf({ noAward: false, entries: [...slot.entries].reverse() })).toBe(v);
    expect(slotVersionOf({ noAward: false, entries: [{ bookId: 2, isWinner: false }, { bookId: 1, isWinner: false }] })).not.toBe(v);
    expect(slotVersionOf({ noAward: false, entries: [{ bookId: 2, isWinner: true, asTitle: 'Other' }, { bookId: 1, isWinner: false }] })).not.toBe(v);
    expect(slotVersionOf({ noAward: false, entries: [{ bookId: 2, isWinner: true }] })).not.toBe(v);
    expect(slotVersionOf({ noAward: true, entries: [] })).not.toBe(slotVersionOf({ noAward: false, entries: [] }));
    expect(slotVersionOf({ noAward: false, entries: [] })).toBe('s5e183a12-0');
    expect(SlotVersionSchema.safeParse(v).success).toBe(true);
    expect(SlotVersionSchema.safeParse('v3').success).toBe(false);
  });
  it('is named by If-Match and the body as record versions are', () => {
    const v = slotVersionOf(slot);
    expect(etagOf(v)).toBe(`"${v}"`);
    expect(expectedSlotVersion(etagOf(v), undefined)).toEqual([v]);
    expect(expectedSlotVersion(null, v)).toEqual([v]);
    expect(expectedSlotVersion('*', undefined)).toBeNull();
    expect(expectedSlotVersion(null, undefined)).toBeNull();
    expect(expectedSlotVersion('"v3"', undefined)).toEqual([]);
    expect(expectedSlotVersion(`W/"${v}"`, undefined)).toEqual([]);
    expect(expectedSlotVersion(etagOf(v), 's00000000-0')).toEqual([]);
  });
});
