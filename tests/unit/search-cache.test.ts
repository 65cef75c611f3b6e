import { describe, expect, it } from 'vitest';
import { searchCacheEnabled, searchCacheKey, TtlLru } from '../../netlify/functions/_shared/search-endpoint.ts';

describe('the typeahead cache', () => {
  it('keeps at most max entries and evicts the least recently used', () => {
    const lru = new TtlLru<number>(2, 1000, () => 0);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
  });
  it('forgets entries after their time to live', () => {
    let now = 0;
    const lru = new TtlLru<string>(10, 100, () => now);
    lru.set('q', 'hits');
    now = 99;
    expect(lru.get('q')).toBe('hits');
    now = 100;
    expect(lru.get('q')).toBeUndefined();
    expect(lru.size).toBe(0);
  });
  it('deletes an entry only while it still holds the given value', () => {
    const lru = new TtlLru<string>(10, 100, () => 0);
    lru.set('q', 'old');
    lru.set('q', 'new');
    lru.deleteIf('q', 'old');
    expect(lru.get('q')).toBe('new');
    lru.deleteIf('q', 'new');
    expect(lru.get('q')).toBeUndefined();
  });
  it('keys by language and case-folded query, and SEARCH_CACHE=off turns it off', () => {
    expect(searchCacheKey('de', 'Dune')).toBe(searchCacheKey('de', 'dune'));
    expect(searchCacheKey('de', 'dune')).not.toBe(searchCacheKey('en', 'dune'));
    expect(searchCacheEnabled({})).toBe(true);
    expect(searchCacheEnabled({ SEARCH_CACHE: 'off' })).toBe(false);
  });
});
