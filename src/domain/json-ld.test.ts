import { describe, expect, it } from 'vitest';
import {
  aggregateRatingOf,
  awardListJsonLd,
  bookFormatOf,
  bookJsonLd,
  bookSeriesJsonLd,
  personJsonLd,
  serializeJsonLd,
  type AwardListJsonLdInput,
  type BookJsonLdInput,
  type EditionInput,
} from './json-ld.ts';

const URL_EN = 'https://phantastika.example/en/books/dune';

function edition(overrides: Partial<EditionInput> = {}): EditionInput {
  return {
    id: 1,
    title: 'Dune',
    languageCode: 'en',
    isOriginalLanguage: true,
    isbn: null,
    bindingType: null,
    formatType: 'physical',
    editionLabel: null,
    publicationYear: 1965,
    publisher: 'Chilton Company',
    pages: null,
    translator: null,
    ...overrides,
  };
}

function book(overrides: Partial<BookJsonLdInput> = {}): BookJsonLdInput {
  return {
    url: URL_EN,
    name: 'Dune',
    alternateName: null,
    inLanguage: 'en',
    datePublished: 1965,
    publisher: 'Chilton Company',
    pages: null,
    description: 'A desert planet.',
    image: null,
    genres: ['Science Fiction'],
    authors: [{ name: 'Frank Herbert', url: 'https://phantastika.example/en/authors/frank-herbert' }],
    editions: [edition()],
    series: [],
    awards: [],
    rating: { average: null, count: 0 },
    ...overrides,
  };
}

