import { describe, expect, it } from 'vitest';
import { bookSlug, slugify, uniqueSlug, UNKNOWN_BOOK_SLUG } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['Der Wüstenplanet', 'der-wuestenplanet'],
    ['Straße', 'strasse'],
    ['Ökologie Übung Ärger', 'oekologie-uebung-aerger'],
    ['Città', 'citta'],
    ['A_B/C d', 'a-b-c-d'],
    ['11/22/63', '11-22-63'],
    ['Dune', 'dune'],
    ["Ender's Game", 'enders-game'],
    ['Hello, World!', 'hello-world'],
  ])('turns %j into %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('removes other accents', () => {
    expect(slugify('Café Señor Niño')).toBe('cafe-senor-nino');
  });

  it('transliterates letters that have no combining-mark decomposition', () => {
    expect(slugify('Søren Æther Cœur Łódź Đorđe')).toBe('soren-aether-coeur-lodz-dorde');
  });

  it('transliterates umlauts given in decomposed form', () => {
    expect(slugify('Wu\u0308ste')).toBe('wueste');
  });

  it('transliterates the capital sharp s', () => {
    expect(slugify('STRAẞE')).toBe('strasse');
  });

  it('collapses runs of separators and other dashes into one hyphen', () => {
    expect(slugify('Foo  –  Bar __ baz // qux---end')).toBe('foo-bar-baz-qux-end');
  });

  it('trims leading and trailing hyphens', () => {
    expect(slugify('  -Dune- ')).toBe('dune');
  });

  it('treats tabs and newlines as spaces', () => {
    expect(slugify('Dune\tMessiah\nChildren')).toBe('dune-messiah-children');
  });

  it('returns an empty string when nothing slug-able is left', () => {
    expect(slugify('???')).toBe('');
    expect(slugify('')).toBe('');
    expect(slugify('日本語')).toBe('');
  });
});

describe('bookSlug', () => {
  it('is the slug of the title', () => {
    expect(bookSlug('Der Wüstenplanet')).toBe('der-wuestenplanet');
  });

  it("falls back to 'unknown-book' when the title has no slug-able characters", () => {
    expect(bookSlug('???')).toBe(UNKNOWN_BOOK_SLUG);
    expect(bookSlug('')).toBe('unknown-book');
  });

  it('appends a numeric suffix', () => {
    expect(bookSlug('Dune', 2)).toBe('dune-2');
  });

  it('appends a slugified text suffix', () => {
    expect(bookSlug('Dune', 'Édition Spéciale')).toBe('dune-edition-speciale');
  });

  it('appends the suffix to the fallback too', () => {
    expect(bookSlug('???', 3)).toBe('unknown-book-3');
  });

  it('ignores a suffix that slugifies to nothing', () => {
    expect(bookSlug('Dune', '')).toBe('dune');
    expect(bookSlug('Dune', '!!')).toBe('dune');
  });

  it('keeps a zero suffix', () => {
    expect(bookSlug('Dune', 0)).toBe('dune-0');
  });
});

describe('uniqueSlug', () => {
  const takenFrom = (...slugs: string[]) => (s: string) => slugs.includes(s);

  it('returns the base when it is free', () => {
    expect(uniqueSlug('dune', takenFrom())).toBe('dune');
  });

  it('appends -2 when the base is taken', () => {
    expect(uniqueSlug('dune', takenFrom('dune'))).toBe('dune-2');
  });

  it('counts up until a slug is free', () => {
    expect(uniqueSlug('dune', takenFrom('dune', 'dune-2', 'dune-3'))).toBe('dune-4');
  });

  it('throws instead of looping forever when nothing is ever free', () => {
    expect(() => uniqueSlug('dune', () => true)).toThrow(RangeError);
  });
});
