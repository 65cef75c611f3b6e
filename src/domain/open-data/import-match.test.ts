import { describe, expect, it } from 'vitest';
import { ImportMatcher, isPenNameOf, sameWriter, surnameKeys, titleKeys, titleSimilarity, type MatchBook, type MatchQuery } from './import-match.ts';

describe('titleKeys', () => {
  it('drops series parentheticals, subtitles and a leading article', () => {
    expect(titleKeys('dune (dune #1)')).toEqual(['dune']);
    expect(titleKeys('the left hand of darkness (hainish cycle, #4)')).toEqual(['the left hand of darkness', 'left hand of darkness']);
    expect(titleKeys('dune: deluxe edition')).toEqual(['dune deluxe edition', 'dune']);
    expect(titleKeys('der wustenplanet')).toEqual(['der wustenplanet', 'wustenplanet']);
    expect(titleKeys('il nome della rosa')).toEqual(['il nome della rosa', 'nome della rosa']);
    expect(titleKeys('a canticle for leibowitz [st. leibowitz 1]')).toEqual(['a canticle for leibowitz', 'canticle for leibowitz']);
  });
  it('keeps a title that is only an article-like word', () => {
    expect(titleKeys('it')).toEqual(['it']);
    expect(titleKeys('()')).toEqual([]);
  });
});

describe('surnameKeys', () => {
  it('finds the surname in "First Last" and "Last, First" forms', () => {
    expect(surnameKeys('frank herbert')).toEqual(['herbert']);
    expect(surnameKeys('herbert, frank')).toEqual(['herbert']);
    expect(surnameKeys('j.r.r. tolkien')).toEqual(['tolkien']);
    expect(surnameKeys('j. r. r. tolkien')).toEqual(['tolkien']);
  });
  it('keeps name particles with the surname', () => {
    expect(surnameKeys('ursula k. le guin')).toEqual(['leguin', 'guin']);
    expect(surnameKeys('le guin, ursula k.')).toEqual(['leguin', 'guin']);
    expect(surnameKeys('a. e. van vogt')).toEqual(['vanvogt', 'vogt']);
    expect(surnameKeys('l. sprague de camp')).toEqual(['decamp', 'camp']);
    expect(surnameKeys('thea von harbou')).toEqual(['vonharbou', 'harbou']);
  });
  it('drops suffixes such as Jr.', () => {
    expect(surnameKeys('walter m. miller jr.')).toEqual(['miller']);
    expect(surnameKeys('miller, walter m., jr.')).toEqual(['miller']);
  });
  it('gives a single name as it is and nothing for nothing', () => {
    expect(surnameKeys('vercors')).toEqual(['vercors']);
    expect(surnameKeys('')).toEqual([]);
  });
});

describe('pen names', () => {
  it('knows two credited names of one writer, in any spelling of accents and case', () => {
    expect(isPenNameOf('Megan Lindholm', 'Robin Hobb')).toBe(true);
    expect(isPenNameOf('caitlin r. kiernan', 'Kathleen Tierney')).toBe(true);
    expect(isPenNameOf('Daniel Abraham', 'James S. A. Corey')).toBe(true);
    expect(isPenNameOf('Robin Hobb', 'Robin Hobb')).toBe(false);
    expect(isPenNameOf('Frank Herbert', 'Robin Hobb')).toBe(false);
  });
});

describe('sameWriter', () => {
  const wells = author('Herbert George Wells', 'Wells, H. G.');
  it('takes the surname with the first given name or its initial, in any form', () => {
    expect(sameWriter(['h. g. wells'], 'H. G. Wells', wells)).toBe(true);
    expect(sameWriter(['h.g. wells'], 'H.G. Wells', wells)).toBe(true);
    expect(sameWriter(['wells'], 'Wells', wells)).toBe(true);
    expect(sameWriter(['ursula le guin', 'le guin, ursula k.'], 'Ursula Le Guin', author('Ursula K. Le Guin', 'Le Guin, Ursula K.'))).toBe(true);
    expect(sameWriter(['liu cixin'], 'Liu Cixin', author('Cixin Liu', 'Liu, Cixin'))).toBe(true);
    expect(sameWriter(['robin hobb'], 'Robin Hobb', author('Megan Lindholm', 'Lindholm, Megan'))).toBe(true);
  });
  it('refuses another writer, one who shares the surname included', () => {
    expect(sameWriter(['brian herbert'], 'Brian Herbert', author('Frank Herbert', 'Herbert, Frank'))).toBe(false);
    expect(sameWriter(['clifford stoll'], 'Clifford Stoll', author('C. J. Cherryh', 'Cherryh, C. J.'))).toBe(false);
    expect(sameWriter(['h. g. wells'], 'H. G. Wells', author('Ellen Smythe', 'Smythe, Ellen'))).toBe(false);
    expect(sameWriter([''], '', wells)).toBe(false);
  });
});

