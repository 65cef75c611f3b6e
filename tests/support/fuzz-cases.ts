/**
 * The API fuzz (issue 10, point 5): request cases generated from the zod request schemas of every
 * endpoint, and the runner that sends them and checks each answer (no 5xx, always the envelope).
 * Used by `tests/integration/runtime/api-fuzz.test.ts` (a fixed sample of about 5,000 requests on
 * every `npm test`) and `scripts/fuzz-api.ts` (`npm run fuzz:api`: every value of every list in
 * every field).
 *
 * How a case is made: `ENDPOINTS` names each endpoint's function module (its `config.path` is read
 * from the module) and the schemas of its query, body and path params. `fieldsOf()` walks each
 * schema's object shape, so a field added to a schema is fuzzed without touching this file. Every
 * field gets the values of the lists below (Big List of Naughty Strings, injections, control
 * characters, unicode edge cases, type confusions, and boundaries read from the field's own checks)
 * while the other fields keep a valid value, found by trying a few candidates against the field's
 * schema, so that a request that passes validation reaches the query behind it. Whole-request cases
 * (empty, malformed, huge and nested bodies, wrong Content-Type, extra fields, wrong methods, bad
 * cookies, odd Accept-Language and Origin) come on top. The sample is chosen with a fixed seed:
 * every run sends the same requests.
 */
import { AnalyticsEventSchema, AnalyticsRangeQuerySchema } from '../../src/domain/schemas/analytics.ts';
import { prng } from '../../scripts/synthetic-catalogue.ts';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import { ErrorEnvelopeSchema, STATUS_OF, successEnvelope } from '../../src/domain/envelope.ts';
import { DeleteAccountSchema, EmailOnlySchema, LoginSchema, ProfileUpdateSchema, RegisterSchema, ResetPasswordSchema, TokenSchema } from '../../src/domain/schemas/auth.ts';
import { BookRefSchema, EditionIdParamsSchema, editionInputSchema } from '../../src/domain/schemas/edition.ts';
import { AuthorListQuerySchema, BookListQuerySchema, SeriesListQuerySchema } from '../../src/domain/schemas/lists.ts';
import { SearchQuerySchema } from '../../src/domain/schemas/search.ts';
import { AddToReadingListSchema, RateAndReviewSchema, RateBookSchema, ReadingListQuerySchema, ReviewsQuerySchema, UpdateReadingListSchema } from '../../src/domain/schemas/reader.ts';
import { AuthorRefSchema, IdParamSchema, refSchema } from '../../src/domain/schemas/refs.ts';
import { editorialSchemas, HistoryQuerySchema } from '../../src/domain/schemas/editorial.ts';
import { ChangeRoleSchema, UserIdSchema, UserSearchQuerySchema } from '../../src/domain/schemas/admin-users.ts';
import { ImageUploadFieldsSchema } from '../../src/domain/schemas/images.ts';
import { ChooseCandidateSchema, ConfirmImportSchema, ImportJobParamsSchema, ImportRowParamsSchema, ImportRowsQuerySchema } from '../../src/domain/schemas/import.ts';
import {
  NewsletterArchiveQuerySchema,
  NewsletterConfirmSchema,
  NewsletterIssueInputSchema,
  NewsletterIssueParamsSchema,
  NewsletterSignUpSchema,
  NewsletterUnsubscribeLinkSchema,
  NewsletterUnsubscribeSchema,
} from '../../src/domain/schemas/newsletter.ts';
import { ChatRequestSchema, ConversationIdParamsSchema } from '../../src/domain/schemas/chat.ts';
import { ModerationReasonSchema, ReviewParamsSchema } from '../../src/domain/schemas/moderation.ts';
import { AffiliateLocaleInputSchema, AffiliateLocalePatchSchema, AffiliateServiceInputSchema, AffiliateServicePatchSchema } from '../../src/domain/schemas/affiliate.ts';
import { AuthorsQueryV1Schema, BooksQueryV1Schema, DetailQueryV1Schema, PlainListQueryV1Schema, RefParamsV1Schema, SeriesQueryV1Schema } from '../../src/domain/schemas/api-v1.ts';
import { AwardCategoryInputSchema, AwardCategoryParamsSchema, AwardCategoryPatchSchema, AwardInputSchema, AwardPatchSchema, awardEntriesSchema, awardSlotQuerySchema } from '../../src/domain/schemas/awards-admin.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FUNCTIONS_DIR = path.join(ROOT, 'netlify', 'functions');

// ---------------------------------------------------------------------------------------------
// The endpoint table
// ---------------------------------------------------------------------------------------------

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type Method = (typeof METHODS)[number];
type ObjectSchema = z.ZodObject;
export type Location = 'query' | 'body' | 'params' | 'form';

export interface EndpointSpec {
  /** The function module, `netlify/functions/<fn>.mts`; its `config.path` is the path template. */
  fn: string;
  method: Method;
  query?: ObjectSchema;
  body?: ObjectSchema;
  /** Path params: one field per `:name` of the path template. */
  params?: ObjectSchema;
  /** Text fields of a multipart/form-data body (uploads, spec §7), sent with a small file part named `file`. */
  form?: ObjectSchema;
  /** Needs a signed-in user (the fuzz user's session cookie is sent). */
  auth?: boolean;
  /** Needs a super user: sent with the fuzz admin's session (with `auth`), so input reaches validation and the query. */
  admin?: boolean;
  /** Valid path params to use instead of guessed ones: an admin write names a row no one has, so the fuzz never changes the catalogue. */
  validParams?: Record<string, string>;
  /** Needs a signed-in user, but is sent without the fuzz user's cookie: with it, it would end the session. */
  signedOutOnly?: boolean;
  /** Answers with a redirect and no body (logout). */
  redirect?: boolean;
  /** Its success answer is a file of this content type, not the envelope (the CSV export); its refusals are envelopes. */
  fileType?: string;
  /** A background function (`config.background`): answered 202 without a body, as Netlify does. */
  background?: boolean;
  /** For a function without `config.path` only: the path that reaches it. */
  path?: string;
  /** Fewer values in the sample: every request reaches the same fixed answer. */
  light?: boolean;
}

export interface Endpoint extends EndpointSpec {
  path: string;
  key: string;
}

const searchEndpoints = ['books', 'authors', 'series', 'genres', 'awards'].map((kind): EndpointSpec => ({ fn: `${kind}-search`, method: 'GET', query: SearchQuerySchema }));

const bookRef = z.object({ id: BookRefSchema });
const authorRef = z.object({ id: AuthorRefSchema });
/**
 * The reader API (issue 12). The writes are sent as the fuzz user: the fuzz raises
 * READER_WRITES_PER_MINUTE for its server, so valid writes reach the database instead of a 429.
 */
const readerEndpoints: EndpointSpec[] = [
  { fn: 'book-modal-data', method: 'GET', params: bookRef, auth: true },
  { fn: 'affiliate-services', method: 'GET', light: true },
  { fn: 'reading-list', method: 'GET', auth: true, query: ReadingListQuerySchema },
  { fn: 'reading-list', method: 'POST', auth: true, body: AddToReadingListSchema },
  { fn: 'reading-list-entry', method: 'PATCH', auth: true, params: z.object({ bookId: IdParamSchema }), body: UpdateReadingListSchema },
  { fn: 'reading-list-entry', method: 'DELETE', auth: true, params: z.object({ bookId: IdParamSchema }) },
  { fn: 'book-ratings', method: 'POST', auth: true, params: bookRef, body: RateBookSchema },
  { fn: 'book-ratings', method: 'PUT', auth: true, params: bookRef, body: RateAndReviewSchema },
  { fn: 'book-ratings', method: 'DELETE', auth: true, params: bookRef },
  { fn: 'book-reviews', method: 'GET', params: bookRef, query: ReviewsQuerySchema },
  { fn: 'author-reviews', method: 'GET', params: authorRef, query: ReviewsQuerySchema },
  { fn: 'author-reviews', method: 'PUT', auth: true, params: authorRef, body: RateAndReviewSchema },
  { fn: 'author-reviews', method: 'DELETE', auth: true, params: authorRef },
];

/**
 * The public read API (issue 16 point 4): lists with their v1 queries (cursor included), details with
 * the id-or-slug path and the language. It is rate limited per client: the fuzz names a client per
 * request (`rotateClientIp`), so its cases reach validation and the queries, not a 429. Its document
 * is JSON but not the envelope (`fileType`).
 */
