/**
 * The operator's details on the legal pages (issue 11, point 3): who runs the site, where and how to
 * reach them, the register entry, the data-protection contact, the supervisory authority, and the
 * few facts of the deployment the privacy policy names (log retention, processors). They come from
 * OPERATOR_* environment variables, never from the repository: locally, with none set, the pages
 * show fictitious example values marked as such; a deployed build refuses to finish without them.
 *
 * The legal texts (src/content/legal/{locale}/*.md) hold `{{token}}` markers that fillLegalTemplate()
 * replaces in the rendered HTML; `{{#token}}…{{/token}}` keeps its content only when the token has a
 * value, `{{^token}}…{{/token}}` only when it has none, so an unset optional value leaves no label.
 */
import { z } from 'zod';
import type { Locale } from './enums.ts';

/** Every operator variable starts with this; any other OPERATOR_* name is refused as a typo. */
export const OPERATOR_PREFIX = 'OPERATOR_';

const text = z.string().max(300, 'longer than 300 characters');
const email = z.email('not an e-mail address');
/** Digits, spaces and the usual separators, optionally international: "+49 30 1234567", "(030) 123-45". */
const PHONE = /^\+?[0-9][0-9 ()/.-]{4,30}$/;
/** An EU VAT identification number: country prefix and 2–13 letters or digits ("DE123456789"). */
const VAT_ID = /^[A-Z]{2}[0-9A-Z]{2,13}$/;

/** An ISO 3166-1 alpha-2 code that Intl can name ("DE", "AT", "IT"). */
function isRegionCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code)) return false;
  return new Intl.DisplayNames('en', { type: 'region', fallback: 'none' }).of(code) !== undefined;
}

