/**
 * Reading a reading-history file for the import (issue 16 point 1): the bytes as text (UTF-8 with or
 * without a byte-order mark, else Windows-1252), which site wrote it (Goodreads or The StoryGraph, by
 * its header row), and each CSV record as one `ImportRow`: the book's identifiers, the reader's
 * status, stars and review, normalized to our rules. Pure: the CSV parser (csv-parse, streamed) runs
 * in netlify/functions/_shared/import-file.ts and hands the records in. Cells are text and stay
 * text: a cell starting with `=`, `+`, `-` or `@` is a title or a review like any other, never a
 * formula (our own export's protective quote is taken off again, see unescapeCsvCell).
 */
import { IMPORT_SOURCES, type ImportSource, type ReadingStatus } from '../enums.ts';
import { RATING_MAX, RATING_MIN } from '../rating.ts';
import { REVIEW_MAX_LENGTH } from '../schemas/reader.ts';
import { csvField, unescapeCsvCell } from './csv-injection.ts';
import { fromGoodreadsRating, GOODREADS_COLUMNS, statusOfShelf } from './goodreads-csv.ts';
import { isbnPair } from './isbn.ts';

export { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_UPLOAD_MAX_BYTES } from './import-limits.ts';

/** Whether bytes are a gzip stream (RFC 1952's magic number): a compressed upload, unpacked before reading. */
export const isGzip = (bytes: Uint8Array): boolean => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;


/** The header row of a StoryGraph export ("Manage account" > Export), in its order. */
export const STORYGRAPH_COLUMNS = [
  'Title',
  'Authors',
  'Contributors',
  'ISBN/UID',
  'Format',
  'Read Status',
  'Date Added',
  'Last Date Read',
  'Dates Read',
  'Read Count',
  'Moods',
  'Pace',
  'Character- or Plot-Driven?',
  'Strong Character Development?',
  'Loveable Characters?',
  'Diverse Characters?',
  'Flawed Characters?',
  'Star Rating',
  'Review',
  'Content Warnings',
  'Content Warning Description',
  'Tags',
  'Owned?',
] as const;

/** The columns a file must have to be read as the site's export (the rest may be missing or extra). */
const REQUIRED: Record<ImportSource, readonly string[]> = {
  goodreads: ['Title', 'Author', 'ISBN', 'ISBN13', 'My Rating', 'Exclusive Shelf'],
  storygraph: ['Title', 'Authors', 'ISBN/UID', 'Read Status', 'Star Rating'],
};

/** Why a file cannot be imported at all, each with its message key (a 400 of the upload). */
export const IMPORT_FILE_ERROR_KEYS = {
  empty: 'api.error.importEmpty',
  notCsv: 'api.error.importNotCsv',
  unknownColumns: 'api.error.importUnknownColumns',
  tooLarge: 'api.error.importTooLarge',
  tooManyRows: 'api.error.importTooManyRows',
  malformed: 'api.error.importMalformed',
  noRows: 'api.error.importNoRows',
} as const;
export type ImportFileError = keyof typeof IMPORT_FILE_ERROR_KEYS;

export class ImportFileProblem extends Error {
  readonly reason: ImportFileError;
  readonly messageKey: string;
  readonly params: Record<string, string | number>;
  constructor(reason: ImportFileError, params: Record<string, string | number> = {}) {
    super(IMPORT_FILE_ERROR_KEYS[reason]);
    this.name = 'ImportFileProblem';
    this.reason = reason;
    this.messageKey = IMPORT_FILE_ERROR_KEYS[reason];
    this.params = params;
  }
}

export type TextEncoding = 'utf-8' | 'windows-1252';

/**
 * The file's text: UTF-8 when its bytes are valid UTF-8 (a byte-order mark is dropped), else
 * Windows-1252 (what Excel on Windows saves as "CSV"); a file with NUL bytes is no text file.
 * @example decodeImportBytes(new Uint8Array([0x4d, 0xfc, 0x6c, 0x6c])) // { text: 'Müll', encoding: 'windows-1252' }
 */