const readApiEndpoints: EndpointSpec[] = [
  { fn: 'api-v1-books', method: 'GET', query: BooksQueryV1Schema },
  { fn: 'api-v1-authors', method: 'GET', query: AuthorsQueryV1Schema },
  { fn: 'api-v1-series', method: 'GET', query: SeriesQueryV1Schema },
  { fn: 'api-v1-genres', method: 'GET', query: PlainListQueryV1Schema },
  { fn: 'api-v1-awards', method: 'GET', query: PlainListQueryV1Schema },
  ...['book', 'author', 'series-item', 'genre', 'award'].map((kind): EndpointSpec => ({ fn: `api-v1-${kind}`, method: 'GET', params: RefParamsV1Schema, query: DetailQueryV1Schema })),
  { fn: 'api-v1-openapi', method: 'GET', fileType: 'application/json', light: true },
];

/**
 * The admin editing API (issue 13), sent as the fuzz admin (a super user), so every field reaches
 * validation and valid values reach the database. Updates, reads and deletes name an id no row has
 * (a 404 after validation): the fuzz never changes or deletes the seeded catalogue. What the creates
 * add is removed after the run through the admin history (tests/support/editorial.ts).
 */
const NO_SUCH_ROW = { id: '2147483646' };
const editorial = editorialSchemas(new Date().getUTCFullYear());
const editorialEndpoints: EndpointSpec[] = [
  { fn: 'books', method: 'POST', body: editorial.createBook, auth: true, admin: true, light: true },
  { fn: 'authors', method: 'POST', body: editorial.createAuthor, auth: true, admin: true, light: true },
  { fn: 'series', method: 'POST', body: editorial.createSeries, auth: true, admin: true, light: true },
  { fn: 'genres', method: 'POST', body: editorial.createGenre, auth: true, admin: true, light: true },
  // The update bodies of authors, series and genres are their create fields made optional, fuzzed
  // through POST already; PATCH gets its path fuzzed (and the book's, the largest, its body too).
  ...([
    ['book', editorial.updateBook],
    ['author', undefined],
    ['series', undefined],
    ['genre', undefined],
  ] as const).flatMap(([kind, update]): EndpointSpec[] => [
    { fn: `${kind}-item`, method: 'GET', params: z.object({ id: refSchema('validation.ref') }), validParams: NO_SUCH_ROW, auth: true, admin: true, light: true },
    { fn: `${kind}-item`, method: 'PATCH', params: z.object({ id: IdParamSchema }), body: update, validParams: NO_SUCH_ROW, auth: true, admin: true, light: true },
    { fn: `${kind}-item`, method: 'DELETE', params: z.object({ id: IdParamSchema }), validParams: NO_SUCH_ROW, auth: true, admin: true, light: true },
  ]),
  { fn: 'admin-history', method: 'GET', query: HistoryQuerySchema, auth: true, admin: true, light: true },
  { fn: 'admin-users', method: 'GET', query: UserSearchQuerySchema, auth: true, admin: true, light: true },
  // No user has the nil id: the fuzz never changes or deletes an account (its own included).
  { fn: 'admin-user', method: 'PATCH', params: z.object({ id: UserIdSchema }), body: ChangeRoleSchema, validParams: { id: '00000000-0000-0000-0000-000000000000' }, auth: true, admin: true, light: true },
  { fn: 'admin-user', method: 'DELETE', params: z.object({ id: UserIdSchema }), validParams: { id: '00000000-0000-0000-0000-000000000000' }, auth: true, admin: true, light: true },
  ...adminMoreEndpoints(),
];

/**
 * Moderation, affiliate settings and awards (issue 13 points 4-6), sent as the fuzz admin like the
 * block above: moderation and every update, delete or slot names a row no one has (a 404 after
 * validation); the creates (a service, an award) are removed after the run with the rest of what
 * the fuzz admin created (tests/support/editorial.ts).
 */
function adminMoreEndpoints(): EndpointSpec[] {
  const id = z.object({ id: IdParamSchema });
  const admin = { auth: true, admin: true, light: true } as const;
  const review = { kind: 'book', id: '2147483646' };
  return [
    { fn: 'admin-user-reviews', method: 'GET', params: z.object({ id: UserIdSchema }), validParams: { id: '00000000-0000-0000-0000-000000000000' }, ...admin },
    { fn: 'admin-review', method: 'DELETE', params: ReviewParamsSchema, body: ModerationReasonSchema, validParams: review, ...admin },
    { fn: 'admin-review-visibility', method: 'POST', params: ReviewParamsSchema.extend({ action: z.enum(['hide', 'unhide']) }), body: ModerationReasonSchema, validParams: { ...review, action: 'hide' }, ...admin },
    { fn: 'admin-affiliate', method: 'GET', ...admin },
    { fn: 'admin-affiliate', method: 'POST', body: AffiliateServiceInputSchema, ...admin },
    { fn: 'admin-affiliate-service', method: 'PATCH', params: id, body: AffiliateServicePatchSchema, validParams: NO_SUCH_ROW, ...admin },
    { fn: 'admin-affiliate-service', method: 'DELETE', params: id, validParams: NO_SUCH_ROW, ...admin },
    { fn: 'admin-affiliate-locales', method: 'POST', params: id, body: AffiliateLocaleInputSchema, validParams: NO_SUCH_ROW, ...admin },
    { fn: 'admin-affiliate-locale', method: 'PATCH', params: id, body: AffiliateLocalePatchSchema, validParams: NO_SUCH_ROW, ...admin },
    { fn: 'admin-affiliate-locale', method: 'DELETE', params: id, validParams: NO_SUCH_ROW, ...admin },
    { fn: 'admin-awards', method: 'GET', ...admin },
    { fn: 'admin-awards', method: 'POST', body: AwardInputSchema, ...admin },
    { fn: 'admin-award', method: 'PATCH', params: id, body: AwardPatchSchema, validParams: NO_SUCH_ROW, ...admin },
    { fn: 'admin-award', method: 'DELETE', params: id, validParams: NO_SUCH_ROW, ...admin },
    { fn: 'admin-award-categories', method: 'POST', params: id, body: AwardCategoryInputSchema, validParams: NO_SUCH_ROW, ...admin },
    { fn: 'admin-award-category', method: 'PATCH', params: AwardCategoryParamsSchema, body: AwardCategoryPatchSchema, validParams: { id: '2147483646', categoryId: '2147483646' }, ...admin },
    { fn: 'admin-award-category', method: 'DELETE', params: AwardCategoryParamsSchema, validParams: { id: '2147483646', categoryId: '2147483646' }, ...admin },
    { fn: 'admin-award-entries', method: 'GET', params: id, query: awardSlotQuerySchema(2100), validParams: NO_SUCH_ROW, ...admin },
    { fn: 'admin-award-entries', method: 'PUT', params: id, body: awardEntriesSchema(2100), validParams: NO_SUCH_ROW, ...admin },
  ];
}

/**
 * Every endpoint and the schemas of its input, as the handler parses it. A function module that is
 * not listed here fails the fuzz test (see `unlistedFunctions`), so a new endpoint is added here.
 * Nothing here may end the fuzz user: DELETE /api/profile never gets the right password (the fuzz
 * never knows it), logout and sign-out-everywhere never get the cookie. POST /api/admin/rebuild is
 * sent as a normal user (403).
 */