/** The OPERATOR_* environment as the legal pages need it, one key per variable. */
export const OperatorEnvSchema = z
  .object({
    /** Full name, or company name with its legal form ("Beispiel GmbH"). */
    OPERATOR_NAME: text,
    /** Legal entities: who represents it ("Erika Mustermann, Geschäftsführerin"). */
    OPERATOR_REPRESENTATIVE: text.optional(),
    OPERATOR_STREET: text,
    OPERATOR_POSTAL_CODE: z.string().regex(/^[0-9A-Za-z][0-9A-Za-z -]{1,9}$/, 'not a postal code'),
    OPERATOR_CITY: text,
    OPERATOR_COUNTRY: z.string().refine(isRegionCode, 'not an ISO 3166-1 alpha-2 country code such as DE'),
    OPERATOR_EMAIL: email,
    OPERATOR_PHONE: z.string().regex(PHONE, 'not a telephone number'),
    /** Set both or neither: "Amtsgericht Musterstadt" and "HRB 12345". */
    OPERATOR_REGISTER_COURT: text.optional(),
    OPERATOR_REGISTER_NUMBER: text.optional(),
    OPERATOR_VAT_ID: z
      .string()
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().regex(VAT_ID, 'not a VAT identification number such as DE123456789'))
      .optional(),
    /** The person responsible for the content under § 18 (2) MStV. */
    OPERATOR_EDITOR_NAME: text,
    OPERATOR_PRIVACY_CONTACT: text,
    OPERATOR_PRIVACY_EMAIL: email,
    /** "true" when the privacy contact is an appointed data protection officer (Art. 37 GDPR). */
    OPERATOR_PRIVACY_CONTACT_IS_OFFICER: z.enum(['true', 'false'], 'not "true" or "false"').optional(),
    OPERATOR_AUTHORITY_NAME: text,
    OPERATOR_AUTHORITY_ADDRESS: text,
    OPERATOR_AUTHORITY_URL: z.url({ protocol: /^https?$/, error: 'not an http(s) address' }).optional(),
    /** How long the host keeps server logs (the hosting plan decides). */
    OPERATOR_LOG_RETENTION_DAYS: z
      .string()
      .regex(/^[1-9][0-9]{0,3}$/, 'not a whole number of days (1–9999)')
      .transform(Number),
    /** Processors the privacy policy names; without one it names the kind of service instead. */
    OPERATOR_DATABASE_REGION: text.optional(),
    OPERATOR_MAIL_PROVIDER: text.optional(),
    OPERATOR_NEWSLETTER_PROVIDER: text.optional(),
    OPERATOR_AI_PROVIDER: text.optional(),
    /** The bookshop or network whose partner programme the affiliate links belong to. */
    OPERATOR_AFFILIATE_PARTNER: text.optional(),
  })
  .strict()
  .superRefine(
    (env, ctx) => {
      // A register entry is the court and the number together.
      if (env.OPERATOR_REGISTER_COURT && !env.OPERATOR_REGISTER_NUMBER) {
        ctx.addIssue({ code: 'custom', path: ['OPERATOR_REGISTER_NUMBER'], message: 'missing, but OPERATOR_REGISTER_COURT is set' });
      }
      if (env.OPERATOR_REGISTER_NUMBER && !env.OPERATOR_REGISTER_COURT) {
        ctx.addIssue({ code: 'custom', path: ['OPERATOR_REGISTER_COURT'], message: 'missing, but OPERATOR_REGISTER_NUMBER is set' });
      }
    },
    // Also when other variables are missing, so one error lists every problem.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );

/** The variable names, for the README and error messages. */
export const OPERATOR_VARIABLES = Object.keys(OperatorEnvSchema.shape) as (keyof typeof OperatorEnvSchema.shape)[];

export const OperatorDetailsSchema = OperatorEnvSchema.transform((env) => ({
  name: env.OPERATOR_NAME,
  representative: env.OPERATOR_REPRESENTATIVE,
  street: env.OPERATOR_STREET,
  postalCode: env.OPERATOR_POSTAL_CODE,
  city: env.OPERATOR_CITY,
  /** ISO 3166-1 alpha-2; each language names it. */
  country: env.OPERATOR_COUNTRY,
  email: env.OPERATOR_EMAIL,
  phone: env.OPERATOR_PHONE,
  register:
    env.OPERATOR_REGISTER_COURT && env.OPERATOR_REGISTER_NUMBER
      ? { court: env.OPERATOR_REGISTER_COURT, number: env.OPERATOR_REGISTER_NUMBER }
      : undefined,
  vatId: env.OPERATOR_VAT_ID,
  editorName: env.OPERATOR_EDITOR_NAME,
  privacy: {
    contact: env.OPERATOR_PRIVACY_CONTACT,
    email: env.OPERATOR_PRIVACY_EMAIL,
    isOfficer: env.OPERATOR_PRIVACY_CONTACT_IS_OFFICER === 'true',
  },
  authority: { name: env.OPERATOR_AUTHORITY_NAME, address: env.OPERATOR_AUTHORITY_ADDRESS, url: env.OPERATOR_AUTHORITY_URL },
  logRetentionDays: env.OPERATOR_LOG_RETENTION_DAYS,
  databaseRegion: env.OPERATOR_DATABASE_REGION,
  mailProvider: env.OPERATOR_MAIL_PROVIDER,
  newsletterProvider: env.OPERATOR_NEWSLETTER_PROVIDER,
  aiProvider: env.OPERATOR_AI_PROVIDER,
  affiliatePartner: env.OPERATOR_AFFILIATE_PARTNER,
}));
export type OperatorDetails = z.output<typeof OperatorDetailsSchema>;

/**
 * Clearly fictitious details for local builds ("Muster…", the reserved .invalid domain, an unassigned
 * area code). Every optional value is set, so a local page shows every line a real one can have.
 */
export const EXAMPLE_OPERATOR: OperatorDetails = {
  name: 'Beispiel GmbH',
  representative: 'Erika Mustermann',
  street: 'Musterstraße 1',
  postalCode: '12345',
  city: 'Musterstadt',
  country: 'DE',
  email: 'kontakt@example.invalid',
  phone: '+49 123 4567890',
  register: { court: 'Amtsgericht Musterstadt', number: 'HRB 00000' },
  vatId: 'DE000000000',
  editorName: 'Erika Mustermann',
  privacy: { contact: 'Max Mustermann', email: 'datenschutz@example.invalid', isOfficer: false },
  authority: { name: 'Landesbeauftragte für Datenschutz Musterland', address: 'Musterweg 2, 12345 Musterstadt', url: undefined },
  logRetentionDays: 30,
  databaseRegion: 'Beispielregion (EU)',
  mailProvider: 'Beispiel Mail GmbH, Musterstadt',
  newsletterProvider: 'Beispiel Newsletter GmbH, Musterstadt',
  aiProvider: 'Beispiel KI GmbH, Musterstadt',
  affiliatePartner: 'Beispiel-Buchhandlung',
};

/** The operator variables that are set: trimmed, empty ones dropped (an empty field in a UI is unset). */
function operatorEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const set: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    const trimmed = value?.trim();
    if (key.startsWith(OPERATOR_PREFIX) && trimmed) set[key] = trimmed;
  }
  return set;
}

/**
 * The operator's details from the environment. With none set, a local build gets the example values
 * (isExample); a deployed build (`production`) throws. Once any OPERATOR_* variable is set, all of
 * them must be valid everywhere, so a half-finished configuration fails before it is deployed.
 * The error names every missing or invalid variable.
 * @example operatorDetails({}, { production: false }).isExample // true
 */
