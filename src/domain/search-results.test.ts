import { describe, expect, it } from 'vitest';
import { completionFor, countResults, EMPTY_RESULTS, resultHref, searchGroups, searchPageHref } from './search-results.ts';

const de = (path: string) => `/de${path}`;
const dune = {
  id: 7,
  slug: 'dune',
  title: 'Der Wüstenplanet',
  originalTitle: 'Dune',
  authors: [{ slug: 'frank-herbert', name: 'Frank Herbert' }],
  year: 1965,
  coverImage: null,
};

describe('resultHref', () => {
  it('links each kind where issue 5 says', () => {
    expect(resultHref('books', dune, de)).toBe('/de/books/dune');
    expect(resultHref('authors', { id: 1, slug: 'frank-herbert', name: 'Frank Herbert' }, de)).toBe('/de/authors/frank-herbert');
    expect(resultHref('series', { id: 2, slug: 'dune', name: 'Dune' }, de)).toBe('/de/series/dune');
    expect(resultHref('genres', { id: 3, name: 'Weltraumoper', canonicalName: 'Space Opera', category: 'science_fiction' }, de)).toBe('/de/books?genre=Space%20Opera');
    expect(resultHref('awards', { id: 4, slug: 'hugo-award', name: 'Hugo Award' }, de)).toBe('/de/awards?id=4');
  });

  it('encodes what it puts into a URL', () => {
    expect(searchPageHref('a&b c', de)).toBe('/de/search?q=a%26b%20c');
    expect(resultHref('genres', { id: 3, name: 'x', canonicalName: 'Sword & Sorcery', category: 'fantasy' }, de)).toBe('/de/books?genre=Sword%20%26%20Sorcery');
  });
});

describe('searchGroups', () => {
  it('keeps the fixed order, leaves empty groups out, and describes books', () => {
    const groups = searchGroups({ ...EMPTY_RESULTS, awards: [{ id: 4, slug: 'hugo-award', name: 'Hugo-Preis' }], books: [dune] }, de);
    expect(groups.map((g) => g.kind)).toEqual(['books', 'awards']);
    expect(groups[0]!.options[0]).toEqual({
      kind: 'books',
      key: 'books-7',
      id: 7,
      label: 'Der Wüstenplanet',
      original: 'Dune',
      detail: 'Frank Herbert · 1965',
      href: '/de/books/dune',
      image: null,
    });
    expect(countResults({ ...EMPTY_RESULTS, books: [dune, dune] })).toBe(2);
  });

  it('shows no original title when the title is the original', () => {
    const [group] = searchGroups({ ...EMPTY_RESULTS, books: [{ ...dune, title: 'Dune', year: null, authors: [] }] }, de);
    expect(group!.options[0]!.original).toBeUndefined();
    expect(group!.options[0]!.detail).toBeUndefined();
  });
});

describe('completionFor', () => {
  const options = [{ label: 'Der Wüstenplanet' }, { label: 'Dune Messiah' }];
  it('completes to the first longer label that starts with the query, ignoring case and accents', () => {
    expect(completionFor('der wus', options)).toBe('Der Wüstenplanet');
    expect(completionFor('DUNE', options)).toBe('Dune Messiah');
  });
  it('offers nothing for an empty query, a full label or no match', () => {
    expect(completionFor('  ', options)).toBeNull();
    expect(completionFor('Dune Messiah', options)).toBeNull();
    expect(completionFor('xyz', options)).toBeNull();
  });
});