export const ENDPOINTS: EndpointSpec[] = [
  { fn: 'books', method: 'GET', query: BookListQuerySchema },
  { fn: 'authors', method: 'GET', query: AuthorListQuerySchema },
  { fn: 'series', method: 'GET', query: SeriesListQuerySchema },
  ...searchEndpoints,
  ...readApiEndpoints,
  { fn: 'book-editions', method: 'GET', params: bookRef },
  ...readerEndpoints,
  ...editorialEndpoints,
  { fn: 'auth-register', method: 'POST', body: RegisterSchema },
  { fn: 'auth-login', method: 'POST', body: LoginSchema },
  { fn: 'auth-forgot-password', method: 'POST', body: EmailOnlySchema },
  { fn: 'auth-resend-verification', method: 'POST', body: EmailOnlySchema },
  { fn: 'auth-reset-password', method: 'POST', body: ResetPasswordSchema },
  { fn: 'auth-verify-email', method: 'POST', body: TokenSchema },
  { fn: 'auth-user', method: 'GET', auth: true },
  { fn: 'profile', method: 'GET', auth: true },
  { fn: 'profile', method: 'PATCH', auth: true, body: ProfileUpdateSchema },
  { fn: 'profile', method: 'DELETE', auth: true, body: DeleteAccountSchema },
  { fn: 'profile-export', method: 'GET', auth: true },
  { fn: 'profile-export-csv', method: 'GET', auth: true, fileType: 'text/csv' },
  { fn: 'profile-reading-stats', method: 'GET', auth: true },
  { fn: 'profile-reviews', method: 'GET', auth: true, query: ReviewsQuerySchema },
  // The assistant (issue 15): golden readers only, so the fuzz user meets the 403 before the body is
  // read (tests/integration/chat/chat-endpoint.test.ts sends bad bodies as a golden reader); the
  // conversation endpoints are any reader's own.
  { fn: 'chat', method: 'POST', auth: true, body: ChatRequestSchema },
  { fn: 'chat-conversations', method: 'GET', auth: true },
  { fn: 'chat-conversations', method: 'DELETE', auth: true },
  { fn: 'chat-conversation', method: 'DELETE', auth: true, params: ConversationIdParamsSchema },
  // Sign out everywhere: no input to fuzz, and with the fuzz user's cookie it would end every session.
  { fn: 'profile-sessions', method: 'DELETE', auth: true, signedOutOnly: true },
  // The editions manager (issue 13): super users only, so the fuzz user (a normal user) meets the 403
  // before the body is read; a super user here would write into the seeded books other tests read.
  // The year bound is fixed: the fuzz only needs the schema's shape.
  { fn: 'book-editions', method: 'POST', auth: true, params: bookRef, body: editionInputSchema(2100) },
  { fn: 'edition', method: 'PATCH', auth: true, params: EditionIdParamsSchema, body: editionInputSchema(2100) },
  { fn: 'edition', method: 'DELETE', auth: true, params: EditionIdParamsSchema },
  // Image uploads (issue 13 point 3): the form's text fields are fuzzed; the fuzz user is no super
  // user, so catalogue kinds end in 403 and the fuzz file is never an image (400). The upload's own
  // refusals (bombs, polyglots, oversize bodies) are tests/integration/images/upload.test.ts.
  { fn: 'images', method: 'POST', auth: true, form: ImageUploadFieldsSchema },
  // Reading-history imports (issue 16 point 1): the upload's text fields (none) and its file part
  // (never a library export here: a 400); a job id of no one's is a 404. The file refusals, the
  // review step and ownership are tests/integration/open-data/import.test.ts.
  { fn: 'profile-imports', method: 'GET', auth: true },
  { fn: 'profile-imports', method: 'POST', auth: true, form: z.object({}) },
  { fn: 'profile-import', method: 'GET', auth: true, params: ImportJobParamsSchema },
  { fn: 'profile-import', method: 'DELETE', auth: true, params: ImportJobParamsSchema },
  { fn: 'profile-import-rows', method: 'GET', auth: true, params: ImportJobParamsSchema, query: ImportRowsQuerySchema },
  { fn: 'profile-import-row', method: 'PATCH', auth: true, params: ImportRowParamsSchema, body: ChooseCandidateSchema },
  { fn: 'profile-import-confirm', method: 'POST', auth: true, params: ImportJobParamsSchema, body: ConfirmImportSchema },
  { fn: 'profile-import-unmatched', method: 'GET', auth: true, params: ImportJobParamsSchema, fileType: 'text/csv' },
  // The worker: only a request signed by our functions does anything; everything else is logged and dropped.
  { fn: 'import-worker-background', method: 'POST', path: '/.netlify/functions/import-worker-background', body: z.object({ jobId: z.uuid() }), background: true, light: true },
  { fn: 'image-file', method: 'GET', params: z.object({ id: z.string(), file: z.string() }), light: true },
  { fn: 'admin-rebuild', method: 'GET', auth: true },
  { fn: 'admin-rebuild', method: 'POST', auth: true },
  // Sign-out (issue 27 point 7): never with the fuzz user's cookie. Without a session both go home;
  // a GET with one that did not start on our pages gets the confirmation page (tests/integration/runtime/logout.test.ts).
  { fn: 'logout', method: 'GET', redirect: true },
  { fn: 'logout', method: 'POST', redirect: true },
  // Analytics (issue 14): the page script's event (anyone; rate limited per client) and the dashboard (super users).
  { fn: 'analytics-event', method: 'POST', body: AnalyticsEventSchema },
  { fn: 'admin-analytics', method: 'GET', auth: true, admin: true, query: AnalyticsRangeQuerySchema },
  // Scheduled functions (issue 26 point 6): only the scheduler's call does anything; the fuzz meets the 404.
  { fn: 'analytics-rollup', method: 'POST', path: '/.netlify/functions/analytics-rollup', light: true },
  { fn: 'prune-expired', method: 'POST', path: '/.netlify/functions/prune-expired', light: true },
  // The newsletter (issue 14 point 4). The one-click form post of unsubscribe is tests/integration/newsletter/.
  { fn: 'newsletter', method: 'POST', body: NewsletterSignUpSchema },
  { fn: 'newsletter-confirm', method: 'POST', body: NewsletterConfirmSchema },
  { fn: 'newsletter-unsubscribe', method: 'POST', body: NewsletterUnsubscribeSchema },
  // The unsubscribe page without a token (issue 29 point 23): always 202, the mail after the answer.
  { fn: 'newsletter-unsubscribe-link', method: 'POST', body: NewsletterUnsubscribeLinkSchema },
  // Issues and the send queue (issue 29 point 23): the fuzz user is no super user, so the admin ones end
  // in 403 (tests/integration/newsletter/issues.test.ts has the role matrix); the archive is public.
  { fn: 'admin-newsletter-issues', method: 'GET', auth: true, light: true },
  { fn: 'admin-newsletter-issues', method: 'POST', auth: true, body: NewsletterIssueInputSchema },
  { fn: 'admin-newsletter-issue', method: 'GET', auth: true, params: NewsletterIssueParamsSchema, light: true },
  { fn: 'admin-newsletter-issue', method: 'PUT', auth: true, params: NewsletterIssueParamsSchema, body: NewsletterIssueInputSchema },
  { fn: 'admin-newsletter-issue-test', method: 'POST', auth: true, params: NewsletterIssueParamsSchema, light: true },
  { fn: 'admin-newsletter-issue-send', method: 'POST', auth: true, params: NewsletterIssueParamsSchema, light: true },
  { fn: 'newsletter-send-background', method: 'POST', path: '/.netlify/functions/newsletter-send-background', body: z.object({ issueId: z.uuid() }), background: true, light: true },
  { fn: 'newsletter-issues', method: 'GET', query: NewsletterArchiveQuerySchema },
  { fn: 'newsletter-issue', method: 'GET', params: NewsletterIssueParamsSchema, light: true },
  { fn: 'admin-newsletter', method: 'GET', auth: true, admin: true, light: true },
  // Its success is a CSV file, not the envelope: sent as the fuzz user (a normal user), it meets the 403.
  { fn: 'admin-newsletter-export', method: 'GET', auth: true, light: true },
  // Unclaimed /api/* paths: `public/_redirects` rewrites them to api-not-found (a JSON 404).
  { fn: 'api-not-found', method: 'GET', path: '/api/no-such-endpoint/:rest', params: z.object({ rest: z.string() }), light: true },
  { fn: 'api-not-found', method: 'POST', path: '/api/no-such-endpoint/:rest', params: z.object({ rest: z.string() }), light: true },
];

/**
 * Functions Netlify invokes with its own events and no URL of ours (the local server does not serve
 * them): deploy-succeeded (tests/integration/runtime/site-rebuild.test.ts calls its handlers).
 */
const EVENT_FUNCTIONS = ['deploy-succeeded'];

/**
 * Functions that answer pages, not the API (no envelope): entity-path (id routes and old slugs, a 301
 * or the 404 page; its hostile keys are tests/integration/entity-paths.test.ts) and sitemaps (XML; its
 * unknown parts are tests/integration/sitemaps.test.ts).
 */
const PAGE_FUNCTIONS = ['entity-path', 'sitemaps'];

/** Function modules of netlify/functions that the table does not name. */
export function unlistedFunctions(specs: EndpointSpec[] = ENDPOINTS): string[] {
  const listed = new Set([...specs.map((s) => s.fn), ...EVENT_FUNCTIONS, ...PAGE_FUNCTIONS]);
  return readdirSync(FUNCTIONS_DIR)
    .filter((f) => /\.m?[jt]s$/.test(f))
    .map((f) => f.replace(/\.m?[jt]s$/, ''))
    .filter((name) => !listed.has(name));
}

