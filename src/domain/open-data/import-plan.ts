/**
 * What confirming an import writes (issue 16 point 1), decided per book before anything is written:
 * - rows of one book (two editions on Goodreads, a book listed twice) become one: the furthest
 *   status (read, then currently reading, then to-read), the first rating and the first review in
 *   file order; the others count as duplicates;
 * - what the reader already has is kept unless they chose to overwrite: a list status, stars or a
 *   review text that differs from the file's stays as it is; what they do not have yet is added
 *   (a review joins their existing stars);
 * - a review needs stars (spec §3: a rating with an optional review): a review without either is
 *   not imported and reported;
 * - the same file a second time finds everything equal and writes nothing (every book "skipped").
 * Pure: the caller reads the reader's current entries and writes the outcome in one transaction.
 */
import type { ReadingStatus } from '../enums.ts';

/** Statuses by how far the reader got: a book read and also shelved to-read counts as read. */
export const STATUS_PROGRESS: readonly ReadingStatus[] = ['to_read', 'reading', 'read'];

export interface IncomingRow {
  line: number;
  bookId: number;
  status: ReadingStatus | null;
  rating: number | null;
  review: string | null;
  /** When it was shelved and last read (YYYY-MM-DD), as the file says. */
  addedOn: string | null;
  readOn: string | null;
}

/** A book's rows merged: addedOn is the earliest date added and readOn the latest date read of its rows. */
export interface IncomingBook extends Omit<IncomingRow, 'line'> {
  /** Lines of the file that named this book, in file order. */
  lines: number[];
}

/**
 * The file's rows as one entry per book, in the order of each book's first row.
 * @example mergeRows([{ line: 2, bookId: 1, status: 'to_read', ... }, { line: 3, bookId: 1, status: 'read', ... }]) // one book, read
 */
export function mergeRows(rows: readonly IncomingRow[]): IncomingBook[] {
  const books = new Map<number, IncomingBook>();
  for (const row of rows) {
    const seen = books.get(row.bookId);
    if (!seen) {
      books.set(row.bookId, { bookId: row.bookId, status: row.status, rating: row.rating, review: row.review, addedOn: row.addedOn, readOn: row.readOn, lines: [row.line] });
      continue;
    }
    seen.lines.push(row.line);
    if (row.addedOn && (!seen.addedOn || row.addedOn < seen.addedOn)) seen.addedOn = row.addedOn;
    if (row.readOn && (!seen.readOn || row.readOn > seen.readOn)) seen.readOn = row.readOn;
    if (row.status && (!seen.status || STATUS_PROGRESS.indexOf(row.status) > STATUS_PROGRESS.indexOf(seen.status))) seen.status = row.status;
    seen.rating ??= row.rating;
    seen.review ??= row.review;
  }
  return [...books.values()];
}

/** What the reader has of a book now. */
export interface ExistingEntry {
  status: ReadingStatus | null;
  rating: number | null;
  review: string | null;
}

export type BookOutcome = 'added' | 'updated' | 'skipped';

export interface BookPlan {
  bookId: number;
  /** The list status to write (insert or update), or null to leave the list alone. */
  status: ReadingStatus | null;
  /**
   * The list entry's dates when it is written (reading stats count a book read in the month of its
   * entry's last change, spec "reading stats"): added when shelved, changed when finished (read) or
   * shelved; null where the file has no date (the time of the import then).
   */
  addedOn: string | null;
  changedOn: string | null;
  /** The day the reader finished the book, when the status written is read and the file dates it (else null: never the date added, issue 29 point 12). */
  readOn: string | null;
  /** The rating row to write (insert or update) with its review, or null to leave it alone. */
  rating: { rating: number; review: string | null } | null;
  outcome: BookOutcome;
  /** A review in the file that is not imported because there are no stars to go with it. */
  reviewWithoutRating: boolean;
}

/**
 * The writes for one book.
 * @example planBook({ bookId: 1, status: 'read', rating: 4, review: null, lines: [2] }, undefined, false) // added: read, 4 stars
 */
export function planBook(incoming: IncomingBook, existing: ExistingEntry | undefined, overwrite: boolean): BookPlan {
  const has = existing ?? { status: null, rating: null, review: null };
  let status: ReadingStatus | null = null;
  if (incoming.status && incoming.status !== has.status && (has.status === null || overwrite)) status = incoming.status;

  let rating: BookPlan['rating'] = null;
  const stars = has.rating === null || overwrite ? (incoming.rating ?? has.rating) : has.rating;
  const review = incoming.review !== null && (has.review === null || overwrite) ? incoming.review : has.review;
  if (stars !== null && (stars !== has.rating || review !== has.review)) rating = { rating: stars, review };
  const reviewWithoutRating = incoming.review !== null && stars === null;

  const wrote = status !== null || rating !== null;
  const hadAny = has.status !== null || has.rating !== null;
  const changedOn = status === 'read' ? (incoming.readOn ?? incoming.addedOn) : incoming.addedOn;
  const readOn = status === 'read' ? incoming.readOn : null;
  return { bookId: incoming.bookId, status, addedOn: incoming.addedOn, changedOn, readOn, rating, outcome: !wrote ? 'skipped' : hadAny ? 'updated' : 'added', reviewWithoutRating };
}

/** The counts the reader sees at the end (issue 16: added, updated, skipped, unmatched, custom shelves). */
export interface ImportCounts {
  added: number;
  updated: number;
  skipped: number;
  unmatched: number;
  duplicates: number;
  reviewsNotImported: number;
  customShelves: { name: string; count: number }[];
}

/**
 * Custom shelves and how many of the file's rows are on each, most used first, then by name.
 * @example countShelves([['favourites'], ['favourites', 'dnf']]) // [{ name: 'favourites', count: 2 }, { name: 'dnf', count: 1 }]
 */
export function countShelves(shelvesPerRow: readonly (readonly string[])[]): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const shelves of shelvesPerRow) for (const name of new Set(shelves)) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}
