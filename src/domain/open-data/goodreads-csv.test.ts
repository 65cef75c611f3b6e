import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { READING_STATUSES } from '../enums.ts';
import {
  exportShelf,
  fromGoodreadsRating,
  GOODREADS_COLUMNS,
  goodreadsCsv,
  goodreadsDate,
  goodreadsRecord,
  isbnCell,
  SHELF_OF_STATUS,
  statusOfShelf,
  toGoodreadsRating,
  type ReadingHistoryRow,
} from './goodreads-csv.ts';

const row = (overrides: Partial<ReadingHistoryRow> = {}): ReadingHistoryRow => ({
  title: 'Dune',
  authors: [{ name: 'Frank Herbert', sortName: 'Herbert, Frank' }],
  isbn: '0-441-17271-7',
  rating: 5,
  averageRating: 4.25,
  publisher: 'Chilton Books',
  binding: 'hardcover',
  pages: 412,
  editionYear: 1965,
  originalYear: 1965,
  status: 'read',
  readAt: new Date('2026-03-04T10:00:00Z'),
  addedAt: new Date('2026-01-02T23:59:00Z'),
  review: 'Spice.',
  shelfPosition: 1,
  ...overrides,
});

describe('the Goodreads columns', () => {
  it('are the 24 columns of a Goodreads library export, in its order', () => {
    expect(GOODREADS_COLUMNS.join(',')).toBe(
      'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies',
    );
  });
});

describe('status and shelf', () => {
  it('maps every reading-list status to an exclusive shelf and back', () => {
    expect(SHELF_OF_STATUS).toEqual({ to_read: 'to-read', reading: 'currently-reading', read: 'read' });
    for (const status of READING_STATUSES) expect(statusOfShelf(SHELF_OF_STATUS[status])).toBe(status);
    expect(statusOfShelf(' Currently-Reading ')).toBe('reading');
  });

  it('knows no status for a custom shelf', () => {
    expect(statusOfShelf('favourites')).toBeNull();
    expect(statusOfShelf('')).toBeNull();
  });

  it('shelves a rated book that is not on the list as read, as Goodreads does', () => {
    expect(exportShelf(null, 4)).toBe('read');
    expect(exportShelf('to_read', 4)).toBe('to-read');
    expect(exportShelf(null, null)).toBe('to-read');
  });
});

describe('ratings', () => {
  it('writes 0 for unrated and the whole stars otherwise', () => {
    expect(toGoodreadsRating(null)).toBe(0);
    expect([1, 2, 3, 4, 5].map(toGoodreadsRating)).toEqual([1, 2, 3, 4, 5]);
    expect(toGoodreadsRating(6)).toBe(0);
    expect(toGoodreadsRating(2.5)).toBe(0);
  });

  it('reads a My Rating cell back, 0 and nonsense as unrated', () => {
    expect(['1', '5', ' 3 '].map(fromGoodreadsRating)).toEqual([1, 5, 3]);
    for (const cell of ['0', '', '6', '4.5', 'five', '-1']) expect(fromGoodreadsRating(cell)).toBeNull();
  });
});

describe('cells', () => {
  it('writes dates as yyyy/MM/dd in UTC', () => {
    expect(goodreadsDate(new Date('2026-01-02T23:59:00Z'))).toBe('2026/01/02');
    expect(goodreadsDate(null)).toBe('');
  });

  it('writes ISBNs in Goodreads\' ="..." form and only digits inside', () => {
    expect(isbnCell('0441172717')).toBe('="0441172717"');
    expect(isbnCell(null)).toBe('=""');
    expect(isbnCell('"),HYPERLINK("x')).toBe('=""');
  });

  it('fills a read book\'s row', () => {
    const record = goodreadsRecord(row());
    expect(record).toMatchObject({
      'Book Id': '',
      Title: 'Dune',
      Author: 'Frank Herbert',
      'Author l-f': 'Herbert, Frank',
      'Additional Authors': '',
      ISBN: '="0441172717"',
      ISBN13: '="9780441172719"',
      'My Rating': 5,
      'Average Rating': '4.25',
      Binding: 'Hardcover',
      'Number of Pages': 412,
      'Year Published': 1965,
      'Original Publication Year': 1965,
      'Date Read': '2026/03/04',
      'Date Added': '2026/01/02',
      Bookshelves: '',
      'Bookshelves with positions': '',
      'Exclusive Shelf': 'read',
      'My Review': 'Spice.',
      'Read Count': 1,
    });
  });

  it('lists a to-read book on its shelf with its position and no read date', () => {
    const record = goodreadsRecord(row({ status: 'to_read', rating: null, shelfPosition: 7, authors: [
      { name: 'Larry Niven', sortName: 'Niven, Larry' },
      { name: 'Jerry Pournelle', sortName: 'Pournelle, Jerry' },
      { name: 'Steven Barnes', sortName: 'Barnes, Steven' },
    ] }));
    expect(record).toMatchObject({
      'My Rating': 0,
      'Date Read': '',
      Bookshelves: 'to-read',
      'Bookshelves with positions': 'to-read (#7)',
      'Exclusive Shelf': 'to-read',
      'Additional Authors': 'Jerry Pournelle, Steven Barnes',
      'Read Count': 0,
    });
  });

  it('leaves "Date Read" empty for a book read on an unknown day, and the year of an edition without one (issue 29 point 12)', () => {
    expect(goodreadsRecord(row({ readAt: null }))).toMatchObject({ 'Exclusive Shelf': 'read', 'Date Read': '', 'Date Added': '2026/01/02', 'Read Count': 1 });
    expect(goodreadsRecord(row({ editionYear: null, originalYear: 1965 }))).toMatchObject({ 'Year Published': '', 'Original Publication Year': 1965 });
  });

  it('escapes formula-like text cells', () => {
    const record = goodreadsRecord(row({ title: '=cmd|"/C calc"!A0', review: '-2+3', publisher: '@evil', authors: [{ name: '+Plus', sortName: '+Plus' }] }));
    expect(record).toMatchObject({ Title: `'=cmd|"/C calc"!A0`, 'My Review': "'-2+3", Publisher: "'@evil", Author: "'+Plus", 'Author l-f': "'+Plus" });
  });
});

describe('goodreadsCsv', () => {
  it('writes the header row first, and a review with commas, quotes and line breaks round-trips through csv-parse', () => {
    const review = 'Long, "slow" start;\nthen\r\nbrilliant. Ünïcødé ✓';
    const csv = goodreadsCsv([row({ review }), row({ title: 'Solaris', status: 'reading', rating: null, review: null, isbn: null })]);
    expect(csv.split('\n')[0]).toBe(GOODREADS_COLUMNS.join(','));
    expect(csv.charCodeAt(0)).not.toBe(0xfeff);
    const records = parse(csv, { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(2);
    expect(Object.keys(records[0]!)).toEqual([...GOODREADS_COLUMNS]);
    expect(records[0]!['My Review']).toBe(review);
    expect(records[0]!.ISBN13).toBe('="9780441172719"');
    expect(records[1]).toMatchObject({ Title: 'Solaris', 'Exclusive Shelf': 'currently-reading', 'My Rating': '0', ISBN: '=""', 'My Review': '' });
  });

  it('writes only the header for a reader without books', () => {
    expect(goodreadsCsv([])).toBe(`${GOODREADS_COLUMNS.join(',')}\n`);
  });
});
