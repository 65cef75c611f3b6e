import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './enums.ts';
import { EXAMPLE_OPERATOR, fillLegalTemplate, legalTokens, OPERATOR_VARIABLES, operatorDetails, type OperatorDetails } from './site-operator.ts';

/** A complete, valid operator environment; override single variables per test. */
const fullEnv = (overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> => ({
  OPERATOR_NAME: 'Sternenlicht Medien GmbH',
  OPERATOR_REPRESENTATIVE: 'Jana Beispiel',
  OPERATOR_STREET: 'Hauptstraße 5',
  OPERATOR_POSTAL_CODE: '10115',
  OPERATOR_CITY: 'Berlin',
  OPERATOR_COUNTRY: 'DE',
  OPERATOR_EMAIL: 'kontakt@sternenlicht.test',
  OPERATOR_PHONE: '+49 30 1234567',
  OPERATOR_REGISTER_COURT: 'Amtsgericht Charlottenburg',
  OPERATOR_REGISTER_NUMBER: 'HRB 123456',
  OPERATOR_VAT_ID: 'de 123 456 789',
  OPERATOR_EDITOR_NAME: 'Jana Beispiel',
  OPERATOR_PRIVACY_CONTACT: 'Tom Beispiel',
  OPERATOR_PRIVACY_EMAIL: 'datenschutz@sternenlicht.test',
  OPERATOR_AUTHORITY_NAME: 'Berliner Beauftragte für Datenschutz und Informationsfreiheit',
  OPERATOR_AUTHORITY_ADDRESS: 'Alt-Moabit 59–61, 10555 Berlin',
  OPERATOR_AUTHORITY_URL: 'https://www.datenschutz-berlin.de/',
  OPERATOR_LOG_RETENTION_DAYS: '7',
  ...overrides,
});

const REQUIRED = [
  'OPERATOR_NAME',
  'OPERATOR_STREET',
  'OPERATOR_POSTAL_CODE',
  'OPERATOR_CITY',
  'OPERATOR_COUNTRY',
  'OPERATOR_EMAIL',
  'OPERATOR_PHONE',
  'OPERATOR_EDITOR_NAME',
  'OPERATOR_PRIVACY_CONTACT',
  'OPERATOR_PRIVACY_EMAIL',
  'OPERATOR_AUTHORITY_NAME',
  'OPERATOR_AUTHORITY_ADDRESS',
  'OPERATOR_LOG_RETENTION_DAYS',
];

/** The variable names an operatorDetails() error names, in order. */
function namedIn(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    return [...(error as Error).message.matchAll(/\b(OPERATOR_[A-Z_]+) \(/g)].map((match) => match[1]!);
  }
  throw new Error('expected operatorDetails to throw');
}

describe('operatorDetails', () => {
  it('gives a local build fictitious example values, marked as examples, when nothing is set', () => {
    const { details, isExample } = operatorDetails({ PATH: '/usr/bin' }, { production: false });
    expect(isExample).toBe(true);
    expect(details).toBe(EXAMPLE_OPERATOR);
    expect(details.name).toBe('Beispiel GmbH');
    expect(details.email).toMatch(/@example\.invalid$/);
    expect(details.privacy.email).toMatch(/@example\.invalid$/);
  });

  it('counts empty and blank variables as unset', () => {
    expect(operatorDetails({ OPERATOR_NAME: '', OPERATOR_CITY: '  ' }, { production: false }).isExample).toBe(true);
  });

  it('refuses a deployed build without the details, naming every required variable and nothing else', () => {
    expect(namedIn(() => operatorDetails({}, { production: true }))).toEqual(REQUIRED);
    expect(() => operatorDetails({}, { production: true })).toThrow(/README: "Operator details \(legal pages\)"/);
  });

  it('names exactly the missing and the invalid variables of a partial configuration', () => {
    const env = fullEnv({ OPERATOR_STREET: undefined, OPERATOR_PHONE: '', OPERATOR_EMAIL: 'kontakt at example' });
    expect(namedIn(() => operatorDetails(env, { production: true }))).toEqual(['OPERATOR_STREET', 'OPERATOR_EMAIL', 'OPERATOR_PHONE']);
    expect(() => operatorDetails(env, { production: true })).toThrow('OPERATOR_STREET (missing), OPERATOR_EMAIL (not an e-mail address), OPERATOR_PHONE (missing)');
  });

  it('validates a configuration locally too, once any variable is set', () => {
    expect(namedIn(() => operatorDetails({ OPERATOR_NAME: 'Nur ein Name' }, { production: false }))).toEqual(REQUIRED.filter((name) => name !== 'OPERATOR_NAME'));
  });

  it('uses a full configuration as it is, trimmed, locally and deployed', () => {
    for (const production of [false, true]) {
      const { details, isExample } = operatorDetails(fullEnv({ OPERATOR_CITY: '  Berlin ' }), { production });
      expect(isExample).toBe(false);
      expect(details).toMatchObject({
        name: 'Sternenlicht Medien GmbH',
        city: 'Berlin',
        country: 'DE',
        register: { court: 'Amtsgericht Charlottenburg', number: 'HRB 123456' },
        vatId: 'DE123456789',
        privacy: { contact: 'Tom Beispiel', email: 'datenschutz@sternenlicht.test', isOfficer: false },
        authority: { url: 'https://www.datenschutz-berlin.de/' },
        logRetentionDays: 7,
      });
    }
  });

  it('needs no optional variable', () => {
    const optional = OPERATOR_VARIABLES.filter((name) => !REQUIRED.includes(name));
    const env = fullEnv(Object.fromEntries(optional.map((name) => [name, undefined])));
    const { details } = operatorDetails(env, { production: true });
    expect(details.register).toBeUndefined();
    expect(details.vatId).toBeUndefined();
    expect(details.representative).toBeUndefined();
  });

  it.each([
    ['OPERATOR_EMAIL', 'not-an-address', 'not an e-mail address'],
    ['OPERATOR_PRIVACY_EMAIL', 'datenschutz@', 'not an e-mail address'],
    ['OPERATOR_COUNTRY', 'Deutschland', 'not an ISO 3166-1 alpha-2 country code such as DE'],
    ['OPERATOR_PHONE', 'call us', 'not a telephone number'],
    ['OPERATOR_VAT_ID', '123', 'not a VAT identification number such as DE123456789'],
    ['OPERATOR_AUTHORITY_URL', 'javascript:alert(1)', 'not an http(s) address'],
    ['OPERATOR_LOG_RETENTION_DAYS', 'thirty', 'not a whole number of days (1–9999)'],
    ['OPERATOR_PRIVACY_CONTACT_IS_OFFICER', 'yes', 'not "true" or "false"'],
  ])('refuses an invalid %s (%s)', (name, value, problem) => {
    expect(() => operatorDetails(fullEnv({ [name]: value }), { production: true })).toThrow(`${name} (${problem})`);
  });

  it('wants a register court and number together', () => {
    expect(namedIn(() => operatorDetails(fullEnv({ OPERATOR_REGISTER_NUMBER: undefined }), { production: true }))).toEqual(['OPERATOR_REGISTER_NUMBER']);
    expect(namedIn(() => operatorDetails(fullEnv({ OPERATOR_REGISTER_COURT: undefined }), { production: true }))).toEqual(['OPERATOR_REGISTER_COURT']);
    // ...also when other variables are missing, so one run shows every problem.
    expect(namedIn(() => operatorDetails({ OPERATOR_REGISTER_COURT: 'Amtsgericht X' }, { production: true }))).toContain('OPERATOR_REGISTER_NUMBER');
  });

  it('refuses an unknown OPERATOR_ variable, which is most likely a typo', () => {
    expect(() => operatorDetails(fullEnv({ OPERATOR_ADRESS: 'Hauptstraße 5' }), { production: true })).toThrow('OPERATOR_ADRESS (unknown variable)');
  });
});

describe('legalTokens', () => {
  it('words the country and the retention period in each language', () => {
    expect(LOCALES.map((locale) => legalTokens(EXAMPLE_OPERATOR, locale).country?.text)).toEqual(['Germany', 'Deutschland', 'Germania']);
    expect(LOCALES.map((locale) => legalTokens(EXAMPLE_OPERATOR, locale).logRetention?.text)).toEqual(['30 days', '30 Tage', '30 giorni']);
  });

  it('links the e-mail addresses and the telephone number', () => {
    const tokens = legalTokens(EXAMPLE_OPERATOR, 'de');
    expect(tokens.email).toEqual({ text: 'kontakt@example.invalid', href: 'mailto:kontakt@example.invalid' });
    expect(tokens.phone).toEqual({ text: '+49 123 4567890', href: 'tel:+491234567890' });
  });

  it('leaves unset optional values and switches without a value', () => {
    const details: OperatorDetails = { ...EXAMPLE_OPERATOR, register: undefined, vatId: undefined, privacy: { ...EXAMPLE_OPERATOR.privacy, isOfficer: false } };
    const tokens = legalTokens(details, 'en');
    expect(tokens.registerCourt).toBeUndefined();
    expect(tokens.registerOrVat).toBeUndefined();
    expect(tokens.privacyOfficer).toBeUndefined();
    expect(legalTokens({ ...details, vatId: 'DE123456789' }, 'en').registerOrVat).toEqual({ text: '' });
  });
});

describe('fillLegalTemplate', () => {
  const fill = (html: string, tokens: Parameters<typeof fillLegalTemplate>[1], markExamples = false) => fillLegalTemplate(html, tokens, { markExamples });

  it('escapes values, in the text and in a link', () => {
    const tokens = { name: { text: '<script>alert("x")</script> & Co' }, email: { text: 'a@b.test', href: 'mailto:a@b.test"><script>' } };
    expect(fill('<p>{{name}}: {{email}}</p>', tokens)).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co: <a href="mailto:a@b.test&quot;&gt;&lt;script&gt;">a@b.test</a></p>',
    );
  });

  it('marks example values', () => {
    expect(fill('<p>{{city}}</p>', { city: { text: 'Musterstadt' } }, true)).toBe('<p><mark class="legal__example">Musterstadt</mark></p>');
  });

  it('keeps a {{#…}} section only with a value and a {{^…}} section only without', () => {
    const html = '<p>{{#vatId}}USt-IdNr.: {{vatId}}{{/vatId}}{{^vatId}}keine{{/vatId}}</p>';
    expect(fill(html, { vatId: { text: 'DE1' } })).toBe('<p>USt-IdNr.: DE1</p>');
    expect(fill(html, { vatId: undefined })).toBe('<p>keine</p>');
  });

  it('leaves no empty paragraph, line break or heading behind an unset value', () => {
    const html = [
      '<p><strong>{{name}}</strong><br>\n{{#representative}}vertreten durch {{representative}}<br>\n{{/representative}}{{city}}</p>',
      '<p>{{#registerOrVat}}</p>\n<h2>Register</h2>\n<p>{{#vatId}}{{vatId}}<br>\n{{/vatId}}</p>\n<p>{{/registerOrVat}}</p>',
      '<p>{{#representative}}Vertreten durch: {{representative}}{{/representative}}</p>',
      '<p>{{#registerCourt}}Registergericht: {{registerCourt}}<br>\n{{/registerCourt}}{{#vatId}}USt-IdNr.: {{vatId}}{{/vatId}}</p>',
    ].join('\n');
    const tokens = { name: { text: 'A' }, city: { text: 'B' }, representative: undefined, registerOrVat: undefined, registerCourt: { text: 'AG' }, vatId: undefined };
    expect(fill(html, tokens)).toBe('<p><strong>A</strong><br>\nB</p>\n<p>Registergericht: AG</p>');
  });

  it('refuses an unknown token and a plain token without a value', () => {
    expect(() => fill('<p>{{nmae}}</p>', { name: { text: 'A' } })).toThrow('Unknown token {{nmae}}');
    expect(() => fill('<p>{{vatId}}</p>', { vatId: undefined })).toThrow('Token {{vatId}} has no value');
    expect(() => fill('<p>{{#vatId}}{{vatId}}</p>', { vatId: { text: 'DE1' } })).toThrow('unmatched');
  });
});

