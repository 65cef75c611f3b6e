import { describe, expect, it } from 'vitest';
import { isReturnVisit, readSnapshot, snapshotKey, writeSnapshot } from './list-snapshot.ts';

function memoryStorage(limit = Infinity) {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (value.length > limit) throw new DOMException('full', 'QuotaExceededError');
      values.set(key, value);
    },
  };
}

describe('list snapshots', () => {
  const snapshot = { state: { sort: 'newest', filters: { genre: 'Crossover' } }, items: [{ id: 1 }, { id: 2 }], total: 63, scrollY: 2407 };

  it('keeps a view per list kind and address and gives it back', () => {
    const storage = memoryStorage();
    const key = snapshotKey('books', '/en/books?genre=Crossover');
    writeSnapshot(storage, key, snapshot);
    expect(readSnapshot(storage, key)).toEqual(snapshot);
    expect(readSnapshot(storage, snapshotKey('books', '/en/books'))).toBeNull();
    expect(readSnapshot(storage, snapshotKey('authors', '/en/books?genre=Crossover'))).toBeNull();
  });

  it('treats a malformed, foreign or unavailable storage as nothing to restore', () => {
    const storage = memoryStorage();
    storage.values.set('k', '{not json');
    expect(readSnapshot(storage, 'k')).toBeNull();
    storage.values.set('k', JSON.stringify({ items: 'x', total: 1, state: {} }));
    expect(readSnapshot(storage, 'k')).toBeNull();
    expect(readSnapshot(undefined, 'k')).toBeNull();
    const full = memoryStorage(10);
    expect(() => writeSnapshot(full, 'k', snapshot)).not.toThrow();
    expect(readSnapshot(full, 'k')).toBeNull();
  });

  it('restores on Back, Forward and reload, never on a fresh visit', () => {
    expect(isReturnVisit('back_forward')).toBe(true);
    expect(isReturnVisit('reload')).toBe(true);
    expect(isReturnVisit('navigate')).toBe(false);
    expect(isReturnVisit(undefined)).toBe(false);
  });
});