/** The table with each path read from its function's `config.path` (checked against its params). */
export async function loadEndpoints(specs: EndpointSpec[] = ENDPOINTS): Promise<Endpoint[]> {
  const endpoints: Endpoint[] = [];
  for (const spec of specs) {
    const file = readdirSync(FUNCTIONS_DIR).find((f) => f.replace(/\.m?[jt]s$/, '') === spec.fn);
    if (!file) throw new Error(`The fuzz table names ${spec.fn}, but netlify/functions has no such module.`);
    const mod = (await import(pathToFileURL(path.join(FUNCTIONS_DIR, file)).href)) as { config?: { path?: string | string[] } };
    const configured = [mod.config?.path ?? []].flat()[0];
    const template = spec.path ?? configured;
    if (!template) throw new Error(`${spec.fn} has no config.path: give the fuzz table a path for it.`);
    const names = [...template.matchAll(/:(\w+)/g)].map((m) => m[1]!).sort();
    const declared = Object.keys(spec.params?.shape ?? {}).sort();
    if (names.join() !== declared.join()) throw new Error(`${spec.fn}: path ${template} has params [${names}], the fuzz table [${declared}].`);
    endpoints.push({ ...spec, path: template, key: `${spec.method} ${template}` });
  }
  return endpoints;
}

// ---------------------------------------------------------------------------------------------
// Walking the zod schemas
// ---------------------------------------------------------------------------------------------

/** The few zod 4 internals read here (`_zod.def`), loosely typed. */
interface LooseDef {
  type: string;
  innerType?: LooseSchema;
  in?: LooseSchema;
  out?: LooseSchema;
  options?: LooseSchema[];
  entries?: Record<string, string | number>;
  coerce?: boolean;
}
interface LooseSchema {
  _zod: { def: LooseDef; optin?: string };
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
  safeParse: (value: unknown) => { success: boolean };
}

export interface FieldInfo {
  name: string;
  schema: z.ZodType;
  /** May be left out of the object. */
  optional: boolean;
  /** The value types the field accepts at its core (after optional, default, pipes and unions). */
  kinds: string[];
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  int?: boolean;
  /** Values of an enum. */
  options: string[];
  /** A number read from a string (query params). */
  coerce?: boolean;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'success']);

/** The core schemas of a field: wrappers unwrapped, a pipe's input (or output after a transform), each union branch. */
function leaves(schema: LooseSchema, depth = 0): LooseSchema[] {
  const def = schema._zod.def;
  if (depth > 20) return [schema];
  if (WRAPPERS.has(def.type) && def.innerType) return leaves(def.innerType, depth + 1);
  if (def.type === 'pipe' && def.in) return def.in._zod.def.type === 'transform' && def.out ? leaves(def.out, depth + 1) : leaves(def.in, depth + 1);
  if (def.type === 'union' && def.options) return def.options.flatMap((o) => leaves(o, depth + 1));
  return [schema];
}

/** The fields of an object schema, with what the fuzz needs to know about each. */
export function fieldsOf(object: ObjectSchema): FieldInfo[] {
  return Object.entries(object.shape as Record<string, z.ZodType>).map(([name, schema]) => {
    const loose = schema as unknown as LooseSchema;
    const info: FieldInfo = { name, schema, optional: loose._zod.optin === 'optional', kinds: [], options: [] };
    for (const leaf of leaves(loose)) {
      const def = leaf._zod.def;
      if (!info.kinds.includes(def.type)) info.kinds.push(def.type);
      if (def.type === 'string') {
        if (leaf.minLength != null) info.minLength = Math.max(info.minLength ?? 0, leaf.minLength);
        if (leaf.maxLength != null) info.maxLength = Math.max(info.maxLength ?? 0, leaf.maxLength);
      }
      if (def.type === 'number') {
        if (leaf.minValue != null && Number.isFinite(leaf.minValue)) info.min = leaf.minValue;
        if (leaf.maxValue != null && Number.isFinite(leaf.maxValue)) info.max = leaf.maxValue;
        info.int = leaf.isInt;
        info.coerce = def.coerce;
      }
      if (def.type === 'enum' && def.entries) info.options.push(...Object.values(def.entries).map(String));
    }
    return info;
  });
}

// ---------------------------------------------------------------------------------------------
// The value lists
// ---------------------------------------------------------------------------------------------

export type Group = 'naughty' | 'injection' | 'control' | 'unicode' | 'type' | 'boundary' | 'path';

/**
 * One value for a field. `json`: its raw JSON text in a body (so numbers like 1e309, 10,000-deep
 * nesting and lone-surrogate escapes are sent exactly); `text`: the string sent in a query or a path
 * (percent-encoded on the way); `raw`: already percent-encoded, sent in a URL as it is.
 */
export interface FuzzValue {
  group: Group;
  label: string;
  json?: string;
  text?: string;
  raw?: string;
}

const require = createRequire(import.meta.url);
/** The Big List of Naughty Strings (npm `big-list-of-naughty-strings`, 461 strings). */
export const NAUGHTY_STRINGS: string[] = (require('big-list-of-naughty-strings/blns.json') as string[]).filter((s) => typeof s === 'string');

const injectionLists = JSON.parse(readFileSync(path.join(ROOT, 'tests', 'fixtures', 'fuzz', 'injections.json'), 'utf8')) as Record<string, string[] | string>;
/** SQL, LIKE/regex/tsquery patterns, NoSQL, command, path, template, markup and e-mail injections. */
export const INJECTION_STRINGS: string[] = Object.entries(injectionLists)
  .filter((entry): entry is [string, string[]] => Array.isArray(entry[1]))
  .flatMap(([, list]) => list);

const KB = 1024;
const C0 = [...Array.from({ length: 0x20 }, (_, c) => c), 0x7f];
/** Every C0 control and DEL, alone and inside text, and a few other line and format characters. */
export const CONTROL_STRINGS: string[] = [
  ...C0.map((c) => String.fromCharCode(c)),
  ...C0.map((c) => `Fan${String.fromCharCode(c)}tasy`),
  '\u0000\u0000\u0000',
  'dune\u0000',
  '\u001b[31mred\u001b[0m',
  '\r\n',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u009b31m',
];

/** Unicode edge cases; the lone surrogates are sent as `\ud800` escapes in JSON and as the bytes ED A0 80 in URLs. */
export const UNICODE_STRINGS: string[] = [
  '\ud800',
  '\udc00',
  'a\ud800b',
  '\udc00\ud800',
  '\u202egnp.exe',
  '\u202ereversed\u202c text',
  'zero\u200bwidth\u200c\u200d',
  '\ufeffbom',
  '\ufffe\uffff',
  'Z\u0334\u0321\u032a\u0335\u0317a\u0337lgo\u0338',
  'Wu\u0308stenplanet',
  '\uff44\uff55\uff4e\uff45',
  '\u{1d56f}\u{1d59a}\u{1d593}\u{1d58a}',
  '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}\u200d\u{1f466}',
  '\u0130stanbul \u00df \u1e9e',
  '\u0627\u0644\u0643\u062a\u0628 \u05e1\u05e4\u05e8',
  '\u{10ffff}',
];

const nested = (depth: number, open: string, close: string, core = '1') => open.repeat(depth) + core + close.repeat(depth);

/** Values of the wrong type, and sizes: every body field gets these as raw JSON. */
function typeValuesForJson(): FuzzValue[] {
  const v = (label: string, json: string): FuzzValue => ({ group: 'type', label, json });
  return [
    v('number 0', '0'),
    v('number -1', '-1'),
    v('number 1.5', '1.5'),
    v('number 2^53+1', '9007199254740993'),
    v('number 1e309', '1e309'),
    v('true', 'true'),
    v('false', 'false'),
    v('null', 'null'),
    v('empty array', '[]'),
    v('array of a string', '["dune"]'),
    v('empty object', '{}'),
    v('operator object {$gt}', '{"$gt":""}'),
    v('operator object {$ne}', '{"$ne":null}'),
    v('nested arrays', '[[["a",[1,[null]]]]]'),
    v('empty string', '""'),
    v('string of 10 kB', JSON.stringify('A'.repeat(10 * KB))),
    v('string of 1 MB', JSON.stringify('A'.repeat(1024 * KB))),
    v('arrays nested 10,000 deep', nested(10_000, '[', ']')),
    v('objects nested 10,000 deep', nested(10_000, '{"a":', '}', 'null')),
  ];
}