export function decodeImportBytes(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  if (bytes.byteLength === 0) throw new ImportFileProblem('empty');
  if (bytes.includes(0)) throw new ImportFileProblem('notCsv');
  try {
    // ignoreBOM false (the default) drops a leading UTF-8 byte-order mark.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/**
 * The site whose export has this header row, or null.
 * @example detectSource(['Title', 'Authors', 'ISBN/UID', 'Read Status', 'Star Rating']) // 'storygraph'
 */
export function detectSource(header: readonly string[]): ImportSource | null {
  const names = new Set(header.map((h) => h.replace(/^\uFEFF/, '').trim()));
  return IMPORT_SOURCES.find((source) => REQUIRED[source].every((column) => names.has(column))) ?? null;
}

/** The known columns of a source, for the parser's column names. */
export const COLUMNS_OF: Record<ImportSource, readonly string[]> = { goodreads: GOODREADS_COLUMNS, storygraph: STORYGRAPH_COLUMNS };

/** One book of the file, as the matcher and the import need it. */
export interface ImportRow {
  /** Line of the record in the file (the header is line 1). */
  line: number;
  title: string;
  /** The first author as written ("Ursula K. Le Guin"), and Goodreads' "Author l-f" when given. */
  author: string;
  authorSorted: string | null;
  isbn10: string | null;
  isbn13: string | null;
  status: ReadingStatus | null;
  /** Shelves that are not a reading status (Goodreads' custom shelves, StoryGraph's did-not-finish and paused). */
  customShelves: string[];
  rating: number | null;
  review: string | null;
  /** The review was longer than our limit and is not imported. */
  reviewTooLong: boolean;
  /** When the reader shelved it and last finished it (YYYY-MM-DD), where the file says. */
  addedOn: string | null;
  readOn: string | null;
}

/** Control characters our text fields refuse (schemas/text.ts), except tab and line breaks. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** A text cell: the CSV-injection quote of our own export taken off, controls dropped, trimmed. */
export function cleanCell(cell: string | undefined): string {
  return unescapeCsvCell((cell ?? '').replace(CONTROL, '').trim());
}

/**
 * An ISBN cell: Goodreads writes `="0441013597"` (a spreadsheet formula that keeps the leading zero),
 * StoryGraph the bare number or its own id ("ISBN/UID"). Anything without a valid check digit is none.
 * @example isbnOfCell('="0441013597"') // { isbn10: '0441013597', isbn13: '9780441013593' }
 */
export function isbnOfCell(cell: string | undefined): { isbn10: string | null; isbn13: string | null } {
  const raw = (cell ?? '').trim();
  const inner = /^="?([^"]*)"?$/.exec(raw)?.[1] ?? raw;
  return isbnPair(inner);
}

/**
 * StoryGraph's stars (quarter steps, 0.25-5.0) as our whole stars 1-5, rounded half up (4.5 → 5,
 * 4.25 → 4); a positive rating below 1.5 is 1 (the reader did rate it); empty or 0 is no rating.
 * @example fromStoryGraphRating('4.25') // 4
 */
export function fromStoryGraphRating(cell: string | undefined): number | null {
  const text = (cell ?? '').trim().replace(',', '.');
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || value > RATING_MAX) return null;
  return Math.min(RATING_MAX, Math.max(RATING_MIN, Math.floor(value + 0.5)));
}

/**
 * A review as we store it: Goodreads' `<br/>` line breaks as line breaks, blank as none; longer than
 * the reader API allows (5,000 characters) is not imported (flagged), as a review typed here would be refused.
 */
export function importReview(cell: string | undefined): { review: string | null; tooLong: boolean } {
  const text = cleanCell((cell ?? '').replace(/<br\s*\/?>/gi, '\n'));
  if (!/\S/u.test(text)) return { review: null, tooLong: false };
  return text.length > REVIEW_MAX_LENGTH ? { review: null, tooLong: true } : { review: text, tooLong: false };
}

/**
 * A date cell as YYYY-MM-DD, or null for anything else, an impossible date included. Goodreads and
 * StoryGraph write yyyy/MM/dd; yyyy-MM-dd, one-digit months and days and a time after the day
 * ("2024/03/04 10:12:00", as spreadsheets re-save it) are read too. A month or a year alone is no
 * date: we never invent the day (issue 29 point 12).
 * @example importDate('2024/03/04') // '2024-03-04'
 */
