import { describe, expect, it } from 'vitest';
import { editorialSchemas } from './editorial.ts';
import { isImageUrl } from './images.ts';

const schemas = editorialSchemas(2026);
const keysOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('book schemas', () => {
  it('accepts a book with just a title and its authors (issue 13)', () => {
    expect(schemas.createBook.parse({ title: 'Dune', authorIds: [7] })).toEqual({ title: 'Dune', authorIds: [7] });
  });

  it('keeps a title as typed, spaces and all, but refuses a blank one', () => {
    expect(schemas.createBook.parse({ title: '  Dune ', authorIds: [1] }).title).toBe('  Dune ');
    expect(keysOf(schemas.createBook.safeParse({ title: ' \u3000 ', authorIds: [1] }))).toEqual(['title: validation.editorial.title.required']);
  });

  it('refuses control characters in a title but allows line breaks in a description', () => {
    expect(keysOf(schemas.createBook.safeParse({ title: 'Du\u0000ne', authorIds: [1] }))).toEqual(['title: validation.controlCharacters']);
    expect(schemas.createBook.safeParse({ title: 'Dune', authorIds: [1], description: { de: 'Zeile 1\r\nZeile 2' } }).success).toBe(true);
  });

  it('needs at least one author and no author twice', () => {
    expect(keysOf(schemas.createBook.safeParse({ title: 'Dune', authorIds: [] }))).toEqual(['authorIds: validation.editorial.authorIds']);
    expect(keysOf(schemas.createBook.safeParse({ title: 'Dune', authorIds: [3, 3] }))).toEqual(['authorIds: validation.editorial.duplicate']);
  });

  it('bounds the publication year by spec §9 (1800 to this year plus 5) and matches it with the date', () => {
    expect(schemas.createBook.safeParse({ title: 'Dune', authorIds: [1], publicationYear: 2031 }).success).toBe(true);
    expect(keysOf(schemas.createBook.safeParse({ title: 'Dune', authorIds: [1], publicationYear: 2032 }))).toEqual(['publicationYear: validation.editorial.publicationYear']);
    expect(keysOf(schemas.createBook.safeParse({ title: 'Dune', authorIds: [1], publicationYear: 1799 }))).toEqual(['publicationYear: validation.editorial.publicationYear']);
    expect(keysOf(schemas.createBook.safeParse({ title: 'Dune', authorIds: [1], publicationYear: 1965, publicationDate: '1966-08-01' }))).toEqual([
      'publicationDate: validation.editorial.dateYear',
    ]);
    expect(keysOf(schemas.createBook.safeParse({ title: 'Dune', authorIds: [1], publicationDate: '1965-02-30' }))).toEqual(['publicationDate: validation.editorial.publicationDate']);
  });

  it('takes series with positions and award entries with a category or a custom one', () => {
    const book = { title: 'Dune', authorIds: [1], series: [{ seriesId: 4, position: 1.5 }], awards: [{ awardId: 2, categoryId: 9, year: 1966, isWinner: true }] };
    expect(schemas.createBook.safeParse(book).success).toBe(true);
    expect(keysOf(schemas.createBook.safeParse({ ...book, awards: [{ awardId: 2, year: 1966 }] }))).toEqual(['awards.0.categoryId: validation.editorial.awardCategory']);
    expect(keysOf(schemas.createBook.safeParse({ ...book, series: [{ seriesId: 4, position: 1.555 }] }))).toEqual(['series.0.position: validation.editorial.seriesPosition']);
  });

  it('refuses unknown fields and an update that changes nothing', () => {
    expect(keysOf(schemas.createBook.safeParse({ title: 'Dune', authorIds: [1], rating: 5 }))).toEqual([': Unrecognized key: "rating"']);
    expect(keysOf(schemas.updateBook.safeParse({}))).toEqual([': validation.editorial.nothingToChange']);
    expect(schemas.updateBook.parse({ publisher: null })).toEqual({ publisher: null });
  });

  it('refuses a slug from which the slug rule leaves nothing', () => {
    expect(keysOf(schemas.updateBook.safeParse({ slug: '!!!' }))).toEqual(['slug: validation.editorial.slug']);
    expect(schemas.updateBook.safeParse({ slug: 'Der Wüstenplanet' }).success).toBe(true);
  });
});

describe('isImageUrl', () => {
  it.each([
    ['https://covers.example/dune.jpg', true],
    ['http://covers.example/dune.jpg', true],
    ['/images/covers/dune.webp', false], // a path on this site only when it names an upload
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['//evil.example/x.png', false],
    ['https://user:pw@covers.example/x.png', false],
    ['ftp://covers.example/x.png', false],
    ['dune.jpg', false],
  ])('%s → %s', (url, expected) => {
    expect(isImageUrl(url)).toBe(expected);
  });
});

describe('author, series and genre schemas', () => {
  it('take the spec §3 fields', () => {
    expect(
      schemas.createAuthor.safeParse({ name: 'Ursula K. Le Guin', bio: { en: 'Bio', de: 'Bio', it: 'Bio' }, gender: 'female', birthYear: 1929, deathYear: 2018, nativeLanguage: 'en', nationality: 'US' }).success,
    ).toBe(true);
    expect(schemas.createSeries.safeParse({ name: 'Earthsea', kind: 'novel_series', status: 'completed' }).success).toBe(true);
    expect(schemas.createGenre.safeParse({ name: 'Weird Fiction', names: { de: 'Weird Fiction' }, category: 'horror' }).success).toBe(true);
  });

  it('refuse a death before the birth and an unknown enumeration value', () => {
    expect(keysOf(schemas.createAuthor.safeParse({ name: 'X', birthYear: 1950, deathYear: 1940 }))).toEqual(['deathYear: validation.editorial.lifeYears']);
    expect(keysOf(schemas.createSeries.safeParse({ name: 'X', status: 'paused' }))).toEqual(['status: validation.editorial.seriesStatus']);
    expect(keysOf(schemas.createGenre.safeParse({ name: 'X', category: 'romance' }))).toEqual(['category: validation.editorial.genreCategory']);
  });
});
