/**
 * The export of confirmed subscribers for super users (issue 14 point 4), as CSV (RFC 4180). A
 * value a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is prefixed
 * with an apostrophe (OWASP CSV injection; src/domain/open-data/csv-injection.ts).
 */
import { csvField } from '../open-data/csv-injection.ts';

export interface SubscriberRow {
  email: string;
  language: string;
  consentAt: Date | null;
  consentTextVersion: string | null;
  confirmedAt: Date | null;
}

export const SUBSCRIBER_CSV_COLUMNS = ['email', 'language', 'consent_at', 'consent_text_version', 'confirmed_at'] as const;

/** One CSV field (the one escaping and quoting rule of our CSV exports). */
export { csvField };

/**
 * The whole file: a header line, then one line per subscriber, CRLF line ends.
 * @example subscribersCsv([]) // 'email,language,consent_at,consent_text_version,confirmed_at\r\n'
 */
export function subscribersCsv(rows: readonly SubscriberRow[]): string {
  const lines = [SUBSCRIBER_CSV_COLUMNS.join(',')];
  for (const row of rows) {
    lines.push([row.email, row.language, row.consentAt?.toISOString() ?? '', row.consentTextVersion ?? '', row.confirmedAt?.toISOString() ?? ''].map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
