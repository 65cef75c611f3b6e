/**
 * The Goodreads library export layout (issue 16 points 1 and 2): the columns in Goodreads' order,
 * the reading-list status <-> exclusive shelf and rating mappings, and one reader's rows as a CSV
 * file that other sites' Goodreads importers (The StoryGraph, BookWyrm, Hardcover, ...) accept.
 * Pure: the export endpoint passes the rows in; the importer (point 1) reuses the column names and
 * the reverse mappings. Choices are explained in docs/decisions/0016-feeds-and-goodreads-export.md.
 */
import { stringify } from 'csv-stringify/sync';
import type { BindingType, ReadingStatus } from '../enums.ts';
import { RATING_MAX, RATING_MIN } from '../rating.ts';
import { escapeCsvCell } from './csv-injection.ts';
import { isbnPair } from './isbn.ts';

/** The header row of a Goodreads library export ("My Books" > Import and export), in its order. */
export const GOODREADS_COLUMNS = [
  'Book Id',
  'Title',
  'Author',
  'Author l-f',
  'Additional Authors',
  'ISBN',
  'ISBN13',
  'My Rating',
  'Average Rating',
  'Publisher',
  'Binding',
  'Number of Pages',
  'Year Published',
  'Original Publication Year',
  'Date Read',
  'Date Added',
  'Bookshelves',
  'Bookshelves with positions',
  'Exclusive Shelf',
  'My Review',
  'Spoiler',
  'Private Notes',
  'Read Count',
  'Owned Copies',
] as const;
export type GoodreadsColumn = (typeof GOODREADS_COLUMNS)[number];

/** Goodreads' three exclusive shelves: every book is on exactly one. */
export const GOODREADS_SHELVES = ['to-read', 'currently-reading', 'read'] as const;
export type GoodreadsShelf = (typeof GOODREADS_SHELVES)[number];

/** Our reading-list status (spec §3) as Goodreads' exclusive shelf. */
export const SHELF_OF_STATUS: Readonly<Record<ReadingStatus, GoodreadsShelf>> = {
  to_read: 'to-read',
  reading: 'currently-reading',
  read: 'read',
};

/**
 * The reading-list status of an exclusive shelf; null for a custom shelf (the importer reports those).
 * @example statusOfShelf('currently-reading') // 'reading'
 */
export function statusOfShelf(shelf: string): ReadingStatus | null {
  const name = shelf.trim().toLowerCase();
  const entry = Object.entries(SHELF_OF_STATUS).find(([, value]) => value === name);
  return entry ? (entry[0] as ReadingStatus) : null;
}

/**
 * The shelf of a book in the export. A book rated but not on the reading list counts as read:
 * on Goodreads, rating a book shelves it as read.
 */
export function exportShelf(status: ReadingStatus | null, rating: number | null): GoodreadsShelf {
  if (status) return SHELF_OF_STATUS[status];
  return rating !== null ? 'read' : 'to-read';
}

/**
 * "My Rating": our whole stars 1-5; Goodreads writes 0 for "not rated".
 * @example toGoodreadsRating(null) // 0
 */
export function toGoodreadsRating(rating: number | null): number {
  if (rating === null || !Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX) return 0;
  return rating;
}

/**
 * A "My Rating" cell as our rating: 1-5 whole stars, null for 0, empty or anything else.
 * @example fromGoodreadsRating('4') // 4
 */
export function fromGoodreadsRating(cell: string): number | null {
  const value = Number(cell.trim());
  return cell.trim() !== '' && Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX ? value : null;
}

/** Goodreads' names of bindings ("Binding" column). */
export const GOODREADS_BINDINGS: Readonly<Record<BindingType, string>> = {
  hardcover: 'Hardcover',
  paperback: 'Paperback',
  broschiert: 'Paperback',
  mass_market: 'Mass Market Paperback',
  ebook: 'ebook',
  audiobook: 'Audiobook',
};

/**
 * Goodreads' date form, yyyy/MM/dd (UTC), or empty.
 * @example goodreadsDate(new Date('2026-03-04T10:00:00Z')) // '2026/03/04'
 */