/** The same idea where everything is a string (query and path): sizes, numbers and JSON as text. */
function typeValuesForText(location: Location): FuzzValue[] {
  const v = (label: string, text: string): FuzzValue => ({ group: 'type', label, text });
  return [
    v('empty', ''),
    v('number text -1', '-1'),
    v('number text 1e309', '1e309'),
    v('NaN', 'NaN'),
    v('Infinity', 'Infinity'),
    v('null text', 'null'),
    v('true text', 'true'),
    v('array text', '["dune"]'),
    v('object text', '{"$gt":""}'),
    v('string of 10 kB', 'A'.repeat(10 * KB)),
    // The whole URL must stay under Node's 16 KiB header limit: deep nesting as text, 2,000 levels.
    v('arrays nested 2,000 deep as text', nested(2_000, '[', ']')),
    ...(location === 'params' ? [] : [v('spaces only', '   ')]),
  ];
}

/** Values at and past the field's own limits, read from its schema. */
function boundaryValues(field: FieldInfo, location: Location): FuzzValue[] {
  const out: FuzzValue[] = [];
  const add = (label: string, value: string | number) => {
    if (location !== 'body') return void out.push({ group: 'boundary', label, text: String(value) });
    out.push({ group: 'boundary', label, json: JSON.stringify(value) });
    if (typeof value === 'number') out.push({ group: 'boundary', label: `${label} as text`, json: JSON.stringify(String(value)) });
  };
  if (field.kinds.includes('string')) {
    if (field.maxLength !== undefined) {
      add(`${field.maxLength} characters (max)`, 'a'.repeat(field.maxLength));
      add(`${field.maxLength + 1} characters (max+1)`, 'a'.repeat(field.maxLength + 1));
      add(`${field.maxLength} two-byte characters`, '\u00e4'.repeat(field.maxLength));
      add(`${field.maxLength} emoji`, '\u{1f680}'.repeat(field.maxLength));
    }
    if (field.minLength) add(`${field.minLength - 1} characters (min-1)`, 'a'.repeat(field.minLength - 1));
  }
  if (field.kinds.includes('number')) {
    for (const [label, value] of [
      ['min-1', (field.min ?? 0) - 1],
      ['max+1', (field.max ?? 2 ** 31) + 1],
      ['2^31', 2 ** 31],
      ['-2^31-1', -(2 ** 31) - 1],
      ['99999999999999999999', '99999999999999999999'],
      ['fraction', (field.min ?? 0) + 0.5],
      ['hex', '0x10'],
      ['exponent', '1e3'],
      ['padded', ' 1 '],
      ['-0', '-0'],
    ] as const) add(`number ${label}`, value);
  }
  for (const option of field.options) {
    add(`${option} upper-case`, option.toUpperCase());
    add(`${option} padded`, ` ${option} `);
  }
  if (field.options.length) add('all options', field.options.join(','));
  return out;
}

const stringValue = (group: Group, label: string, s: string): FuzzValue => ({ group, label, json: JSON.stringify(s), text: s });

/** Path segments (issue 10): ids out of the column's range, odd numbers, escapes, traversal, unicode. */
export const PATH_SEGMENTS: string[] = [
  '2147483647',
  '2147483648',
  '4294967296',
  '9999999999',
  '99999999999999999999',
  '-1',
  '0',
  '00',
  '01',
  '1e3',
  '1.0',
  '+1',
  '0x10',
  '%201',
  '%00',
  '1%00',
  '..%2f',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%2e',
  '..',
  '.',
  '%2F',
  '%5C',
  'd%C3%BCne',
  '%F0%9F%9A%80',
  '%ED%A0%80',
  '%EF%BB%BFdune',
  '%E2%80%AEenud',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  'DUNE',
  'dune-',
  '-dune',
  'dune--messiah',
  'a'.repeat(201),
  'a'.repeat(10 * KB),
  '%0A',
  ';',
  '*',
  '~',
  '%3Cscript%3E',
];

// ---------------------------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------------------------

export interface FuzzCase {
  /** What the case tries, for the report. */
  id: string;
  endpoint: string;
  method: Method;
  /** Path and query, already encoded. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Send the body as a stream (chunked, no Content-Length). */
  streamBody?: boolean;
  /** Send the fuzz user's session cookie. */
  auth: boolean;
  /** Send the fuzz admin's session cookie instead (with `auth`). */
  admin: boolean;
  /** A redirect without a body is a fine answer. */
  redirect: boolean;
  /** A 200 of this content type is a fine answer (a file download). */
  fileType?: string;
  /** An empty 202 is a fine answer (a background function). */
  background?: boolean;
  group: Group | 'body' | 'method' | 'header' | 'query-shape';
}

/** Percent-encodes text for a URL; a lone surrogate becomes its three (invalid UTF-8) bytes, as a careless client sends it. */
export function percentEncode(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    else out += encodeURIComponent(ch);
  }
  return out;
}

/** A small deterministic generator (mulberry32) seeded from a text. */
export function seededRandom(seedText: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seedText.length; i++) h = Math.imul(h ^ seedText.charCodeAt(i), 16777619);
  return prng(h >>> 0);
}

function sample<T>(list: readonly T[], count: number, random: () => number, always: readonly T[] = []): T[] {
  const chosen = [...always];
  const rest = list.filter((x) => !always.includes(x));
  for (let i = 0; i < count && rest.length; i++) chosen.push(rest.splice(Math.floor(random() * rest.length), 1)[0]!);
  return chosen;
}

export interface GenerateOptions {
  /** `sample`: the fixed sample of the test (about 5,000 requests); `full`: every list value in every field. */
  mode: 'sample' | 'full';
  /** Seed of the sample (default: a fixed one, so every run sends the same requests). */
  seed?: string;
}

/**
 * How many values of each list each field gets in the sample, besides those always sent (NUL, a lone
 * surrogate, the 10 kB and 1 MB strings, the 10,000-deep nesting). About 5,000 requests in all (a third of them the admin API's).
 */
const SAMPLE_SIZES = { naughty: 5, injection: 4, control: 2, unicode: 2, type: 5, boundary: 6, path: 12 } as const;
const ALWAYS_TYPES = ['empty', 'string of 10 kB', 'string of 1 MB', 'arrays nested 10,000 deep', 'objects nested 10,000 deep'];

/** Candidates for a valid value of a field; the first the field's schema accepts is used. `n` keeps e-mails apart. */
function candidates(field: FieldInfo, n: number): unknown[] {
  return ['dune', `fuzz-${n}@example.org`, 'Fuzz-Valid-Passwort-2026!', 'A'.repeat(43), ...field.options, '1', 1, true, null];
}

/** A valid value for every field the schema accepts one for (raw JSON for bodies, text otherwise). */
function validBase(object: ObjectSchema, location: Location, n: number): Map<string, string> {
  const base = new Map<string, string>();
  const chosen: Record<string, unknown> = {};
  for (const field of fieldsOf(object)) {
    for (const candidate of candidates(field, n)) {
      if (location !== 'body' && typeof candidate !== 'string') continue;
      if (field.schema.safeParse(candidate).success) {
        chosen[field.name] = candidate;
        base.set(field.name, location === 'body' ? JSON.stringify(candidate) : String(candidate));
        break;
      }
    }
  }
  if (!object.safeParse(chosen).success) {
    // The fields are fine one by one but not together: keep only the required ones.
    for (const field of fieldsOf(object)) if (field.optional) base.delete(field.name);
  }
  return base;
}

const jsonObject = (entries: [string, string][]) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
const queryString = (entries: [string, string][]) => (entries.length ? `?${entries.map(([k, v]) => `${percentEncode(k)}=${v}`).join('&')}` : '');
const JSON_TYPE = { 'content-type': 'application/json' };

/** The path of an endpoint with its params filled (`values` raw, percent-encoded already). */
function fillPath(template: string, values: Map<string, string>): string {
  return template.replace(/:(\w+)/g, (_m, name: string) => values.get(name) ?? 'x');
}

function baseParams(endpoint: Endpoint, n: number): Map<string, string> {
  if (endpoint.validParams) return new Map(Object.entries(endpoint.validParams).map(([k, v]) => [k, percentEncode(v)]));
  const base = endpoint.params ? validBase(endpoint.params, 'params', n) : new Map<string, string>();
  return new Map([...base].map(([k, v]) => [k, percentEncode(v)]));
}

