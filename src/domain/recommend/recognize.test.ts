import { describe, expect, it } from 'vitest';
import { chooseMatches, fallbackPhrases, foldWord, readHints, readYears, splitWords, unmetHints, type NameMatch } from './recognize.ts';

const match = (overrides: Partial<NameMatch>): NameMatch => ({ kind: 'book', id: 1, start: 0, length: 1, surname: false, popularity: 0, ...overrides });

describe('splitWords', () => {
  it('keeps apostrophes inside a word and marks where clauses start', () => {
    const words = splitWords("I loved Ender's Game, what else?");
    expect(words.map((w) => w.text)).toEqual(['I', 'loved', "Ender's", 'Game', 'what', 'else']);
    expect(words.map((w) => w.clauseStart)).toEqual([true, false, false, false, true, false]);
  });

  it('folds as search_fold does: accents, ß and apostrophes', () => {
    expect(foldWord('Wüstenplanet')).toBe('wustenplanet');
    expect(foldWord('Laßwitz')).toBe('lasswitz');
    expect(foldWord("Ender's")).toBe('enders');
    expect(foldWord('Città')).toBe('citta');
  });
});

describe('chooseMatches', () => {
  it('prefers the longest name: "The Fall of Hyperion" over "Hyperion" inside it', () => {
    const words = splitWords('something like The Fall of Hyperion');
    const chosen = chooseMatches(words, [match({ id: 1, start: 5, length: 1 }), match({ id: 2, start: 2, length: 4 })]);
    expect(chosen.map((m) => m.id)).toEqual([2]);
  });

  it('keeps every name that does not overlap, in text order', () => {
    const words = splitWords('Hyperion and Dune');
    const chosen = chooseMatches(words, [match({ id: 9, start: 2 }), match({ id: 4, start: 0 })]);
    expect(chosen.map((m) => m.id)).toEqual([4, 9]);
  });

  it('does not read the German "was noch" as the book "Was", but reads "Was" capitalized inside a sentence', () => {
    expect(chooseMatches(splitWords('Ich mochte Dune, was noch?'), [match({ id: 5, start: 3 })])).toEqual([]);
    expect(chooseMatches(splitWords('Was noch?'), [match({ id: 5, start: 0 })])).toEqual([]);
    expect(chooseMatches(splitWords('I liked Was by Ryman'), [match({ id: 5, start: 2 })]).map((m) => m.id)).toEqual([5]);
  });

  it('reads an uncommon one-word title in lower case ("qualcosa come dune")', () => {
    expect(chooseMatches(splitWords('qualcosa come dune'), [match({ id: 7, start: 2 })]).map((m) => m.id)).toEqual([7]);
  });

  it('on the same words prefers a book to a series and author, a full name to a surname, then popularity, then id', () => {
    const words = splitWords('like Foundation');
    const chosen = chooseMatches(words, [
      match({ kind: 'series', id: 1, start: 1 }),
      match({ kind: 'book', id: 3, start: 1, popularity: 1 }),
      match({ kind: 'book', id: 2, start: 1, popularity: 5 }),
    ]);
    expect(chosen).toEqual([match({ kind: 'book', id: 2, start: 1, popularity: 5 })]);
  });
});

describe('fallbackPhrases', () => {
  it('leaves the name once the request words are gone, longest first', () => {
    expect(fallbackPhrases(splitWords('Ich mochte Die linke Hand der Dunkelhiet, was noch?'))).toEqual(['Die linke Hand der Dunkelhiet']);
    expect(fallbackPhrases(splitWords('something like Hyperon but shorter'))).toEqual(['Hyperon']);
    expect(fallbackPhrases(splitWords('qualcosa come Neuromante e Dune'))).toEqual(['Neuromante', 'Dune']);
  });

  it('finds nothing in a request without names', () => {
    expect(fallbackPhrases(splitWords('what should I read next?'))).toEqual([]);
  });
});

describe('readHints', () => {
  it('reads "shorter", "newer" and "older" in the three languages', () => {
    expect(readHints(splitWords('something like Hyperion but shorter'))).toEqual({ shorter: true, newer: false, older: false });
    expect(readHints(splitWords('etwas Neueres wie Solaris, aber kürzer'))).toEqual({ shorter: true, newer: true, older: false });
    expect(readHints(splitWords('un classico come Dune'))).toEqual({ shorter: false, newer: false, older: true });
  });

  it('lets "newer" and "older" together cancel out', () => {
    expect(readHints(splitWords('newer or older, whatever'))).toEqual({ shorter: false, newer: false, older: false });
  });
});

describe('readYears and unmetHints (issue 29 point 21)', () => {
  it('reads four-digit years from 1900 to 2099, once each', () => {
    expect(readYears(splitWords('the 1966 Hugo, and 1966 again, not 1850 or 12345'))).toEqual([1966]);
    expect(readYears(splitWords('Premio Urania 1990 e 2003'))).toEqual([1990, 2003]);
  });

  it('names the hints asked for that no book followed', () => {
    expect(unmetHints({ shorter: true, newer: true, older: false }, ['newer'])).toEqual(['shorter']);
    expect(unmetHints({ shorter: false, newer: false, older: false }, [])).toEqual([]);
  });
});
