/**
 * ISBN forms (issue 16: the Goodreads export writes both, the importer will match by them): an
 * edition's ISBN as typed (hyphens, spaces, a lower-case x) is normalized and checked by its check
 * digit; ISBN-10 and ISBN-13 (978 prefix) are converted into each other.
 */

export interface IsbnPair {
  isbn10: string | null;
  isbn13: string | null;
}

const digits = (text: string) => [...text].map((c) => (c === 'X' ? 10 : Number(c)));

/** Whether ten characters (digits, X last) carry a valid ISBN-10 check digit. */
export function isValidIsbn10(isbn: string): boolean {
  if (!/^\d{9}[\dX]$/.test(isbn)) return false;
  return digits(isbn).reduce((sum, d, i) => sum + d * (10 - i), 0) % 11 === 0;
}

/** Whether thirteen digits carry a valid ISBN-13 (EAN-13) check digit. */
export function isValidIsbn13(isbn: string): boolean {
  if (!/^\d{13}$/.test(isbn)) return false;
  return digits(isbn).reduce((sum, d, i) => sum + d * (i % 2 === 0 ? 1 : 3), 0) % 10 === 0;
}

function isbn13Of(isbn10: string): string {
  const body = `978${isbn10.slice(0, 9)}`;
  const sum = digits(body).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

function isbn10Of(isbn13: string): string | null {
  if (!isbn13.startsWith('978')) return null; // 979 numbers have no ISBN-10
  const body = isbn13.slice(3, 12);
  const check = (11 - (digits(body).reduce((s, d, i) => s + d * (10 - i), 0) % 11)) % 11;
  return `${body}${check === 10 ? 'X' : check}`;
}

/**
 * Both forms of an ISBN as typed, or nulls when it is no valid ISBN.
 * @example isbnPair('0-441-17271-7') // { isbn10: '0441172717', isbn13: '9780441172719' }
 */
export function isbnPair(raw: string | null | undefined): IsbnPair {
  const isbn = (raw ?? '').replace(/[\s-]/g, '').toUpperCase();
  if (isValidIsbn13(isbn)) return { isbn10: isbn10Of(isbn), isbn13: isbn };
  if (isValidIsbn10(isbn)) return { isbn10: isbn, isbn13: isbn13Of(isbn) };
  return { isbn10: null, isbn13: null };
}
