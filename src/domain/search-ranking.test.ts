import { describe, expect, it } from 'vitest';
import { allowedEdits, editDistance, FUZZY_GATE, isCloseMatch, MATCH_TIERS, NAME_MATCH_TIER, tierRank, wantsFuzzy } from './search-ranking.ts';

describe('tiers', () => {
  it('rank exact, prefix, word start, contained, then similar', () => {
    expect(MATCH_TIERS.map(tierRank)).toEqual([0, 1, 2, 3, 4]);
    expect(NAME_MATCH_TIER).toBe(tierRank('word'));
  });
});

describe('editDistance (optimal string alignment)', () => {
  it.each([
    ['dune', 'dune', 0],
    ['hyperon', 'hyperion', 1],
    ['dunkelhiet', 'dunkelheit', 1],
    ['tchaikovksy', 'tchaikovsky', 1],
    ['drache', 'sprache', 2],
    ['drache', 'dragon', 3],
    ['', 'abc', 3],
  ])('%s → %s: %d', (a, b, d) => expect(editDistance(a, b)).toBe(d));
  it('stops early past the maximum', () => {
    expect(editDistance('abcdefgh', 'zyxwvuts', 1)).toBe(2);
    expect(editDistance('a', 'abcd', 1)).toBe(2);
  });
});

describe('allowedEdits', () => {
  it('allows none up to 3 letters, one up to 7, two from 8', () => {
    expect(['lem', 'dune', 'hyperon', 'foundaton'].map(allowedEdits)).toEqual([0, 1, 1, 2]);
  });
});

describe('isCloseMatch', () => {
  it.each([
    ['dunkelhiet', 'die linke hand der dunkelheit', true],
    ['hyperon', 'hyperion', true],
    ['snow krash', 'snow crash', true],
    ['left hand darkness', 'the left hand of darkness', true],
    ['foundaton', 'foundations edge', true],
    // The last word may still be being typed: it may match the start of a word.
    ['neuromanc', 'neuromancer', true],
    ['hyperoi', 'the fall of hyperion', true],
    ['drache', 'die sprache der blumen', false],
    ['drache', 'the dragon waiting', false],
    ['drache', 'cronache della galassia', false],
    ['dune w', 'der wustenplanet', false],
    // Only the last word may be a start.
    ['neuromanc gibson', 'neuromancer', false],
  ])('%s ~ %s: %s', (q, name, close) => expect(isCloseMatch(q, [name])).toBe(close));
  it('is close when any of the names is (fold or transliteration)', () => {
    expect(isCloseMatch('wuestenplanet', ['der wustenplanet', 'der wuestenplanet'])).toBe(true);
  });
  it('is never close for a query without letters or digits', () => {
    expect(isCloseMatch('--', ['--'])).toBe(false);
  });
});

describe('wantsFuzzy', () => {
  it('asks the typo tier from four characters while fewer than FUZZY_GATE names matched better', () => {
    expect(FUZZY_GATE).toBe(3);
    expect(wantsFuzzy(7, 4, 0, 12)).toBe(true);
    expect(wantsFuzzy(7, 4, 2, 12)).toBe(true);
    expect(wantsFuzzy(7, 4, 3, 12)).toBe(false);
    expect(wantsFuzzy(3, 4, 0, 12)).toBe(false);
    expect(wantsFuzzy(7, 4, 1, 1)).toBe(false);
  });
});

describe('isCloseMatch of several words', () => {
  it('allows a three-letter word one edit, within the budget of the whole query', () => {
    expect(isCloseMatch('doomsday bok', ['doomsday book'])).toBe(true);
    expect(isCloseMatch('doomsdya bok', ['doomsday book'])).toBe(true);
    expect(isCloseMatch('domsdya bok', ['doomsday book'])).toBe(false);
  });
});