/** Builds one request of an endpoint with one field replaced (or a whole body/query given). */
function request(endpoint: Endpoint, n: number, replace: { location?: Location; field?: string; value?: string }, extra: Partial<FuzzCase> & { id: string; group: FuzzCase['group'] }): FuzzCase {
  const params = baseParams(endpoint, n);
  if (replace.location === 'params' && replace.field) params.set(replace.field, replace.value ?? '');
  let url = fillPath(endpoint.path, params);
  if (endpoint.query) {
    const base = validBase(endpoint.query, 'query', n);
    const entries: [string, string][] = [...base].map(([k, v]) => [k, percentEncode(v)]);
    if (replace.location === 'query' && replace.field) {
      const at = entries.findIndex(([k]) => k === replace.field);
      if (at >= 0) entries.splice(at, 1);
      url += queryString(entries) + (entries.length ? '&' : '?') + (replace.value ?? '');
    } else url += queryString(entries);
  }
  let body: string | Uint8Array | undefined;
  let headers: Record<string, string> = {};
  if (endpoint.body) {
    const base = validBase(endpoint.body, 'body', n);
    if (replace.location === 'body' && replace.field) base.set(replace.field, replace.value ?? 'null');
    body = jsonObject([...base]);
    headers = { ...JSON_TYPE };
  }
  if (endpoint.form) {
    const base = validBase(endpoint.form, 'form', n);
    if (replace.location === 'form' && replace.field) base.set(replace.field, replace.value ?? '');
    body = multipartBody([...base]);
    headers = { 'content-type': `multipart/form-data; boundary=${FORM_BOUNDARY}` };
  }
  return {
    endpoint: endpoint.key,
    method: endpoint.method,
    url,
    headers,
    body,
    auth: Boolean(endpoint.auth && !endpoint.signedOutOnly),
    admin: Boolean(endpoint.admin),
    redirect: Boolean(endpoint.redirect),
    fileType: endpoint.fileType,
    background: endpoint.background,
    ...extra,
  };
}

/** A request of an endpoint with a valid value in every field (tests that need one good request per endpoint, e.g. HEAD like GET). */
export function validCase(endpoint: Endpoint): FuzzCase {
  return request(endpoint, 0, {}, { id: 'valid', group: 'body' });
}

const FORM_BOUNDARY = 'phantastika-fuzz-boundary';
/** A multipart body of text fields (a field's text as UTF-8) and a small file that is no image. */
function multipartBody(fields: [string, string][]): Uint8Array {
  const parts = fields.map(([name, value]) => `--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  parts.push(`--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="fuzz.png"\r\nContent-Type: image/png\r\n\r\nnot an image\r\n--${FORM_BOUNDARY}--\r\n`);
  return new TextEncoder().encode(parts.join(''));
}

/** The values one field gets: all of every list, or the seeded sample of each. */
function valuesFor(endpoint: Endpoint, field: FieldInfo, location: Location, options: GenerateOptions, random: () => number): FuzzValue[] {
  const take = <T>(list: T[], count: number, always: (x: T) => boolean = () => false) =>
    options.mode === 'full' ? list : sample(list, endpoint.light ? Math.ceil(count / 2) : count, random, list.filter(always));
  const strings = (group: Group, list: string[], count: number, always: string[] = []) =>
    take(list, count, (s) => always.includes(s)).map((s) => stringValue(group, group === 'naughty' ? `naughty #${list.indexOf(s)}` : `${group} ${JSON.stringify(s).slice(0, 40)}`, s));
  const types = take(location === 'body' ? typeValuesForJson() : typeValuesForText(location), SAMPLE_SIZES.type, (v) => ALWAYS_TYPES.includes(v.label));
  const path = location === 'params' ? take(PATH_SEGMENTS, endpoint.light ? SAMPLE_SIZES.path : PATH_SEGMENTS.length).map((raw): FuzzValue => ({ group: 'path', label: `path ${raw.slice(0, 40)}`, raw })) : [];
  return [
    ...path,
    ...types,
    ...take(boundaryValues(field, location), SAMPLE_SIZES.boundary),
    ...strings('control', CONTROL_STRINGS, SAMPLE_SIZES.control, ['\u0000', 'Fan\u0000tasy']),
    ...strings('unicode', UNICODE_STRINGS, SAMPLE_SIZES.unicode, ['\ud800']),
    ...strings('injection', INJECTION_STRINGS, SAMPLE_SIZES.injection),
    ...strings('naughty', NAUGHTY_STRINGS, SAMPLE_SIZES.naughty),
  ];
}

/** Query-only shapes of a field: repeated, array syntax, bare name, bracketed operators. */
function queryShapes(field: string): [label: string, raw: string][] {
  const k = percentEncode(field);
  return [
    ['repeated', `${k}=1&${k}=dune`],
    ['array syntax', `${k}%5B%5D=1`],
    ['bare name', k],
    ['operator syntax', `${k}%5B%24gt%5D=`],
  ];
}

/** Whole bodies: empty, malformed, wrong top-level type, huge, nested, extra fields, Content-Types. */
function bodyCases(endpoint: Endpoint, next: () => number): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const n = next();
  const base = jsonObject([...validBase(endpoint.body!, 'body', n)]);
  const add = (label: string, body: string | Uint8Array | undefined, headers: Record<string, string> = JSON_TYPE, streamBody = false) =>
    cases.push(request(endpoint, next(), {}, { id: `body: ${label}`, group: 'body', body, headers: { ...headers }, streamBody }));
  const padded = (bytes: number) => base.replace(/}$/, `${base === '{}' ? '' : ','}"pad":${JSON.stringify('x'.repeat(bytes))}}`);
  const firstString = fieldsOf(endpoint.body!).find((f) => f.kinds.includes('string'))?.name;
  for (const [label, body] of [
    ['empty', ''],
    ['white space', ' \n\t '],
    ['unclosed object', '{'],
    ['missing value', '{"email":}'],
    ['single quotes', "{'email':'a@b.c'}"],
    ['trailing comma', base.replace(/}$/, ',}')],
    ['NaN', 'NaN'],
    ['byte order mark then JSON', `\ufeff${base}`],
    ['two documents', `${base}${base}`],
    ['array', '[]'],
    ['array of the object', `[${base}]`],
    ['string', '"dune"'],
    ['number', '1'],
    ['null', 'null'],
    ['true', 'true'],
    ['unknown field', base.replace(/}$/, `${base === '{}' ? '' : ','}"unknownField":1}`)],
    ['__proto__ field', base.replace(/}$/, `${base === '{}' ? '' : ','}"__proto__":{"role":"SUPER_USER"}}`)],
    ['constructor field', base.replace(/}$/, `${base === '{}' ? '' : ','}"constructor":{"prototype":{"admin":true}}}`)],
    ['duplicate keys', base.replace(/^{/, firstString ? `{${JSON.stringify(firstString)}:1,` : '{')],
    ['5,000 keys', jsonObject(Array.from({ length: 5000 }, (_, i) => [`k${i}`, '1']))],
    ['arrays nested 10,000 deep', nested(10_000, '[', ']')],
    ['objects nested 10,000 deep', nested(10_000, '{"a":', '}', 'null')],
    ['63 KiB (under the cap)', firstString ? base.replace(/}$/, `${base === '{}' ? '' : ','}${JSON.stringify(firstString)}:${JSON.stringify('x'.repeat(63 * KB))}}`) : padded(63 * KB)],
    ['70 KB', padded(70 * KB)],
    ['1 MB', padded(1024 * KB)],
  ] as const)
    add(label, body);
  add('70 KB sent chunked', new TextEncoder().encode(padded(70 * KB)), JSON_TYPE, true);
  add('1 MB sent chunked', new TextEncoder().encode(padded(1024 * KB)), JSON_TYPE, true);
  add('invalid UTF-8 bytes', Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]));
  add('raw NUL byte in a string', base.replace(/"([^"]*)"}$/, '"$1\u0000"}'));
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json-patch+json', 'application/jsonx', 'application/json, text/plain'])
    add(`Content-Type ${type}`, base, { 'content-type': type });
  for (const type of ['APPLICATION/JSON', 'application/json; charset=utf-16', ' application/json ; foo=bar'])
    add(`Content-Type ${type}`, base, { 'content-type': type });
  add('form body as form', 'email=a%40example.org&password=x', { 'content-type': 'application/x-www-form-urlencoded' });
  add('no Content-Type', new TextEncoder().encode(base), {});
  return cases;
}