export function operatorDetails(
  env: Readonly<Record<string, string | undefined>>,
  options: { production: boolean },
): { details: OperatorDetails; isExample: boolean } {
  const set = operatorEnv(env);
  if (Object.keys(set).length === 0 && !options.production) return { details: EXAMPLE_OPERATOR, isExample: true };
  const parsed = OperatorDetailsSchema.safeParse(set);
  if (parsed.success) return { details: parsed.data, isExample: false };
  const problems = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) problems.set(key, 'unknown variable');
      continue;
    }
    const key = String(issue.path[0]);
    if (!problems.has(key)) problems.set(key, key in set || issue.code === 'custom' ? issue.message : 'missing');
  }
  const list = [...problems].map(([key, problem]) => `${key} (${problem})`).join(', ');
  throw new Error(
    `The legal pages need the operator's details: ${list}. Set them in the environment of the build (README: "Operator details (legal pages)").`,
  );
}

/** A value a template token stands for: text, optionally a link. */
export interface TokenValue {
  text: string;
  href?: string;
}
/** Token name → value; undefined means "not set" (for `{{#…}}` / `{{^…}}` sections). */
export type LegalTokens = Readonly<Record<string, TokenValue | undefined>>;

const value = (text: string | undefined, href?: string): TokenValue | undefined => (text === undefined ? undefined : { text, href });
/** A token that only switches sections: set (empty text) or not. */
const flag = (on: boolean): TokenValue | undefined => (on ? { text: '' } : undefined);

/**
 * The tokens of the legal texts in one language: the details plus what each language words itself
 * (the country's name, the retention period with its unit).
 * @example legalTokens(EXAMPLE_OPERATOR, 'it').country // { text: 'Germania' }
 */
export function legalTokens(details: OperatorDetails, locale: Locale): LegalTokens {
  const days = new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' });
  return {
    name: value(details.name),
    representative: value(details.representative),
    street: value(details.street),
    postalCode: value(details.postalCode),
    city: value(details.city),
    country: value(new Intl.DisplayNames(locale, { type: 'region' }).of(details.country) ?? details.country),
    email: value(details.email, `mailto:${details.email}`),
    phone: value(details.phone, `tel:${details.phone.replace(/[^+0-9]/g, '')}`),
    registerCourt: value(details.register?.court),
    registerNumber: value(details.register?.number),
    vatId: value(details.vatId),
    registerOrVat: flag(details.register !== undefined || details.vatId !== undefined),
    editorName: value(details.editorName),
    privacyContact: value(details.privacy.contact),
    privacyEmail: value(details.privacy.email, `mailto:${details.privacy.email}`),
    privacyOfficer: flag(details.privacy.isOfficer),
    authorityName: value(details.authority.name),
    authorityAddress: value(details.authority.address),
    authorityUrl: value(details.authority.url, details.authority.url),
    logRetention: value(days.format(details.logRetentionDays)),
    databaseRegion: value(details.databaseRegion),
    mailProvider: value(details.mailProvider),
    newsletterProvider: value(details.newsletterProvider),
    aiProvider: value(details.aiProvider),
    affiliatePartner: value(details.affiliatePartner),
  };
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);

const SECTION = /\{\{([#^])(\w+)\}\}([\s\S]*?)\{\{\/\2\}\}/g;
const TOKEN = /\{\{(\w+)\}\}/g;

/**
 * Fills the `{{…}}` markers of a rendered legal text. Values are HTML-escaped; with `markExamples`
 * each is wrapped in <mark> so example values stand out. Sections whose condition fails go, with any
 * paragraph or line break they leave empty. An unknown token, or a plain token without a value
 * (it belongs in a section), throws: a legal page never shows a marker or an empty label.
 * @example fillLegalTemplate('<p>{{name}}</p>', { name: { text: 'A & B' } }, { markExamples: false }) // '<p>A &amp; B</p>'
 */
export function fillLegalTemplate(html: string, tokens: LegalTokens, options: { markExamples: boolean }): string {
  const known = (name: string) => {
    if (!(name in tokens)) throw new Error(`Unknown token {{${name}}} in a legal text`);
    return tokens[name];
  };
  let result = html;
  // Sections may hold other sections: resolve the outermost until none are left.
  for (let previous = ''; previous !== result; ) {
    previous = result;
    result = result.replace(SECTION, (_, kind: string, name: string, body: string) => ((known(name) !== undefined) === (kind === '#') ? body : ''));
  }
  result = result.replace(TOKEN, (_, name: string) => {
    const token = known(name);
    if (token === undefined) throw new Error(`Token {{${name}}} has no value: put it inside {{#${name}}}…{{/${name}}}`);
    const shown = options.markExamples && token.text ? `<mark class="legal__example">${escapeHtml(token.text)}</mark>` : escapeHtml(token.text);
    return token.href ? `<a href="${escapeHtml(token.href)}">${shown}</a>` : shown;
  });
  if (/\{\{|\}\}/.test(result)) throw new Error('A legal text has an unmatched {{…}} marker');
  return result
    .replace(/(<p>)(?:\s*<br\s*\/?>)+/g, '$1')
    .replace(/(?:<br\s*\/?>\s*)+(<\/p>)/g, '$1')
    .replace(/<p>\s*<\/p>\n?/g, '');
}
