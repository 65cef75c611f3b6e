import { describe, expect, it } from 'vitest';
import { bookRefFromHref, bookRefOf, isPlainLeftClick, type ClickLike } from './plain-click.ts';

const click = (overrides: Partial<ClickLike> = {}): ClickLike => ({
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
  ...overrides,
});

describe('isPlainLeftClick', () => {
  it('takes over a plain left click (and Enter on a link, which clicks with button 0)', () => {
    expect(isPlainLeftClick(click())).toBe(true);
  });

  it.each([
    ['a middle click', { button: 1 }],
    ['Ctrl+click (new tab)', { ctrlKey: true }],
    ['Cmd+click (new tab on macOS)', { metaKey: true }],
    ['Shift+click (new window)', { shiftKey: true }],
    ['Alt+click (download)', { altKey: true }],
    ['a click another handler took', { defaultPrevented: true }],
  ])('leaves %s to the browser', (_name, overrides) => {
    expect(isPlainLeftClick(click(overrides))).toBe(false);
  });
});

describe('bookRefFromHref', () => {
  it('reads the slug of a book page in every language', () => {
    expect(bookRefFromHref('/en/books/dune')).toBe('dune');
    expect(bookRefFromHref('/de/books/der-wuestenplanet-2/')).toBe('der-wuestenplanet-2');
    expect(bookRefFromHref('https://site.invalid/it/books/solaris', 'https://site.invalid')).toBe('solaris');
  });

  it('ignores other pages, other sites and odd paths', () => {
    expect(bookRefFromHref('/en/books')).toBeNull();
    expect(bookRefFromHref('/en/authors/frank-herbert')).toBeNull();
    expect(bookRefFromHref('/fr/books/dune')).toBeNull();
    expect(bookRefFromHref('https://evil.example/en/books/dune')).toBeNull();
    expect(bookRefFromHref('/en/books/Dune%20x')).toBeNull();
  });
});

describe('bookRefOf', () => {
  it("takes the card's book id first: an all-digit slug would be read as an id", () => {
    expect(bookRefOf('1234', '/en/books/334')).toBe('1234');
  });

  it('falls back to the slug of the link without an id', () => {
    expect(bookRefOf('', '/en/books/dune')).toBe('dune');
    expect(bookRefOf(undefined, '/en/books/dune')).toBe('dune');
    expect(bookRefOf('dune', '/it/books/solaris')).toBe('solaris');
  });
});
