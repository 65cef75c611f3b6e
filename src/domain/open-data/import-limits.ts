/**
 * The limits of a reading-history upload (issue 16 point 1), on their own so that the import tab
 * (a browser island) can read them without the parsing and CSV code of import-file.ts, whose
 * csv-stringify does not load in a browser.
 */

/** Issue 16: at most 10 MB and 20,000 rows per file. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

/**
 * What one upload request may carry: a Netlify function takes at most 6 MB of buffered body, and a
 * binary body (multipart) arrives base64-encoded, a third larger, so 4.5 MB of file. The import tab
 * therefore sends the file gzip-compressed (a 10 MB export is ~2 MB so) and refuses, before sending,
 * a file that is still larger (ADR 0026).
 */
export const IMPORT_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;
