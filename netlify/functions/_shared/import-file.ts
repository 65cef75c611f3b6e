/**
 * An uploaded reading-history file as rows (issue 16 point 1): the multipart body read with a hard
 * byte limit (form-data.ts), the bytes decoded (UTF-8 with or without BOM, else Windows-1252), and
 * the text parsed by csv-parse as a stream, record by record, stopping at the row limit: at no point
 * is more than the file and its rows held. Every refusal is an ApiError 400 with its message key
 * (never a 500): empty, no text, unknown columns, too large, too many rows, broken quoting.
 */
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { CsvError, parse } from 'csv-parse';
import { ApiError } from '../../../src/domain/envelope.ts';
import {
  decodeImportBytes,
  detectSource,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  ImportFileProblem,
  importRowOf,
  isGzip,
  type ImportRow,
  type TextEncoding,
} from '../../../src/domain/open-data/import-file.ts';
import type { ImportSource } from '../../../src/domain/enums.ts';
import { readFormData } from './form-data.ts';

/** The whole multipart body may carry the file and a little more (boundaries, headers of the part). */
const MAX_BODY_BYTES = IMPORT_MAX_BYTES + 64 * 1024;
const TEXT_CHUNK = 64 * 1024;

export interface ParsedImportFile {
  source: ImportSource;
  fileName: string;
  encoding: TextEncoding;
  rows: ImportRow[];
  /** Records that named no title (blank or broken lines). */
  invalidRows: number;
}

const refuse = (problem: ImportFileProblem) => new ApiError('VALIDATION', problem.messageKey, undefined, undefined, { params: problem.params });

/** Reads the request's one `file` part and parses it; any refusal is a 400. */
export async function readImportUpload(req: Request): Promise<ParsedImportFile> {
  const form = await readFormData(req, MAX_BODY_BYTES, new ApiError('VALIDATION', 'api.error.importTooLarge'));
  const files = form.getAll('file');
  const file = files[0];
  if (files.length !== 1 || typeof file === 'string' || file === undefined) throw new ApiError('VALIDATION', 'api.error.importMissing');
  for (const [name] of form) if (name !== 'file') throw new ApiError('VALIDATION', 'api.error.validation', [{ path: name, key: 'validation.formField' }]);
  if (file.size > IMPORT_MAX_BYTES) throw refuse(new ImportFileProblem('tooLarge'));
  const fileName = (file.name || 'import.csv').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
  try {
    return { fileName, ...(await parseImportFile(unpacked(new Uint8Array(await file.arrayBuffer())))) };
  } catch (error) {
    if (error instanceof ImportFileProblem) throw refuse(error);
    throw error;
  }
}

/**
 * The file as sent, or unpacked when the import tab sent it gzip-compressed (IMPORT_UPLOAD_MAX_BYTES):
 * never more than IMPORT_MAX_BYTES unpacked (a compression bomb stops there), a broken stream is no CSV.
 */
export function unpacked(bytes: Uint8Array): Uint8Array {
  if (!isGzip(bytes)) return bytes;
  try {
    return gunzipSync(bytes, { maxOutputLength: IMPORT_MAX_BYTES });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ImportFileProblem('tooLarge');
    throw new ImportFileProblem('notCsv');
  }
}

/** The file's rows: decoded, its source recognized by the header, each record normalized. */
export async function parseImportFile(bytes: Uint8Array): Promise<Omit<ParsedImportFile, 'fileName'>> {
  const { text, encoding } = decodeImportBytes(bytes);
  let source: ImportSource | null = null;
  const parser = parse({
    bom: true,
    columns: (header: string[]) => {
      source = detectSource(header);
      if (!source) throw new ImportFileProblem('unknownColumns');
      return header.map((h) => h.trim());
    },
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    max_record_size: 1024 * 1024,
  });
  const chunks = function* () {
    for (let at = 0; at < text.length; at += TEXT_CHUNK) yield text.slice(at, at + TEXT_CHUNK);
  };
  const input = Readable.from(chunks());
  input.pipe(parser);
  const rows: ImportRow[] = [];
  let invalidRows = 0;
  let records = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      if (++records > IMPORT_MAX_ROWS) throw new ImportFileProblem('tooManyRows', { max: IMPORT_MAX_ROWS });
      const row = importRowOf(source!, record, info.lines);
      if (row) rows.push(row);
      else invalidRows++;
    }
  } catch (error) {
    if (error instanceof ImportFileProblem) throw error;
    // A columns callback's throw arrives wrapped by the parser.
    if (error instanceof CsvError && (error as CsvError & { cause?: unknown }).cause instanceof ImportFileProblem) throw (error as CsvError & { cause: ImportFileProblem }).cause;
    if (error instanceof CsvError) {
      if (source === null) throw new ImportFileProblem('unknownColumns');
      throw new ImportFileProblem('malformed', { line: Number((error as CsvError & { lines?: number }).lines ?? records + 1) });
    }
    throw error;
  } finally {
    input.destroy();
    parser.destroy();
  }
  if (source === null) throw new ImportFileProblem(text.trim() === '' ? 'empty' : 'unknownColumns');
  if (rows.length === 0) throw new ImportFileProblem('noRows');
  return { source, encoding, rows, invalidRows };
}