/** Every case of every endpoint. */
export function generateCases(endpoints: Endpoint[], options: GenerateOptions): FuzzCase[] {
  const seed = options.seed ?? 'phantastika-fuzz-2026';
  let counter = 0;
  const next = () => ++counter;
  const cases: FuzzCase[] = [];

  for (const endpoint of endpoints) {
    for (const location of ['params', 'query', 'body', 'form'] as const) {
      const schema = endpoint[location];
      if (!schema) continue;
      for (const field of fieldsOf(schema)) {
        const random = seededRandom(`${seed}|${endpoint.key}|${location}|${field.name}`);
        for (const value of valuesFor(endpoint, field, location, options, random)) {
          const encoded = location === 'body' ? value.json : location === 'form' ? value.text : value.raw ?? (value.text === undefined ? undefined : percentEncode(value.text));
          if (encoded === undefined) continue;
          const replacement = location === 'query' ? `${percentEncode(field.name)}=${encoded}` : encoded;
          cases.push(request(endpoint, next(), { location, field: field.name, value: replacement }, { id: `${location}.${field.name}: ${value.label}`, group: value.group }));
        }
        if (location === 'query') {
          const shapes = queryShapes(field.name);
          for (const [label, raw] of options.mode === 'full' ? shapes : sample(shapes, 2, random)) cases.push(request(endpoint, next(), { location, field: field.name, value: raw }, { id: `query.${field.name}: ${label}`, group: 'query-shape' }));
        }
      }
    }
    if (endpoint.body) cases.push(...bodyCases(endpoint, next));
    if (endpoint.method === 'GET') {
      // Names the schema does not know (a strict schema refuses them; others ignore them).
      for (const [label, extra] of [
        ['unknown name', 'unknownParam=1'],
        ['__proto__', '__proto__=x'],
        ['constructor', 'constructor=x'],
        ['10 kB name', `${'n'.repeat(10 * KB)}=1`],
      ] as const) {
        const c = request(endpoint, next(), {}, { id: `query: ${label}`, group: 'query-shape' });
        c.url += `${c.url.includes('?') ? '&' : '?'}${extra}`;
        cases.push(c);
      }
    }
  }

  // Methods no handler takes: 405 with Allow.
  const byPath = new Map<string, Endpoint[]>();
  for (const e of endpoints) byPath.set(e.path, [...(byPath.get(e.path) ?? []), e]);
  for (const [, group] of byPath) {
    const taken = new Set(group.map((e) => e.method));
    const others = METHODS.filter((m) => !taken.has(m));
    for (const method of options.mode === 'full' ? others : sample(others, 2, seededRandom(`${seed}|methods|${group[0]!.path}`))) {
      const c = request(group[0]!, next(), {}, { id: `method ${method}`, group: 'method' });
      cases.push({ ...c, method, body: method === 'GET' ? undefined : '{}', headers: method === 'GET' ? {} : { ...JSON_TYPE }, redirect: false });
    }
  }

  // Session cookies that are no session: every signed-in endpoint treats them as signed out (401).
  const badCookies = [
    'phantastika_session=',
    'phantastika_session=%',
    'phantastika_session=%E0%A4%A',
    'phantastika_session=a.b.c',
    'phantastika_session=eyJhbGciOiJub25lIn0.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAiLCJ2IjowfQ.',
    'phantastika_session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAiLCJ2IjowfQ.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    'phantastika_session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiInIE9SIDE9MS0tIiwidiI6MH0.AAAA',
    `phantastika_session=${'A'.repeat(6 * KB)}`,
    'phantastika_session=1; phantastika_session=2',
    ';;;===;;;',
  ];
  for (const endpoint of endpoints.filter((e) => e.auth)) {
    const random = seededRandom(`${seed}|cookies|${endpoint.key}`);
    for (const cookie of options.mode === 'full' ? badCookies : sample(badCookies, 3, random, ['phantastika_session=%'])) {
      const c = request(endpoint, next(), {}, { id: `cookie ${cookie.slice(0, 60)}`, group: 'header' });
      cases.push({ ...c, auth: false, headers: { ...c.headers, cookie } });
    }
  }

  // Odd Accept-Language (header values are Latin-1 by the HTTP rules, so ASCII only).
  const languages = ['*', 'xx', 'de-DE;q=abc', 'en;q=0, de;q=1e309', 'it;q=-1', ',,,;;;', 'it-IT-x-private-whatever', "en'--", '%00', 'a'.repeat(8 * KB)];
  for (const endpoint of endpoints.filter((e) => ['books', 'auth-login'].includes(e.fn))) {
    for (const language of languages) {
      const c = request(endpoint, next(), {}, { id: `accept-language ${language.slice(0, 40)}`, group: 'header' });
      cases.push({ ...c, headers: { ...c.headers, 'accept-language': language } });
    }
  }

  // Origins on a mutating request: a foreign one is a 403, a malformed one never a 500.
  for (const endpoint of endpoints.filter((e) => e.fn === 'auth-login' || (e.fn === 'profile' && e.method === 'PATCH'))) {
    for (const origin of ['null', 'http://evil.example', 'not a url', 'http://127.0.0.1:1', 'file://', 'http://[::1', 'https://user:pass@evil.example:99999']) {
      const c = request(endpoint, next(), {}, { id: `origin ${origin}`, group: 'header' });
      cases.push({ ...c, headers: { ...c.headers, origin } });
    }
  }
  // Idempotency keys on writes (issue 27 point 7): a key that is no key is a 400, a reused one a 400
  // or the first answer, never a 5xx. The same key on every case of an endpoint: one runs, the rest
  // meet the kept answer or the reuse refusal.
  const keys = ['', ' ', '""', '"', 'a b', 'k'.repeat(256), "'; DROP TABLE idempotency_keys; --", '%00', 'fuzz-idempotency-key', '"fuzz-quoted-key"'];
  for (const endpoint of endpoints.filter((e) => (e.fn === 'reading-list' && e.method === 'POST') || e.fn === 'analytics-event' || (e.fn === 'profile' && e.method === 'PATCH'))) {
    for (const key of options.mode === 'full' ? keys : sample(keys, 5, seededRandom(`${seed}|idempotency|${endpoint.key}`), ['fuzz-idempotency-key'])) {
      const c = request(endpoint, next(), {}, { id: `idempotency-key ${key.slice(0, 40)}`, group: 'header' });
      cases.push({ ...c, headers: { ...c.headers, 'idempotency-key': key } });
    }
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------
// Sending and checking
// ---------------------------------------------------------------------------------------------

export interface FuzzResult {
  case: FuzzCase;
  status: number;
  /** The answer's body (cut to 2,000 characters). */
  body: string;
  ms: number;
  /** Why the answer is wrong; undefined when it is fine. */
  problem?: string;
}

export interface Session {
  /** The Cookie header of the signed-in fuzz user. */
  cookie: () => string;
  /** Signs in again (a case may end the session); resolves when `cookie()` is fresh. */
  renew: () => Promise<void>;
}

export interface RunOptions {
  concurrency?: number;
  session?: Session;
  /** The fuzz admin's session, for the cases of admin endpoints (without it they go as the fuzz user: 403s). */
  adminSession?: Session;
  /** Give each request its own `x-test-client-ip` (the server must trust it), so rate limits stay out of the way. */
  rotateClientIp?: boolean;
  /** Per-request time limit. */
  timeoutMs?: number;
  onProgress?: (done: number, total: number) => void;
}

const AnyEnvelope = z.union([successEnvelope(z.unknown()), ErrorEnvelopeSchema]);

/** Why an answer breaks the contract (no 5xx; the JSON envelope unless 204 or an allowed redirect), or undefined. */
export function problemOf(c: FuzzCase, status: number, contentType: string | null, location: string | null, text: string): string | undefined {
  if (status >= 500) return `status ${status}`;
  if (status === 204) return text === '' ? undefined : 'a body on a 204';
  if (c.background && status === 202) return text === '' ? undefined : 'a body on a background 202';
  if (c.redirect && status >= 300 && status < 400) return location ? undefined : 'a redirect without Location';
  if (c.fileType && status === 200) return contentType?.startsWith(c.fileType) ? undefined : `content-type ${contentType ?? 'none'} instead of ${c.fileType}`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return `not JSON (content-type ${contentType ?? 'none'})`;
  }
  const envelope = AnyEnvelope.safeParse(json);
  if (!envelope.success) return 'not the envelope';
  if (status < 400 && !envelope.data.success) return `an error envelope with status ${status}`;
  if (status >= 400) {
    if (envelope.data.success) return `a success envelope with status ${status}`;
    if (STATUS_OF[envelope.data.error.code] !== status) return `code ${envelope.data.error.code} with status ${status}`;
  }
  if (!contentType?.startsWith('application/json')) return `content-type ${contentType ?? 'none'}`;
  return undefined;
}

/** A client address per request number, in 198.18.0.0/15 (no other test uses it, so their rate limits never meet). */
export const clientIp = (i: number) => `198.${18 + ((i >> 16) & 1)}.${(i >> 8) & 255}.${i & 255}`;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request over `agent` (a keep-alive connection of its own per worker, or `false` for a fresh one). */
function httpSend(baseUrl: string, c: FuzzCase, headers: Record<string, string>, agent: http.Agent | false, timeoutMs: number): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl);
  const body = c.body === undefined ? undefined : Buffer.from(c.body);
  const all: Record<string, string> = { ...headers };
  // Node's client frames a DELETE body only when told to: say chunked or give the length.
  if (body) Object.assign(all, c.streamBody ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) });
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: hostname, port, method: c.method, path: c.url, headers: all, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    // Chunked (no Content-Length) when streamed; a server may answer before it has read it all.
    if (body) for (let at = 0; at < body.length; at += c.streamBody ? 16 * KB : body.length) req.write(body.subarray(at, at + (c.streamBody ? 16 * KB : body.length)));
    req.end();
  });
}