describe('titleSimilarity', () => {
  it("is pg_trgm's similarity()", () => {
    expect(titleSimilarity('word', 'word')).toBe(1);
    expect(titleSimilarity('left hand of darkness', 'left hand of darknes')).toBeGreaterThan(0.75);
    expect(titleSimilarity('dune', 'neuromancer')).toBe(0);
  });
});

const author = (name: string, sortName: string) => ({ name, nameFold: name.toLowerCase(), sortNameFold: sortName.toLowerCase() });
const BOOKS: MatchBook[] = [
  { id: 1, authors: [author('Frank Herbert', 'Herbert, Frank')], editions: [{ id: 10, titleFold: 'dune', isbn: '978-0-441-17271-9', isPrimary: true }, { id: 11, titleFold: 'der wustenplanet', isbn: null, isPrimary: false }], altTitleFolds: ['dune world'] },
  { id: 2, authors: [author('Ursula K. Le Guin', 'Le Guin, Ursula K.')], editions: [{ id: 20, titleFold: 'the left hand of darkness', isbn: null, isPrimary: true }], altTitleFolds: [] },
  { id: 3, authors: [author('Megan Lindholm', 'Lindholm, Megan')], editions: [{ id: 30, titleFold: 'wizard of the pigeons', isbn: null, isPrimary: true }], altTitleFolds: [] },
  { id: 4, authors: [author('Dan Simmons', 'Simmons, Dan')], editions: [{ id: 40, titleFold: 'hyperion', isbn: null, isPrimary: true }], altTitleFolds: [] },
  { id: 5, authors: [author('Dan Simmons', 'Simmons, Dan')], editions: [{ id: 50, titleFold: 'the fall of hyperion', isbn: null, isPrimary: true }], altTitleFolds: [] },
  { id: 6, authors: [author('Isaac Asimov', 'Asimov, Isaac')], editions: [{ id: 60, titleFold: 'foundation', isbn: null, isPrimary: true }], altTitleFolds: [] },
  { id: 7, authors: [author('Someone Else', 'Else, Someone')], editions: [{ id: 70, titleFold: 'foundation', isbn: null, isPrimary: true }], altTitleFolds: [] },
  { id: 8, authors: [author('C. J. Cherryh', 'Cherryh, C. J.')], editions: [{ id: 80, titleFold: 'cuckoos egg', isbn: null, isPrimary: true }], altTitleFolds: [] },
  { id: 9, authors: [author('Ellen Smythe', 'Smythe, Ellen')], editions: [{ id: 90, titleFold: 'the machine', isbn: null, isPrimary: true }], altTitleFolds: [] },
  { id: 10, authors: [author('Brian Herbert', 'Herbert, Brian')], editions: [{ id: 100, titleFold: 'dune the machine crusade', isbn: null, isPrimary: true }], altTitleFolds: [] },
  { id: 11, authors: [author('Cixin Liu', 'Liu, Cixin')], editions: [{ id: 110, titleFold: 'the wandering earth', isbn: null, isPrimary: true }], altTitleFolds: [] },
];
const matcher = new ImportMatcher(BOOKS);
const query = (over: Partial<MatchQuery>): MatchQuery => ({ isbn10: null, isbn13: null, titleFold: '', author: '', authorFold: '', authorSortedFold: null, ...over });

