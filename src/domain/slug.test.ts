import { describe, expect, it } from 'vitest';
import { assignSlugs, bookSlug, slugFitsBase, slugify, uniqueSlug, UNKNOWN_BOOK_SLUG } from './slug.ts';

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
    ['Ender’s Game', 'enders-game'],
    ["Remembrance of Earth's Past", 'remembrance-of-earths-past'],
    ["L'Anomalie", 'lanomalie'],
    ["Tom O'Bedlam", 'tom-obedlam'],
    ['The M.D.: A Horror Story', 'the-md-a-horror-story'],
    ['Hello, World!', 'hello-world'],
    ['Die Haarteppichknüpfer', 'die-haarteppichknuepfer'],
    ['Le città invisibili', 'le-citta-invisibili'],
    ['Cadáver exquisito', 'cadaver-exquisito'],
    ['Četvrti krug', 'cetvrti-krug'],
    ['Phèdre’s Trilogy', 'phedres-trilogy'],
    ['Have Space Suit—Will Travel', 'have-space-suit-will-travel'],
    ['The Three-Body Problem', 'the-three-body-problem'],
    ['Blackout/All Clear', 'blackout-all-clear'],
    ['AC\\DC', 'ac-dc'],
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

describe('slugFitsBase', () => {
  it.each([
    ['dune', 'dune', true],
    ['dune-2', 'dune', true],
    ['dune-12', 'dune', true],
    ['dune-1', 'dune', false],
    ['dune-02', 'dune', false],
    ['dune-messiah', 'dune', false],
    ['ender-s-game', 'enders-game', false],
  ])('%j fits %j: %j', (slug, base, expected) => {
    expect(slugFitsBase(slug, base)).toBe(expected);
  });
});

describe('assignSlugs', () => {
  const none = () => false;

  it('numbers a collision in the order of the claims', () => {
    const slugs = assignSlugs(
      [
        { id: 'emergence', base: 'emergence' },
        { id: 'emergence-2', base: 'emergence' },
        { id: 'emergence-3', base: 'emergence' },
      ],
      none,
    );
    expect([...slugs]).toEqual([
      ['emergence', 'emergence'],
      ['emergence-2', 'emergence-2'],
      ['emergence-3', 'emergence-3'],
    ]);
  });

  it('keeps a current slug that still fits, so a newcomer with the same title takes the next number', () => {
    const slugs = assignSlugs(
      [
        { id: 'older-newcomer', base: 'appleseed' },
        { id: 'a', base: 'appleseed', current: 'appleseed' },
        { id: 'b', base: 'appleseed', current: 'appleseed-2' },
      ],
      none,
    );
    expect(Object.fromEntries(slugs)).toEqual({ a: 'appleseed', b: 'appleseed-2', 'older-newcomer': 'appleseed-3' });
  });

  it("moves a slug that no longer fits the rule ('ender-s-game') to the rule's", () => {
    expect(assignSlugs([{ id: 'ender-s-game', base: 'enders-game', current: 'ender-s-game' }], none).get('ender-s-game')).toBe('enders-game');
  });

  it('keeps a slug an editor pinned although it does not fit the title (issue 13)', () => {
    expect(assignSlugs([{ id: 'dune', base: 'dune', current: 'dune-the-novel', pinned: true }], none).get('dune')).toBe('dune-the-novel');
    expect(assignSlugs([{ id: 'dune', base: 'dune', current: 'dune-the-novel' }], none).get('dune')).toBe('dune');
  });

  it("never gives out a slug that is someone else's page or old URL", () => {
    const others = new Map([
      ['enders-game', 'someone'],
      ['enders-game-2', 'someone-else'],
    ]);
    const taken = (slug: string, id: string) => (others.get(slug) ?? id) !== id;
    expect(assignSlugs([{ id: 'mine', base: 'enders-game', current: 'ender-s-game' }], taken).get('mine')).toBe('enders-game-3');
    expect(assignSlugs([{ id: 'someone', base: 'enders-game' }], taken).get('someone')).toBe('enders-game');
  });
});
