import { describe, expect, it } from 'vitest';
import { decodeImportBytes, detectSource, fromStoryGraphRating, ImportFileProblem, importDate, importReview, importRowOf, isbnOfCell, lastFinished, readingSpans, STORYGRAPH_COLUMNS, unmatchedCsv } from './import-file.ts';
import { GOODREADS_COLUMNS } from './goodreads-csv.ts';

describe('decodeImportBytes', () => {
  it('reads UTF-8 with and without a byte-order mark', () => {
    const text = 'Title\nDer Wüstenplanet';
    const bytes = new TextEncoder().encode(text);
    expect(decodeImportBytes(bytes)).toEqual({ text, encoding: 'utf-8' });
    expect(decodeImportBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]))).toEqual({ text, encoding: 'utf-8' });
  });

  it('falls back to Windows-1252 when the bytes are no valid UTF-8', () => {
    // "Müller – Œuvre" in Windows-1252: ü = FC, en dash = 96, Œ = 8C.
    expect(decodeImportBytes(new Uint8Array([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x20, 0x96, 0x20, 0x8c, 0x75, 0x76, 0x72, 0x65]))).toEqual({ text: 'Müller – Œuvre', encoding: 'windows-1252' });
  });

  it('refuses an empty file and one with NUL bytes', () => {
    expect(() => decodeImportBytes(new Uint8Array())).toThrow(ImportFileProblem);
    expect(() => decodeImportBytes(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00]))).toThrowError(expect.objectContaining({ reason: 'notCsv' }));
  });
});

describe('detectSource', () => {
  it('knows Goodreads and StoryGraph exports by their header rows', () => {
    expect(detectSource(GOODREADS_COLUMNS)).toBe('goodreads');
    expect(detectSource(STORYGRAPH_COLUMNS)).toBe('storygraph');
    expect(detectSource(['\uFEFFTitle', ...STORYGRAPH_COLUMNS.slice(1)])).toBe('storygraph');
    expect(detectSource(['name', 'email'])).toBeNull();
  });
});

describe('ISBN cells', () => {
  it("reads Goodreads' formula form, bare numbers and empty cells", () => {
    expect(isbnOfCell('="0441013597"')).toEqual({ isbn10: '0441013597', isbn13: '9780441013593' });
    expect(isbnOfCell('9780441013593')).toEqual({ isbn10: '0441013597', isbn13: '9780441013593' });
    expect(isbnOfCell('=""')).toEqual({ isbn10: null, isbn13: null });
    expect(isbnOfCell('=1+2')).toEqual({ isbn10: null, isbn13: null });
    expect(isbnOfCell('e4a6c0d1-uid')).toEqual({ isbn10: null, isbn13: null });
  });
});

describe('fromStoryGraphRating', () => {
  it('rounds quarter stars half up to whole stars 1-5', () => {
    expect(fromStoryGraphRating('4.25')).toBe(4);
    expect(fromStoryGraphRating('4.5')).toBe(5);
    expect(fromStoryGraphRating('3.75')).toBe(4);
    expect(fromStoryGraphRating('2.49')).toBe(2);
    expect(fromStoryGraphRating('5.0')).toBe(5);
    expect(fromStoryGraphRating('0.25')).toBe(1);
    expect(fromStoryGraphRating('3,5')).toBe(4);
  });

  it('reads 0, empty and nonsense as no rating', () => {
    for (const cell of ['0', '', ' ', 'five', '6', '-1', undefined]) expect(fromStoryGraphRating(cell)).toBeNull();
  });
});

describe('importReview', () => {
  it("turns Goodreads' <br/> into line breaks and drops control characters", () => {
    expect(importReview('Great<br/><br />book\u0007')).toEqual({ review: 'Great\n\nbook', tooLong: false });
  });
  it('reads blank as no review and refuses one over 5,000 characters', () => {
    expect(importReview('  <br/> ')).toEqual({ review: null, tooLong: false });
    expect(importReview('x'.repeat(5001))).toEqual({ review: null, tooLong: true });
    expect(importReview('x'.repeat(5000)).review).toHaveLength(5000);
  });
});