describe('bookJsonLd', () => {
  it('describes the work with its id, url, authors as Persons with urls, genre and publisher', () => {
    const data = bookJsonLd(book());
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Book',
      '@id': `${URL_EN}#work`,
      url: URL_EN,
      name: 'Dune',
      inLanguage: 'en',
      datePublished: '1965',
      publisher: { '@type': 'Organization', name: 'Chilton Company' },
      genre: ['Science Fiction'],
      author: [{ '@type': 'Person', name: 'Frank Herbert', url: 'https://phantastika.example/en/authors/frank-herbert' }],
    });
  });

  it('lists editions as workExample; translations point back at the work and name their translator', () => {
    const data = bookJsonLd(
      book({
        editions: [
          edition(),
          edition({
            id: 2,
            title: 'Der Wüstenplanet',
            languageCode: 'de',
            isOriginalLanguage: false,
            isbn: '978-3-453-31713-5',
            bindingType: 'paperback',
            translator: 'Jakob Schmidt',
            editionLabel: 'Internationale Ausgabe',
            pages: 800,
          }),
        ],
      }),
    );
    const [original, german] = data.workExample as Record<string, unknown>[];
    expect(original).not.toHaveProperty('translationOfWork');
    expect(german).toEqual({
      '@type': 'Book',
      '@id': `${URL_EN}#edition-2`,
      name: 'Der Wüstenplanet',
      inLanguage: 'de',
      isbn: '978-3-453-31713-5',
      bookFormat: 'https://schema.org/Paperback',
      bookEdition: 'Internationale Ausgabe',
      datePublished: '1965',
      publisher: { '@type': 'Organization', name: 'Chilton Company' },
      numberOfPages: 800,
      translator: { '@type': 'Person', name: 'Jakob Schmidt' },
      translationOfWork: { '@id': `${URL_EN}#work` },
    });
  });

  it("offers an edition at the price an editor set, with a decimal point (issue 29 point 25)", () => {
    const data = bookJsonLd(book({ editions: [edition(), edition({ id: 2, price: 12.5, currency: 'EUR' })] }));
    const [unpriced, priced] = data.workExample as Record<string, unknown>[];
    expect(unpriced).not.toHaveProperty('offers');
    expect(priced!.offers).toEqual({ '@type': 'Offer', price: '12.50', priceCurrency: 'EUR' });
  });

  it('is part of its series with the position, and one series is a single object', () => {
    const series = { name: 'Dune Chronicles', url: 'https://phantastika.example/en/series/dune-chronicles', position: 1 };
    expect(bookJsonLd(book({ series: [series] }))).toMatchObject({
      isPartOf: { '@type': 'BookSeries', name: 'Dune Chronicles', url: series.url },
      position: 1,
    });
    const two = bookJsonLd(book({ series: [{ ...series, position: null }, { name: 'SF Masterworks', url: 'x', position: 7 }] }));
    expect(two.isPartOf).toHaveLength(2);
    expect(two.position).toBe(7);
  });

  it('names award wins as text', () => {
    expect(bookJsonLd(book({ awards: ['Hugo Award, Best Novel (1966)'] })).award).toEqual(['Hugo Award, Best Novel (1966)']);
  });

  it('has an aggregateRating only where real ratings exist', () => {
    expect(bookJsonLd(book())).not.toHaveProperty('aggregateRating');
    expect(bookJsonLd(book({ rating: { average: 4.3, count: 12 } })).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      ratingCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('leaves out unknown values instead of emitting nulls or empty lists', () => {
    const data = bookJsonLd(
      book({ inLanguage: 'und', datePublished: null, publisher: null, description: null, genres: [], editions: [], alternateName: 'Dune' }),
    );
    for (const key of ['inLanguage', 'datePublished', 'publisher', 'description', 'genre', 'workExample', 'alternateName', 'isPartOf', 'award', 'image']) {
      expect(data, key).not.toHaveProperty(key);
    }
    expect(JSON.stringify(data)).not.toContain('null');
  });

  it('keeps the page-language title as alternateName', () => {
    expect(bookJsonLd(book({ alternateName: 'Der Wüstenplanet' })).alternateName).toBe('Der Wüstenplanet');
  });
});

describe('bookFormatOf', () => {
  it.each([
    ['hardcover', 'physical', 'https://schema.org/Hardcover'],
    ['paperback', 'physical', 'https://schema.org/Paperback'],
    ['broschiert', 'physical', 'https://schema.org/Paperback'],
    ['mass_market', 'physical', 'https://schema.org/Paperback'],
    ['ebook', 'digital', 'https://schema.org/EBook'],
    ['audiobook', 'digital', 'https://schema.org/AudiobookFormat'],
    [null, 'digital', 'https://schema.org/EBook'],
    [null, 'physical', undefined],
  ] as const)('%s / %s → %s', (binding, format, expected) => {
    expect(bookFormatOf(binding, format)).toBe(expected);
  });
});

describe('aggregateRatingOf', () => {
  it('is undefined without ratings, even with an average', () => {
    expect(aggregateRatingOf({ average: null, count: 0 })).toBeUndefined();
    expect(aggregateRatingOf({ average: 4, count: 0 })).toBeUndefined();
  });
});

describe('personJsonLd', () => {
  it('gives years as dates, the nationality as a Country and no sameAs', () => {
    const data = personJsonLd({
      url: 'https://phantastika.example/de/authors/frank-herbert',
      name: 'Frank Herbert',
      birthYear: 1920,
      deathYear: 1986,
      nationality: 'Vereinigte Staaten',
      description: null,
      image: null,
      awards: ['Hugo Award, Bester Roman (1966)'],
    });
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      '@id': 'https://phantastika.example/de/authors/frank-herbert#person',
      url: 'https://phantastika.example/de/authors/frank-herbert',
      name: 'Frank Herbert',
      birthDate: '1920',
      deathDate: '1986',
      nationality: { '@type': 'Country', name: 'Vereinigte Staaten' },
      award: ['Hugo Award, Bester Roman (1966)'],
    });
  });
});

describe('bookSeriesJsonLd', () => {
  it('lists the books in order as hasPart with their position', () => {
    const data = bookSeriesJsonLd({
      url: 'https://phantastika.example/en/series/the-expanse',
      name: 'The Expanse',
      description: null,
      authors: [{ name: 'James S. A. Corey', url: 'https://phantastika.example/en/authors/james-s-a-corey' }],
      parts: [
        { name: 'Leviathan Wakes', url: 'https://phantastika.example/en/books/leviathan-wakes', position: 1 },
        { name: 'Prequel', url: 'https://phantastika.example/en/books/prequel', position: null },
      ],
    });
    expect(data['@type']).toBe('BookSeries');
    expect(data.hasPart).toEqual([
      { '@type': 'Book', name: 'Leviathan Wakes', url: 'https://phantastika.example/en/books/leviathan-wakes', position: 1 },
      { '@type': 'Book', name: 'Prequel', url: 'https://phantastika.example/en/books/prequel' },
    ]);
  });
});

