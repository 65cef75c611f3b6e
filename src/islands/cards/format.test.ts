import { describe, expect, it } from 'vitest';
import { fill, formatDate, formatRating, plural, pluralFormsIn, pluralKeys, pluralText, splitAround } from './format.ts';

describe('island text helpers', () => {
  it('picks the plural form and formats the count per locale', () => {
    const forms = { one: '{shown} of {count} book', other: '{shown} of {count} books' };
    expect(plural(forms, 'en', 3219, { shown: 24 })).toBe('24 of 3,219 books');
    expect(plural({ one: '{count} Buch', other: '{count} Bücher' }, 'de', 3219)).toBe('3.219 Bücher');
    expect(plural({ one: '{count} Buch', other: '{count} Bücher' }, 'de', 1)).toBe('1 Buch');
  });

  it('falls back to the other form for categories the props lack', () => {
    expect(plural({ other: '{count} libri' }, 'it', 1)).toBe('1 libri');
  });

  it('leaves unknown placeholders alone', () => {
    expect(fill('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('formats ratings with one decimal in the locale', () => {
    expect(formatRating('en', 4)).toBe('4.0');
    expect(formatRating('de', 4.5)).toBe('4,5');
  });
});

describe('formatDate', () => {
  it('writes a calendar date as that day in every time zone', () => {
    expect(formatDate('de', '1965-08-01', 'long')).toBe('1. August 1965');
    expect(formatDate('en', '1965-08-01', 'long')).toBe('August 1, 1965');
  });

  it('writes a timestamp in the medium style and leaves what it cannot read', () => {
    expect(formatDate('it', '2026-03-12T10:00:00Z', 'medium')).toBe('12 mar 2026');
    expect(formatDate('en', 'soon', 'medium')).toBe('soon');
  });
});

describe('splitAround', () => {
  it('splits a sentence around its placeholder, wherever the language puts it', () => {
    expect(splitAround('von {authors}', 'authors')).toEqual(['von ', '']);
    expect(splitAround('({title} genannt)', 'title')).toEqual(['(', ' genannt)']);
    expect(splitAround('no placeholder', 'title')).toEqual(['no placeholder', '']);
  });
});

// Issue 29 point 9: islands with a flat texts record fill plural families through the same rules.
describe('pluralText', () => {
  const texts = { ...Object.fromEntries(pluralKeys('x.books').map((k) => [k, k.endsWith('_one') ? '(dazu {count} Buch)' : '(dazu {count} Bücher)'])), 'x.other': 'y' };

  it('picks the form by Intl.PluralRules and formats the count', () => {
    expect(pluralText(texts, 'x.books', 'de', 1)).toBe('(dazu 1 Buch)');
    expect(pluralText(texts, 'x.books', 'de', 0)).toBe('(dazu 0 Bücher)');
    expect(pluralText(texts, 'x.books', 'de', 1200)).toBe('(dazu 1.200 Bücher)');
  });

  it('uses other for a category the record lacks (Italian many) and names a missing family by its key', () => {
    expect(pluralText({ 'x.books_one': '{count} libro', 'x.books_other': '{count} libri' }, 'x.books', 'it', 1_000_000)).toBe('1.000.000 libri');
    expect(pluralFormsIn({ 'x.other': 'y' }, 'x.books')).toBeUndefined();
    expect(pluralText({}, 'x.books', 'en', 1)).toBe('x.books');
  });
});