describe('importRowOf', () => {
  it('reads a Goodreads row: ISBNs, status, custom shelves, stars and review', () => {
    const row = importRowOf(
      'goodreads',
      { Title: 'Dune (Dune #1)', Author: 'Frank Herbert', 'Author l-f': 'Herbert, Frank', ISBN: '=""', ISBN13: '="9780441013593"', 'My Rating': '5', 'Exclusive Shelf': 'read', Bookshelves: 'favourites, sci-fi', 'My Review': 'Spice.', 'Date Read': '2024/03/04', 'Date Added': '2024/01/02' },
      2,
    );
    expect(row).toEqual({
      line: 2,
      title: 'Dune (Dune #1)',
      author: 'Frank Herbert',
      authorSorted: 'Herbert, Frank',
      isbn10: '0441013597',
      isbn13: '9780441013593',
      status: 'read',
      customShelves: ['favourites', 'sci-fi'],
      rating: 5,
      review: 'Spice.',
      reviewTooLong: false,
      addedOn: '2024-01-02',
      readOn: '2024-03-04',
    });
  });

  it('keeps formula-like cells as plain text, removing only our own export\'s protective quote', () => {
    const row = importRowOf('goodreads', { Title: '=HYPERLINK("http://evil.example")', Author: '@author', 'My Review': "'-1+2 was my first thought", 'My Rating': '0', 'Exclusive Shelf': 'to-read' }, 3)!;
    expect(row.title).toBe('=HYPERLINK("http://evil.example")');
    expect(row.author).toBe('@author');
    expect(row.review).toBe('-1+2 was my first thought');
    expect(row.rating).toBeNull();
    expect(row.status).toBe('to_read');
  });

  it('reports a custom exclusive shelf and leaves the status empty', () => {
    const row = importRowOf('goodreads', { Title: 'X', 'Exclusive Shelf': 'abandoned', 'My Rating': '2' }, 4)!;
    expect(row.status).toBeNull();
    expect(row.customShelves).toEqual(['abandoned']);
  });

  it('reads a StoryGraph row: first author, quarter stars, did-not-finish as a shelf', () => {
    const row = importRowOf('storygraph', { Title: 'Hyperion', Authors: 'Dan Simmons, Someone Else', 'ISBN/UID': '9780553283686', 'Read Status': 'did-not-finish', 'Star Rating': '3.5', Review: '', Tags: 'space, pilgrims' }, 5)!;
    expect(row).toMatchObject({ author: 'Dan Simmons', isbn13: '9780553283686', status: null, customShelves: ['did-not-finish', 'space', 'pilgrims'], rating: 4, review: null });
    expect(importRowOf('storygraph', { Title: 'Hyperion', 'Read Status': 'currently-reading' }, 6)!.status).toBe('reading');
  });

  it('dates a StoryGraph row by its Date Added and its last finished reading (issue 29 point 2)', () => {
    const base = { Title: 'The Three-Body Problem', Authors: 'Cixin Liu', 'Read Status': 'read', 'Star Rating': '4.0' };
    const twice = importRowOf('storygraph', { ...base, 'Date Added': '2021/12/30', 'Last Date Read': '2025/01/10', 'Dates Read': '2022/03/05-2022/03/20, 2025/01/02-2025/01/10' }, 2)!;
    expect(twice).toMatchObject({ addedOn: '2021-12-30', readOn: '2025-01-10' });
    // Only "Dates Read": its end; only "Last Date Read": that day.
    expect(importRowOf('storygraph', { ...base, 'Dates Read': '2022/03/05-2022/03/20' }, 3)).toMatchObject({ addedOn: null, readOn: '2022-03-20' });
    expect(importRowOf('storygraph', { ...base, 'Last Date Read': '2022/11/02' }, 4)).toMatchObject({ readOn: '2022-11-02' });
    // A reading still open is no finished date.
    expect(importRowOf('storygraph', { ...base, 'Read Status': 'currently-reading', 'Date Added': '2024/12/01', 'Dates Read': '2025/01/02-' }, 5)).toMatchObject({ status: 'reading', addedOn: '2024-12-01', readOn: null });
    expect(importRowOf('storygraph', { ...base }, 6)).toMatchObject({ addedOn: null, readOn: null });
  });

  it('gives null for a record without a title', () => {
    expect(importRowOf('goodreads', { Title: '  ', Author: 'Nobody' }, 7)).toBeNull();
  });
});