describe('awardListJsonLd', () => {
  const SITE = 'https://phantastika.example';
  function awardPage(overrides: Partial<AwardListJsonLdInput> = {}): AwardListJsonLdInput {
    return {
      url: `${SITE}/en/awards/hugo`,
      name: 'Hugo Award',
      description: 'Every Hugo Award winner, year by year.',
      inLanguage: 'en',
      breadcrumb: [
        { name: 'Awards', url: `${SITE}/en/awards` },
        { name: 'Hugo Award', url: `${SITE}/en/awards/hugo` },
      ],
      winners: [
        { name: 'Dune', url: `${SITE}/en/books/dune`, authors: [{ name: 'Frank Herbert', url: `${SITE}/en/authors/frank-herbert` }], award: 'Hugo Award, Best Novel (1966)' },
        { name: 'This Immortal', url: `${SITE}/en/books/this-immortal`, authors: [], award: 'Hugo Award, Best Novel (1966)' },
      ],
      ...overrides,
    };
  }

  it('describes the page as a CollectionPage with its breadcrumb trail', () => {
    const data = awardListJsonLd(awardPage());
    expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'CollectionPage', '@id': `${SITE}/en/awards/hugo#page`, name: 'Hugo Award', inLanguage: 'en' });
    expect(data.breadcrumb).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Awards', item: `${SITE}/en/awards` },
        { '@type': 'ListItem', position: 2, name: 'Hugo Award', item: `${SITE}/en/awards/hugo` },
      ],
    });
  });

  it('lists every win in order, each book pointing at its page\'s work node with the win as award (ties are two items)', () => {
    const list = awardListJsonLd(awardPage()).mainEntity as { numberOfItems: number; itemListOrder: string; itemListElement: unknown[] };
    expect(list.numberOfItems).toBe(2);
    expect(list.itemListOrder).toBe('https://schema.org/ItemListOrderDescending');
    expect(list.itemListElement).toEqual([
      {
        '@type': 'ListItem',
        position: 1,
        item: {
          '@type': 'Book',
          '@id': `${SITE}/en/books/dune#work`,
          name: 'Dune',
          url: `${SITE}/en/books/dune`,
          author: [{ '@type': 'Person', name: 'Frank Herbert', url: `${SITE}/en/authors/frank-herbert` }],
          award: 'Hugo Award, Best Novel (1966)',
        },
      },
      {
        '@type': 'ListItem',
        position: 2,
        item: { '@type': 'Book', '@id': `${SITE}/en/books/this-immortal#work`, name: 'This Immortal', url: `${SITE}/en/books/this-immortal`, award: 'Hugo Award, Best Novel (1966)' },
      },
    ]);
  });

  it('leaves out a missing description and breadcrumb but keeps an empty list honest', () => {
    const data = awardListJsonLd(awardPage({ description: null, breadcrumb: [], winners: [] }));
    expect(data).not.toHaveProperty('description');
    expect(data).not.toHaveProperty('breadcrumb');
    expect(data.mainEntity).toMatchObject({ '@type': 'ItemList', numberOfItems: 0, itemListElement: [] });
  });
});

describe('serializeJsonLd', () => {
  const hostile = { name: '</script><script>alert(1)</script>', description: 'Tom & Jerry <!-- x --> \u2028 end' };

  it('never lets a value close the script element or open a comment', () => {
    const json = serializeJsonLd(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json.toLowerCase()).not.toContain('</script');
    expect(json).toContain('\\u003c/script\\u003e');
  });

  it('still parses back to the same value', () => {
    expect(JSON.parse(serializeJsonLd(hostile))).toEqual(hostile);
  });
});
