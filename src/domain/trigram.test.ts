import { describe, expect, it } from 'vitest';
import { TrigramDictionary, uniqueTrigrams, wordSimilarity, wordTrigrams } from './trigram.ts';

describe('wordTrigrams (pg_trgm show_trgm, in text order)', () => {
  it('pads each word with two spaces in front and one behind', () => {
    expect(wordTrigrams('du')).toEqual(['  d', ' du', 'du ']);
    expect(wordTrigrams('a b')).toEqual(['  a', ' a ', '  b', ' b ']);
  });
  it('splits at anything but letters and digits, and lowercases', () => {
    expect(wordTrigrams('Catch-22')).toEqual(['  c', ' ca', 'cat', 'atc', 'tch', 'ch ', '  2', ' 22', '22 ']);
    expect(wordTrigrams("-- ' --")).toEqual([]);
    expect(wordTrigrams('żuk')).toEqual(['  ż', ' żu', 'żuk', 'uk ']);
  });
  it('keeps duplicates; the query side is a set', () => {
    expect(wordTrigrams('ab ab')).toHaveLength(6);
    expect(uniqueTrigrams('ab ab').size).toBe(3);
  });
});

describe('wordSimilarity equals word_similarity() of PostgreSQL 15 (float4)', () => {
  // [query, text, SELECT word_similarity(query, text)]
  const cases: [string, string, number][] = [
    ['word', 'two words', 0.8],
    ['wustenplanet', 'der wustenplanet', 1],
    ['foundaton', 'foundations edge', 0.7],
    ['snow krash', 'snow crash', 0.5714286],
    ['tchaikovksy', 'adrian tchaikovsky', 0.6666667],
    ['abc', 'xyz', 0],
    ['neuromancr', 'neuromancer', 0.8181818],
    ['la mano', 'la mano sinistra delle tenebre', 1],
    ['9', 'catch-22', 0],
    ['ab ab', 'ab', 1],
  ];
  it.each(cases)('word_similarity(%j, %j) = %d', (query, text, expected) => {
    expect(wordSimilarity(query, text)).toBeCloseTo(expected, 6);
    const dictionary = new TrigramDictionary();
    const encoded = dictionary.encode(text);
    expect(dictionary.similarity(dictionary.query(query), encoded)).toBe(wordSimilarity(query, text));
  });
  it('is a float4, so 9/20 stays below a threshold of 0.45 as in PostgreSQL', () => {
    expect(wordSimilarity('word', 'two words')).toBe(Math.fround(0.8));
    expect(Math.fround(9 / 20) >= 0.45).toBe(false);
  });
});
