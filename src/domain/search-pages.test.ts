import { describe, expect, it } from 'vitest';
import { authorSearchPage, bookSearchPage } from './search-pages.ts';

const book = {
  slug: 'dune',
  originalTitle: 'Dune',
  originalLanguage: 'en',
  editions: [{ id: 1, title: 'Der Wüstenplanet', languageCode: 'de', isOriginalLanguage: false, isPrimaryEdition: false }],
  description: { en: 'Paul Atreides on *Arrakis* & the <spice>.', de: 'Paul Atreides auf Arrakis.' },
};

describe('bookSearchPage', () => {
  it("is the page's indexed region at the page's address, with the title its heading shows", () => {
    const page = bookSearchPage(book, 'de')!;
    expect(page.url).toBe('/de/books/dune/');
    expect(page.html).toContain('<html lang="de">');
    expect(page.html).toContain('<h1 data-pagefind-meta="title">Der Wüstenplanet</h1>');
    expect(page.html).toMatch(/<div class="prose" data-pagefind-body data-pagefind-meta="kind:book"><p>Paul Atreides auf Arrakis.<\/p>\s*<\/div>/);
  });

  it('falls back to the English synopsis as the page does, marked as English, escaped and rendered', () => {
    const page = bookSearchPage(book, 'it')!;
    expect(page.html).toContain('<h1 data-pagefind-meta="title">Dune</h1>');
    expect(page.html).toContain('<div class="prose" lang="en" data-pagefind-body');
    expect(page.html).toContain('<em>Arrakis</em> &amp; the &lt;spice&gt;.');
  });

  it('indexes nothing for a page without a synopsis in any language', () => {
    expect(bookSearchPage({ ...book, description: { de: '' } }, 'en')).toBeNull();
    expect(bookSearchPage({ ...book, description: null }, 'de')).toBeNull();
  });
});

describe('authorSearchPage', () => {
  it("is the bio region of the author's page, titled by the name (escaped)", () => {
    const page = authorSearchPage({ slug: 'ursula-k-le-guin', name: 'Ursula K. Le Guin <x>', bio: { en: 'Wrote Earthsea.' } }, 'en')!;
    expect(page.url).toBe('/en/authors/ursula-k-le-guin/');
    expect(page.html).toContain('<h1 data-pagefind-meta="title">Ursula K. Le Guin &lt;x&gt;</h1>');
    expect(page.html).toContain('data-pagefind-meta="kind:author"><p>Wrote Earthsea.</p>');
    expect(authorSearchPage({ slug: 'x', name: 'X', bio: {} }, 'de')).toBeNull();
  });
});