export function importDate(cell: string | undefined): string | null {
  const match = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?(?:\s*(?:UTC|Z|[+-]\d{2}:?\d{2}))?)?$/i.exec((cell ?? '').trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** One reading of a book in StoryGraph's "Dates Read": started and finished, each where known. */
export interface ReadingSpan {
  started: string | null;
  finished: string | null;
}

/** A date of StoryGraph's forms, found anywhere: 2024/03/04, 2024-3-4. */
const DATE_IN_TEXT = /\d{4}[/.-]\d{1,2}[/.-]\d{1,2}/g;

/**
 * StoryGraph's "Dates Read": every reading, separated by commas or semicolons, each "start-end"
 * (finished), a single date (finished that day: StoryGraph writes a read with only its end as one
 * date), "start-" (still open: not finished) or "-end". Dates that are no dates are dropped;
 * a reading with neither is no reading.
 * @example readingSpans('2022/03/05-2022/03/20, 2024/01/02-') // [{ started: '2022-03-05', finished: '2022-03-20' }, { started: '2024-01-02', finished: null }]
 */
export function readingSpans(cell: string | undefined): ReadingSpan[] {
  const spans: ReadingSpan[] = [];
  for (const part of (cell ?? '').split(/[,;]/)) {
    const text = part.trim();
    if (text === '') continue;
    const dates = [...text.matchAll(DATE_IN_TEXT)];
    if (dates.length === 0) continue;
    let span: ReadingSpan;
    if (dates.length >= 2) {
      span = { started: importDate(dates[0]![0]), finished: importDate(dates[dates.length - 1]![0]) };
    } else {
      const only = dates[0]!;
      const before = text.slice(0, only.index).trim();
      const after = text.slice(only.index! + only[0].length).trim();
      const date = importDate(only[0]);
      // "2024/01/02-" is a reading still open; "-2024/01/20" and a lone date are finished readings.
      span = /^[-–—]/.test(after) && !/[-–—]$/.test(before) ? { started: date, finished: null } : { started: null, finished: date };
    }
    if (span.started || span.finished) spans.push(span);
  }
  return spans;
}

/**
 * The day a StoryGraph reader last finished a book: the latest of "Last Date Read" and the ends of
 * "Dates Read" (issue 29 point 2: each column alone misses some readings), or null.
 * @example lastFinished('2025/01/10', '2022/03/05-2022/03/20, 2025/01/02-2025/01/10') // '2025-01-10'
 */
export function lastFinished(lastDateRead: string | undefined, datesRead: string | undefined): string | null {
  const ends = [importDate(lastDateRead), ...readingSpans(datesRead).map((s) => s.finished)].filter((d): d is string => d !== null);
  return ends.length === 0 ? null : ends.reduce((a, b) => (b > a ? b : a));
}

/** StoryGraph's read statuses: three are ours, the others are reported as shelves. */
const STORYGRAPH_STATUS: Readonly<Record<string, ReadingStatus>> = { 'to-read': 'to_read', 'currently-reading': 'reading', read: 'read' };

/** Goodreads' "Bookshelves" cell: names separated by commas; the exclusive ones are statuses, not shelves. */
function customShelvesOf(cell: string | undefined): string[] {
  return (cell ?? '')
    .split(',')
    .map((s) => cleanCell(s))
    .filter((s) => s !== '' && statusOfShelf(s) === null);
}

/** The first name of a list "A, B, C" (StoryGraph's Authors). */
const firstOf = (cell: string | undefined) => cleanCell((cell ?? '').split(',')[0]);

/**
 * One CSV record (by column name) as an ImportRow; null when it names no title (a blank or broken line).
 */
export function importRowOf(source: ImportSource, record: Readonly<Record<string, string | undefined>>, line: number): ImportRow | null {
  const title = cleanCell(record.Title);
  if (title === '') return null;
  if (source === 'goodreads') {
    const isbn = isbnOfCell(record.ISBN);
    const isbn13 = isbnOfCell(record.ISBN13);
    const shelf = cleanCell(record['Exclusive Shelf']);
    const status = statusOfShelf(shelf);
    const custom = customShelvesOf(record.Bookshelves);
    // An exclusive shelf that is not one of the three (Goodreads allows custom exclusive shelves) is reported.
    if (!status && shelf !== '' && !custom.includes(shelf)) custom.unshift(shelf);
    const { review, tooLong } = importReview(record['My Review']);
    return {
      line,
      title,
      author: cleanCell(record.Author),
      authorSorted: cleanCell(record['Author l-f']) || null,
      isbn10: isbn.isbn10 ?? isbn13.isbn10,
      isbn13: isbn13.isbn13 ?? isbn.isbn13,
      status,
      customShelves: custom,
      rating: fromGoodreadsRating(cleanCell(record['My Rating'])),
      review,
      reviewTooLong: tooLong,
      addedOn: importDate(record['Date Added']),
      readOn: importDate(record['Date Read']),
    };
  }
  const isbn = isbnOfCell(record['ISBN/UID']);
  const readStatus = cleanCell(record['Read Status']).toLowerCase();
  const status = STORYGRAPH_STATUS[readStatus] ?? null;
  const tags = (record.Tags ?? '').split(',').map((s) => cleanCell(s)).filter(Boolean);
  const { review, tooLong } = importReview(record.Review);
  return {
    line,
    title,
    author: firstOf(record.Authors),
    authorSorted: null,
    isbn10: isbn.isbn10,
    isbn13: isbn.isbn13,
    status,
    customShelves: [...(status || readStatus === '' ? [] : [readStatus]), ...tags],
    rating: fromStoryGraphRating(record['Star Rating']),
    review,
    reviewTooLong: tooLong,
    addedOn: importDate(record['Date Added']),
    // Only a finished reading dates the book as read; an open one ("2024/01/02-") does not.
    readOn: lastFinished(record['Last Date Read'], record['Dates Read']),
  };
}

/** The header row of the "not in the catalogue" download. */
export const UNMATCHED_COLUMNS = ['Line', 'Title', 'Author', 'ISBN'] as const;

/**
 * The rows no catalogue book matched, as CSV for the reader to keep (RFC 4180, CRLF), every text cell
 * escaped against CSV injection (csvField): a title such as `=HYPERLINK(...)` stays text.
 * @example unmatchedCsv([{ line: 2, title: '=1+1', author: 'A', isbn: null }]) // "Line,Title,Author,ISBN\r\n2,'=1+1,A,\r\n"
 */
export function unmatchedCsv(rows: readonly { line: number; title: string; author: string; isbn: string | null }[]): string {
  const lines = [UNMATCHED_COLUMNS.join(','), ...rows.map((r) => [String(r.line), csvField(r.title), csvField(r.author), csvField(r.isbn ?? '')].join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
