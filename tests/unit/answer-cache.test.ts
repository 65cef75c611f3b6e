import { describe, expect, it } from 'vitest';
import { answerCacheEnabled, createAnswerCache, TtlLru } from '../../netlify/functions/_shared/answer-cache.ts';
import { searchCacheKey } from '../../netlify/functions/_shared/search-endpoint.ts';

describe('the answer cache', () => {
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
  it('keys searches by language and case-folded query, and ANSWER_CACHE=off turns it off', () => {
    expect(searchCacheKey('de', 'Dune')).toBe(searchCacheKey('de', 'dune'));
    expect(searchCacheKey('de', 'dune')).not.toBe(searchCacheKey('en', 'dune'));
    // Language-independent endpoints (author and series names) share one key across languages.
    expect(searchCacheKey(null, 'Dune')).toBe(searchCacheKey(null, 'dune'));
    expect(searchCacheKey(null, 'dune')).not.toBe(searchCacheKey('en', 'dune'));
    expect(answerCacheEnabled({})).toBe(true);
    expect(answerCacheEnabled({ ANSWER_CACHE: 'off' })).toBe(false);
  });
});

describe('createAnswerCache', () => {
  it('shares one load between concurrent and later requests for a key, and forgets a failed one', async () => {
    const cached = createAnswerCache<string>();
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    expect(await Promise.all([cached('k', load), cached('k', load), cached('k', load)])).toEqual(['answer 1', 'answer 1', 'answer 1']);
    expect(await cached('k', load)).toBe('answer 1');
    expect(await cached('other', load)).toBe('answer 2');
    await expect(cached('bad', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cached('bad', load)).toBe('answer 3');
  });

  it('loads every time when ANSWER_CACHE=off', async () => {
    const saved = process.env.ANSWER_CACHE;
    process.env.ANSWER_CACHE = 'off';
    try {
      const cached = createAnswerCache<number>();
      let loads = 0;
      await cached('k', async () => ++loads);
      expect(await cached('k', async () => ++loads)).toBe(2);
    } finally {
      if (saved === undefined) delete process.env.ANSWER_CACHE;
      else process.env.ANSWER_CACHE = saved;
    }
  });
});