describe('the legal texts', () => {
  const root = path.join(import.meta.dirname, '..', 'content', 'legal');
  const texts = LOCALES.flatMap((locale) => readdirSync(path.join(root, locale)).map((file) => ({ locale, file, source: readFileSync(path.join(root, locale, file), 'utf8') })));
  const minimal: OperatorDetails = {
    ...EXAMPLE_OPERATOR,
    representative: undefined,
    register: undefined,
    vatId: undefined,
    databaseRegion: undefined,
    mailProvider: undefined,
    newsletterProvider: undefined,
    aiProvider: undefined,
    affiliatePartner: undefined,
  };

  it('exist for every page in every language', () => {
    expect(texts).toHaveLength(LOCALES.length * 4);
  });

  it.each(texts)('$locale/$file has no placeholder and fills with every value set or only the required ones', ({ locale, source }) => {
    expect(source).not.toMatch(/PLATZHALTER|PLACEHOLDER|SEGNAPOSTO|\*\*\[/);
    for (const details of [EXAMPLE_OPERATOR, minimal, { ...EXAMPLE_OPERATOR, privacy: { ...EXAMPLE_OPERATOR.privacy, isOfficer: true } }]) {
      const filled = fillLegalTemplate(source, legalTokens(details, locale), { markExamples: false });
      expect(filled).not.toMatch(/\{\{|\}\}/);
    }
  });

  it('drop the optional Impressum lines and their labels when the values are unset', () => {
    const impressum = texts.find((text) => text.locale === 'de' && text.file === 'impressum.md')!.source;
    const full = fillLegalTemplate(impressum, legalTokens(EXAMPLE_OPERATOR, 'de'), { markExamples: false });
    const bare = fillLegalTemplate(impressum, legalTokens(minimal, 'de'), { markExamples: false });
    for (const label of ['Vertreten durch', 'Register und Umsatzsteuer', 'Registergericht', 'Umsatzsteuer-Identifikationsnummer', 'Partnerprogramms']) {
      expect(full).toContain(label);
      expect(bare).not.toContain(label);
    }
  });
});