describe('ImportMatcher', () => {
  it('matches by ISBN-13 first, then ISBN-10, whatever the title says', () => {
    expect(matcher.match(query({ isbn13: '9780441172719', titleFold: 'something else' }))).toMatchObject({ kind: 'matched', via: 'isbn13', bookId: 1, editionId: 10 });
    expect(matcher.match(query({ isbn10: '0441172717' }))).toMatchObject({ kind: 'matched', via: 'isbn10', bookId: 1 });
  });

  it('matches a folded title with the author surname, naming the edition whose title it is', () => {
    expect(matcher.match(query({ titleFold: 'dune (dune #1)', author: 'Frank Herbert', authorFold: 'frank herbert' }))).toMatchObject({ kind: 'matched', via: 'title', bookId: 1, editionId: 10 });
    expect(matcher.match(query({ titleFold: 'der wustenplanet', author: 'Frank Herbert', authorFold: 'frank herbert' }))).toMatchObject({ kind: 'matched', bookId: 1, editionId: 11 });
    expect(matcher.match(query({ titleFold: 'dune world', author: 'Frank Herbert', authorFold: 'frank herbert' }))).toMatchObject({ kind: 'matched', bookId: 1 });
    expect(matcher.match(query({ titleFold: 'left hand of darkness: 50th anniversary', author: 'Ursula Le Guin', authorFold: 'ursula le guin', authorSortedFold: 'le guin, ursula k.' }))).toMatchObject({ kind: 'matched', via: 'title', bookId: 2 });
  });

  it('matches a book credited to another name of the author (pen names)', () => {
    expect(matcher.match(query({ titleFold: 'wizard of the pigeons', author: 'Robin Hobb', authorFold: 'robin hobb' }))).toMatchObject({ kind: 'matched', via: 'penName', bookId: 3 });
  });

  it('matches a misspelt title by the same author fuzzily', () => {
    expect(matcher.match(query({ titleFold: 'the left hand of darknes', author: 'Ursula K. Le Guin', authorFold: 'ursula k. le guin' }))).toMatchObject({ kind: 'matched', via: 'fuzzy', bookId: 2 });
  });

  it('asks when the author has several close titles', () => {
    const close = matcher.match(query({ titleFold: 'hyperion cantos', author: 'Dan Simmons', authorFold: 'dan simmons' }));
    expect(close.kind).toBe('uncertain');
    expect(close.candidates[0]!.bookId).toBe(4);
  });

  it('never offers a book by another author, however close its title (issue 29 point 3)', () => {
    expect(matcher.match(query({ titleFold: 'the cuckoos egg', author: 'Clifford Stoll', authorFold: 'clifford stoll', authorSortedFold: 'stoll, clifford' }))).toMatchObject({ kind: 'unmatched', candidates: [] });
    expect(matcher.match(query({ titleFold: 'the time machine', author: 'H.G. Wells', authorFold: 'h.g. wells' }))).toMatchObject({ kind: 'unmatched', candidates: [] });
    expect(matcher.match(query({ titleFold: 'foundation', author: 'Nobody Known', authorFold: 'nobody known' }))).toMatchObject({ kind: 'unmatched', candidates: [] });
    // The same surname is not the same writer: Brian Herbert's books are not offered for Frank Herbert's.
    expect(matcher.match(query({ titleFold: 'the machine crusade', author: 'Frank Herbert', authorFold: 'frank herbert' })).candidates).toEqual([]);
    // The same title by two writers: only the row's author's is taken.
    expect(matcher.match(query({ titleFold: 'foundation', author: 'Isaac Asimov', authorFold: 'isaac asimov' }))).toMatchObject({ kind: 'matched', bookId: 6 });
  });

  it('knows the author in either name order', () => {
    expect(matcher.match(query({ titleFold: 'the wandering earth', author: 'Liu Cixin', authorFold: 'liu cixin' }))).toMatchObject({ kind: 'matched', bookId: 11 });
    expect(matcher.match(query({ titleFold: 'wandering erth', author: 'Liu Cixin', authorFold: 'liu cixin' })).candidates.map((c) => c.bookId)).toEqual([11]);
  });

  it('offers at most three candidates', () => {
    const many = new ImportMatcher([1, 2, 3, 4, 5].map((id) => ({ id, authors: [author('Stanisław Lem', 'Lem, Stanisław')], editions: [{ id, titleFold: `solaris ${id}`, isbn: null, isPrimary: true }], altTitleFolds: [] })));
    expect(many.match(query({ titleFold: 'solaris', author: 'Stanisław Lem', authorFold: 'stanislaw lem' })).candidates).toHaveLength(3);
  });

  it('finds nothing for a book that is not in the catalogue', () => {
    expect(matcher.match(query({ titleFold: 'the joy of cooking', author: 'Irma Rombauer', authorFold: 'irma rombauer' }))).toMatchObject({ kind: 'unmatched', bookId: null, candidates: [] });
    expect(matcher.match(query({ titleFold: '', author: 'x', authorFold: 'x' })).kind).toBe('unmatched');
  });
});
