/**
 * CSV injection (formula injection) guard of the reading-history export (issue 16 point 2), after
 * OWASP's "CSV Injection" advice: a cell a spreadsheet would read as a formula, because it starts
 * with `=`, `+`, `-`, `@`, a tab or a carriage return, gets a single quote in front, so Excel,
 * LibreOffice and Google Sheets show it as text. The full-width forms (＝ ＋ － ＠) are included:
 * some spreadsheet locales read them as formula signs too. Quoting of commas, quotes and line
 * breaks is the CSV writer's job (csv-stringify), not this one's.
 */

/** The first characters that make a spreadsheet evaluate a cell. */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠'] as const;

const TRIGGERS: ReadonlySet<string> = new Set(FORMULA_TRIGGERS);

/** Whether a spreadsheet would treat the cell as a formula. */
export const startsLikeFormula = (cell: string): boolean => cell.length > 0 && TRIGGERS.has(cell[0]!);

/**
 * The cell as a spreadsheet shows it as text: a formula-like cell with a leading single quote.
 * @example escapeCsvCell('=HYPERLINK("http://evil")') // "'=HYPERLINK(\"http://evil\")"
 * @example escapeCsvCell('Dune') // 'Dune'
 */
export function escapeCsvCell(cell: string): string {
  return startsLikeFormula(cell) ? `'${cell}` : cell;
}

/**
 * The text an escaped cell stood for (for an importer reading our own export back): a single quote
 * followed by a formula sign is removed; any other leading quote is the reader's own text.
 * @example unescapeCsvCell("'-- not a formula") // '-- not a formula'
 */
export function unescapeCsvCell(cell: string): string {
  return cell.startsWith("'") && startsLikeFormula(cell.slice(1)) ? cell.slice(1) : cell;
}

/**
 * One field of a CSV file we write by hand (RFC 4180): escaped against formulas, then quoted when it
 * holds a quote, comma or line break. The subscriber and dashboard exports use it; the reading-history
 * export leaves the quoting to csv-stringify.
 * @example csvField('=1+1, "x"') // "\"'=1+1, \"\"x\"\"\""
 */
export function csvField(value: string): string {
  const safe = escapeCsvCell(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