export function goodreadsDate(date: Date | null): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  return date.toISOString().slice(0, 10).replaceAll('-', '/');
}

/**
 * An ISBN cell as Goodreads writes it: `="0441172717"` (a spreadsheet keeps the leading zero and
 * all thirteen digits), `=""` without one. The formula is a constant string of digits (and X)
 * checked here, so it cannot carry an injection; everything else is escaped by escapeCsvCell.
 */
export function isbnCell(isbn: string | null): string {
  return `="${isbn && /^[\dX]{10}$|^\d{13}$/.test(isbn) ? isbn : ''}"`;
}

/** One book of a reader's history, as the export query reads it. */
export interface ReadingHistoryRow {
  title: string;
  /** Authors in credit order: display name and sort name ("Herbert, Frank"). */
  authors: { name: string; sortName: string }[];
  isbn: string | null;
  rating: number | null;
  averageRating: number | null;
  publisher: string | null;
  binding: BindingType | null;
  pages: number | null;
  editionYear: number | null;
  originalYear: number | null;
  status: ReadingStatus | null;
  /** The day the reader finished it, where known (reading_list.read_on); never the date added. */
  readAt: Date | null;
  addedAt: Date;
  review: string | null;
  /** 1-based place on its shelf by date added ("to-read (#3)"). */
  shelfPosition: number;
}

type Cell = string | number;

/** One row of the export, by column; text cells escaped against CSV injection. */
export function goodreadsRecord(row: ReadingHistoryRow): Record<GoodreadsColumn, Cell> {
  const text = (value: string | null | undefined) => escapeCsvCell(value ?? '');
  const count = (value: number | null) => (value === null ? '' : value);
  const shelf = exportShelf(row.status, row.rating);
  const [first, ...others] = row.authors;
  const { isbn10, isbn13 } = isbnPair(row.isbn);
  // Goodreads lists the exclusive shelf in "Bookshelves" for to-read and currently-reading only.
  const listed = shelf === 'read' ? '' : shelf;
  return {
    // Goodreads' own id: we have none, and our numeric ids are real Goodreads ids of other books, which
    // importers (StoryGraph, Hardcover, BookWyrm) look up first: empty, they match by ISBN, then title
    // and author (ADR 0016, issue 29 point 12).
    'Book Id': '',
    Title: text(row.title),
    Author: text(first?.name),
    'Author l-f': text(first?.sortName),
    'Additional Authors': text(others.map((a) => a.name).join(', ')),
    ISBN: isbnCell(isbn10),
    ISBN13: isbnCell(isbn13),
    'My Rating': toGoodreadsRating(row.rating),
    'Average Rating': row.averageRating === null ? '' : row.averageRating.toFixed(2),
    Publisher: text(row.publisher),
    Binding: row.binding ? GOODREADS_BINDINGS[row.binding] : '',
    'Number of Pages': count(row.pages),
    // The edition's own year, or none: the first publication's year is the next column (issue 29 point 12).
    'Year Published': count(row.editionYear),
    'Original Publication Year': count(row.originalYear),
    'Date Read': shelf === 'read' ? goodreadsDate(row.readAt) : '',
    'Date Added': goodreadsDate(row.addedAt),
    Bookshelves: listed,
    'Bookshelves with positions': listed && `${listed} (#${row.shelfPosition})`,
    'Exclusive Shelf': shelf,
    'My Review': text(row.review),
    Spoiler: '',
    'Private Notes': '',
    'Read Count': shelf === 'read' ? 1 : 0,
    'Owned Copies': 0,
  };
}

/**
 * A reader's history as a Goodreads library export: the header row, then one row per book, fields
 * quoted where they hold a comma, a quote or a line break (RFC 4180, as csv-stringify writes them),
 * UTF-8 without a byte-order mark (Goodreads writes none, and some importers then miss "Book Id").
 */
export function goodreadsCsv(rows: readonly ReadingHistoryRow[]): string {
  return stringify(rows.map(goodreadsRecord), { header: true, columns: [...GOODREADS_COLUMNS] });
}