const errorText = (error: unknown) => (error instanceof Error ? `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}` : String(error));
/** A request that never got an answer because the server dropped the kept-alive connection it was sent on. */
const isDroppedConnection = (error: unknown) => ['ECONNRESET', 'EPIPE', 'ECONNABORTED'].includes((error as NodeJS.ErrnoException).code ?? '') || /socket hang up/.test(String(error));

/**
 * Sends every case with a few in flight, each worker over one kept-alive connection (as a browser
 * does), so an answer that leaves its connection unusable shows: the case before it on that
 * connection is reported, and the next case is sent again on a fresh connection. A signed-in case
 * answered 401 is sent again after signing in (a case may have ended the session).
 */
export async function runCases(baseUrl: string, cases: FuzzCase[], options: RunOptions = {}): Promise<{ results: FuzzResult[]; renewals: number }> {
  const results: FuzzResult[] = new Array(cases.length);
  const timeoutMs = options.timeoutMs ?? 20_000;
  let nextIndex = 0;
  let done = 0;
  let renewals = 0;
  const renewing = new Map<Session, Promise<void>>();

  const sessionOf = (c: FuzzCase) => (c.admin && options.adminSession ? options.adminSession : options.session);
  const headersOf = (c: FuzzCase, index: number) => {
    const headers: Record<string, string> = { 'accept-language': ['en', 'de', 'it'][index % 3]!, ...c.headers };
    if (options.rotateClientIp) headers['x-test-client-ip'] = clientIp(index + 1);
    const session = sessionOf(c);
    if (c.auth && session) headers.cookie = session.cookie();
    return headers;
  };
  const check = (c: FuzzCase, answer: Answer, ms: number): Omit<FuzzResult, 'case'> => {
    const header = (name: string) => [answer.headers[name] ?? []].flat()[0] ?? null;
    return { status: answer.status, body: answer.text.slice(0, 2000), ms, problem: problemOf(c, answer.status, header('content-type'), header('location'), answer.text) };
  };

  const worker = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let previous: number | undefined;
    try {
      for (;;) {
        const index = nextIndex++;
        if (index >= cases.length) return;
        const c = cases[index]!;
        const attempt = async (): Promise<Omit<FuzzResult, 'case'>> => {
          const t0 = performance.now();
          try {
            return check(c, await httpSend(baseUrl, c, headersOf(c, index), agent, timeoutMs), performance.now() - t0);
          } catch (error) {
            const waited = performance.now() - t0;
            if (!isDroppedConnection(error)) return { status: 0, body: '', ms: waited, problem: `no answer: ${errorText(error)}` };
            // The connection was dropped under this request: blame the answer before it, then try again on a fresh one.
            const culprit = previous === undefined ? undefined : results[previous];
            if (culprit) {
              culprit.problem ??= `left its kept-alive connection broken: the next request sent on it waited ${Math.round(waited)} ms, then got ${errorText(error)} (${c.method} ${c.url.slice(0, 80)})`;
            }
            const t1 = performance.now();
            try {
              return check(c, await httpSend(baseUrl, c, headersOf(c, index), false, timeoutMs), performance.now() - t1);
            } catch (again) {
              return { status: 0, body: '', ms: performance.now() - t1, problem: `no answer on a fresh connection either: ${errorText(again)}` };
            }
          }
        };
        let result = await attempt();
        const session = sessionOf(c);
        if (c.auth && session && result.status === 401) {
          let renewal = renewing.get(session);
          if (!renewal) {
            renewal = session.renew().finally(() => renewing.delete(session));
            renewing.set(session, renewal);
          }
          renewals++;
          await renewal;
          result = await attempt();
        }
        results[index] = { case: c, ...result };
        previous = index;
        options.onProgress?.(++done, cases.length);
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  return { results, renewals };
}

/** `200×12, 400×30`: how many answers had each status (0: none). */
export function statusCounts(results: FuzzResult[]): string {
  const counts = new Map<number, number>();
  for (const r of results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  return [...counts].sort((a, b) => a[0] - b[0]).map(([status, n]) => `${status}×${n}`).join(', ');
}

/** One line per request for a report: method, URL, body and answer, cut to a readable length. */
export function describeResult(r: FuzzResult, width = 300): string {
  const cut = (s: string) => (s.length > width ? `${s.slice(0, width)}… (${s.length} characters)` : s);
  const body = r.case.body === undefined ? '' : typeof r.case.body === 'string' ? r.case.body : `<${r.case.body.length} bytes>`;
  const headers = Object.entries(r.case.headers)
    .filter(([k]) => k !== 'content-type' || r.case.group === 'body')
    .map(([k, v]) => `${k}: ${cut(v)}`)
    .join('; ');
  return [
    `${r.case.method} ${cut(r.case.url)}  [${r.case.endpoint} | ${r.case.id}]`,
    headers && `  headers: ${headers}`,
    body && `  body: ${cut(JSON.stringify(body))}`,
    `  -> ${r.status} ${r.problem}: ${cut(r.body)}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * Registers the fuzz user (`label` tells the fuzz admin's address apart), has `verify` mark the address verified (e.g. an UPDATE; no mail round
 * trip), signs in and returns the session the runner uses; `renew` signs in again.
 */
export async function fuzzUserSession(baseUrl: string, verify: (email: string) => Promise<void>, label = 'owner'): Promise<Session & { email: string }> {
  const email = `fuzz-${label}-${Date.now()}-${process.pid}@example.org`;
  const password = 'Fuzz-Session-Owner-4711!';
  // An address of its own, outside those `clientIp` gives the fuzz requests.
  const post = (pathname: string, body: unknown) =>
    fetch(`${baseUrl}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-test-client-ip': '203.0.113.254', 'accept-language': 'en' }, body: JSON.stringify(body) });
  const registered = await post('/api/auth/register', { email, password, firstName: 'Fuzz' });
  if (registered.status !== 202) throw new Error(`Registering the fuzz user answered ${registered.status}: ${await registered.text()}`);
  await verify(email);
  const signIn = async () => {
    const login = await post('/api/auth/login', { email, password });
    const cookie = login.headers.get('set-cookie')?.split(';')[0];
    if (login.status !== 200 || !cookie) throw new Error(`Signing in the fuzz user answered ${login.status}: ${await login.text()}`);
    return cookie;
  };
  let cookie = await signIn();
  return { email, cookie: () => cookie, renew: async () => void (cookie = await signIn()) };
}

/** A folder with the site's real `_redirects` only, so unclaimed /api/* paths reach api-not-found as deployed. */
export function redirectsOnlySite(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'phantastika-fuzz-site-'));
  copyFileSync(path.join(ROOT, 'public', '_redirects'), path.join(dir, '_redirects'));
  return dir;
}
