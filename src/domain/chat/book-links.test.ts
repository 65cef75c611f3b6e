import { describe, expect, it } from 'vitest';
import { allowBookLinks, bookSlugOf, createLinkGuard, guardLinks } from './book-links.ts';

const allow = allowBookLinks('de', new Set(['dune', 'hyperion']));

/** Streams `text` through a guard in pieces of `size` characters and returns every emitted piece. */
function stream(text: string, size: number): string[] {
  const guard = createLinkGuard(allow);
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(guard.push(text.slice(i, i + size)));
  out.push(guard.flush());
  return out;
}

describe('book links of the assistant', () => {
  it('knows a book page of ours by its path, in any of the three languages', () => {
    expect(bookSlugOf('/de/books/dune')).toBe('dune');
    expect(bookSlugOf('/it/books/il-nome-del-vento/')).toBe('il-nome-del-vento');
    expect(bookSlugOf('/fr/books/dune')).toBeNull();
    expect(bookSlugOf('https://example.org/de/books/dune')).toBeNull();
    expect(bookSlugOf('/de/authors/frank-herbert')).toBeNull();
  });

  it('keeps links to books the tools returned, in the reader’s language, and unlinks made-up books', () => {
    const text = 'Lesen Sie [Der Wüstenplanet](/en/books/dune) und [Erfunden](/de/books/gibt-es-nicht).';
    expect(guardLinks(text, allow)).toBe('Lesen Sie [Der Wüstenplanet](/de/books/dune) und Erfunden.');
  });

  it('drops links to other sites and other pages', () => {
    expect(guardLinks('[Klick](https://evil.example/x) [Autor](/de/authors/x)', allow)).toBe('Klick Autor');
  });

  it('never shows a made-up link, however the stream cuts it', () => {
    const text = 'A: [Hyperion](/de/books/hyperion). B: [Fake](/de/books/fake) [x] y [z](';
    for (const size of [1, 2, 3, 5, 8, 13]) {
      const pieces = stream(text, size);
      expect(pieces.join('')).toBe('A: [Hyperion](/de/books/hyperion). B: Fake [x] y z');
      // No emitted piece ever holds an unchecked link target.
      expect(pieces.some((p) => p.includes('/de/books/fake'))).toBe(false);
    }
  });

  it('lets prose with brackets through without holding it for long', () => {
    const guard = createLinkGuard(allow);
    expect(guard.push('a [note] and more')).toBe('a [note] and more');
    expect(guard.push(' [open')).toBe(' ');
    expect(guard.flush()).toBe('[open');
  });
});
