import { describe, expect, it } from 'vitest';
import { escapeLike, isSearchable, normalizeSearchQuery, SEARCH_MAX_LIMIT } from './search-query.ts';

describe('normalizeSearchQuery', () => {
  it('treats empty and whitespace-only input as no query', () => {
    expect(normalizeSearchQuery('')).toBeNull();
    expect(normalizeSearchQuery('   \t\n ')).toBeNull();
  });
  it('trims, collapses white space and removes control characters', () => {
    expect(normalizeSearchQuery('  Der \t  Wüstenplanet ')).toBe('Der Wüstenplanet');
    expect(normalizeSearchQuery('du\u0000ne')).toBe('du ne');
  });
  it('composes decomposed accents so "città" typed either way is the same query', () => {
    expect(normalizeSearchQuery('citta\u0300')).toBe('città');
  });
});

describe('isSearchable', () => {
  it('needs a letter or a digit in any script', () => {
    for (const q of ['dune', '2001', 'Ø', '三体', 'città', 'r.u.r.']) expect(isSearchable(q), q).toBe(true);
    for (const q of ['____', "--';", '🚀🚀🚀🚀', '%%%%', '...', '"\'']) expect(isSearchable(q), q).toBe(false);
  });
});

describe('escapeLike', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });
});

describe('SEARCH_MAX_LIMIT', () => {
  it('equals the list pages\' maximum page size (their validation message names it)', async () => {
    const { LIST_MAX_LIMIT } = await import('./schemas/lists.ts');
    expect(SEARCH_MAX_LIMIT).toBe(LIST_MAX_LIMIT);
  });
});