describe('importDate', () => {
  it("reads the sites' date forms, with a time after the day", () => {
    expect(importDate('2024/03/04')).toBe('2024-03-04');
    expect(importDate('2024-3-4')).toBe('2024-03-04');
    expect(importDate(' 2022/03/05 ')).toBe('2022-03-05');
    expect(importDate('2024/03/04 10:12:00')).toBe('2024-03-04');
    expect(importDate('2024-03-04T10:12:00Z')).toBe('2024-03-04');
  });
  it('gives null for empty, impossible, partial or other dates: the day is never invented', () => {
    for (const cell of ['', undefined, '2024/02/30', '04/03/2024', 'soon', '1066/10/14', '2022/03', '2022', '2024/05/20-2024/06/01']) expect(importDate(cell)).toBeNull();
  });
});

describe('readingSpans', () => {
  it('reads every reading of StoryGraph\'s "Dates Read"', () => {
    expect(readingSpans('2022/03/05-2022/03/20')).toEqual([{ started: '2022-03-05', finished: '2022-03-20' }]);
    expect(readingSpans('2025/01/10')).toEqual([{ started: null, finished: '2025-01-10' }]);
    expect(readingSpans('2022/03/05-2022/03/20, 2024/01/02-2024/02/01')).toEqual([
      { started: '2022-03-05', finished: '2022-03-20' },
      { started: '2024-01-02', finished: '2024-02-01' },
    ]);
    expect(readingSpans('2024/01/02-')).toEqual([{ started: '2024-01-02', finished: null }]);
    expect(readingSpans('-2024/01/20')).toEqual([{ started: null, finished: '2024-01-20' }]);
    expect(readingSpans('2023/7/1 - 2023/7/9; 2025-01-02–2025-01-05')).toEqual([
      { started: '2023-07-01', finished: '2023-07-09' },
      { started: '2025-01-02', finished: '2025-01-05' },
    ]);
  });
  it('drops what is no date', () => {
    expect(readingSpans('')).toEqual([]);
    expect(readingSpans(undefined)).toEqual([]);
    expect(readingSpans('2022/02/30, soon')).toEqual([]);
  });
});

describe('lastFinished', () => {
  it('is the latest finished day of both columns', () => {
    expect(lastFinished('2025/01/10', '2022/03/05-2022/03/20, 2025/01/02-2025/01/10')).toBe('2025-01-10');
    expect(lastFinished('', '2022/03/05-2022/03/20, 2024/01/02-')).toBe('2022-03-20');
    expect(lastFinished('2021/06/01', '2022/03/05-2022/03/20')).toBe('2022-03-20');
    expect(lastFinished('', '2024/01/02-')).toBeNull();
    expect(lastFinished(undefined, undefined)).toBeNull();
  });
});

describe('unmatchedCsv', () => {
  it('escapes formula-like cells and quotes commas', () => {
    expect(unmatchedCsv([{ line: 2, title: '=1+1', author: 'Doe, Jane', isbn: null }])).toBe(`Line,Title,Author,ISBN\r\n2,'=1+1,"Doe, Jane",\r\n`);
  });
});
