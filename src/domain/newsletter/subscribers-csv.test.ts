import { describe, expect, it } from 'vitest';
import { csvField, subscribersCsv } from './subscribers-csv.ts';

describe('subscribers CSV', () => {
  it('writes a header and one line per subscriber with ISO times', () => {
    const at = new Date('2026-11-26T09:00:00Z');
    expect(subscribersCsv([{ email: 'a@example.org', language: 'de', consentAt: at, consentTextVersion: '2026-11-26', confirmedAt: at }])).toBe(
      'email,language,consent_at,consent_text_version,confirmed_at\r\na@example.org,de,2026-11-26T09:00:00.000Z,2026-11-26,2026-11-26T09:00:00.000Z\r\n',
    );
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });

  it('defuses values a spreadsheet would run as formulas', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1@example.org')).toBe("'+1@example.org");
    expect(csvField('-x')).toBe("'-x");
    expect(csvField('@x')).toBe("'@x");
  });
});
