/**
 * Where the code runs, and what it may take for granted there (issue 26 point 1). A deployed Netlify
 * function sees none of `CONTEXT` or `NETLIFY`, so production cannot be recognised; the local runtime
 * (`npm start`, `npm run dev`, the tests, the benchmarks) says so instead, through one variable that
 * its entry points set. Everything else is production: it fails closed when a secret or setting is
 * missing, and never uses a local default.
 *
 * Pure: the environment is passed in (STYLE.md rule 1).
 */

/** The variable the local runtime sets (`scripts/local-runtime.ts`); nothing deployed ever has it. */
export const LOCAL_RUNTIME_VARIABLE = 'PHANTASTIKA_RUNTIME';
export const LOCAL_RUNTIME_VALUE = 'local';

export type EnvironmentValues = Readonly<Record<string, string | undefined>>;

/** Whether this is the local runtime; anything that does not say so is production. */
export function isLocalRuntime(env: EnvironmentValues): boolean {
  return env[LOCAL_RUNTIME_VARIABLE] === LOCAL_RUNTIME_VALUE;
}

/**
 * Production, deploy previews and branch deploys alike: every place that is not the local runtime.
 * @example isProduction({}) // true: a deployed function sees no marker
 */
export function isProduction(env: EnvironmentValues): boolean {
  return !isLocalRuntime(env);
}

/** A required setting that is missing or wrong: a configuration error, never a silent local default. */
export class ConfigurationError extends Error {
  /** The variable to set or fix, e.g. `DATABASE_URL`. */
  readonly setting: string;

  constructor(setting: string, message: string) {
    super(message);
    this.name = 'ConfigurationError';
    this.setting = setting;
  }
}

const nonEmpty = (value: string | undefined): string | undefined => (value && value.trim() !== '' ? value.trim() : undefined);

/**
 * The database the functions and the build use: `DATABASE_URL`, else (deployed only) Netlify DB's
 * `NETLIFY_DB_URL`. Locally `netlify dev` injects a NETLIFY_DB_URL of its own, so it is never read
 * there: the local runtime hands its embedded server's URL over as DATABASE_URL.
 */
export function databaseUrlOf(env: EnvironmentValues): string | undefined {
  const configured = nonEmpty(env.DATABASE_URL);
  if (configured) return configured;
  return isLocalRuntime(env) ? undefined : nonEmpty(env.NETLIFY_DB_URL);
}

/** `databaseUrlOf`, or the configuration error that names what to set. */
export function requireDatabaseUrl(env: EnvironmentValues): string {
  const url = databaseUrlOf(env);
  if (url) return url;
  throw new ConfigurationError(
    'DATABASE_URL',
    isLocalRuntime(env)
      ? 'DATABASE_URL is not set: the local runtime starts the database and hands its URL to the functions.'
      : 'DATABASE_URL is not set: production needs a PostgreSQL or Neon connection string (or Netlify DB\'s NETLIFY_DB_URL). See README: Deploy to Netlify.',
  );
}

/** Netlify's deploy contexts whose own address is DEPLOY_PRIME_URL rather than the site's URL. */
const PRIME_URL_CONTEXTS: ReadonlySet<string> = new Set(['deploy-preview', 'branch-deploy']);

/**
 * The site's public address (origin, no trailing slash), for every address the site writes: mail
 * links, redirects, canonical URLs, the origin check (issue 26 point 2). `SITE_URL` wins. Otherwise
 * Netlify's own variables: at build time `CONTEXT` says which (a deploy preview or branch deploy is
 * served at DEPLOY_PRIME_URL, production at URL); a deployed function has only `URL`. The local runtime
 * falls back to the local server's own address (`localOrigin`), never to a request's Host.
 * @example siteUrlOf({ URL: 'https://phantastika.netlify.app' }) // 'https://phantastika.netlify.app'
 */
export function siteUrlOf(env: EnvironmentValues, localOrigin?: string): string | undefined {
  const chosen =
    nonEmpty(env.SITE_URL) ??
    (env.CONTEXT && PRIME_URL_CONTEXTS.has(env.CONTEXT) ? nonEmpty(env.DEPLOY_PRIME_URL) : undefined) ??
    nonEmpty(env.URL) ??
    (isLocalRuntime(env) ? nonEmpty(localOrigin) : undefined);
  if (!chosen) return undefined;
  const url = new URL(chosen);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return url.origin;
}

/** `siteUrlOf`, or the configuration error that names what to set. */
export function requireSiteUrl(env: EnvironmentValues, localOrigin?: string): string {
  let url: string | undefined;
  try {
    url = siteUrlOf(env, localOrigin);
  } catch {
    throw new ConfigurationError('SITE_URL', 'SITE_URL is not a URL: set it to the site\'s address, e.g. https://phantastika.example.');
  }
  if (url) return url;
  throw new ConfigurationError('SITE_URL', 'The site\'s address is unknown: set SITE_URL (or deploy on Netlify, which sets URL and DEPLOY_PRIME_URL). See README: Deploy to Netlify.');
}

/**
 * What a build may do to its database (issue 26 point 5). Only the production context (and the local
 * runtime) migrates and imports the seed catalogue; a deploy preview or branch deploy reads its
 * database and fails when migrations are pending there, so a preview can never change the production
 * database even when it is pointed at it. Migrating another context's database (its own Neon branch)
 * is an explicit `npm run db:migrate` against that branch.
 * @example buildDatabaseWork({ CONTEXT: 'deploy-preview' }) // 'read-only'
 */
export function buildDatabaseWork(env: EnvironmentValues): 'migrate-and-seed' | 'read-only' {
  return isLocalRuntime(env) || env.CONTEXT === 'production' ? 'migrate-and-seed' : 'read-only';
}

/**
 * Whether `origin` is one of Netlify's addresses of this site's own deploys: every deploy preview,
 * branch deploy and permalink is served at `https://<label>--<SITE_NAME>.netlify.app`, a name only
 * this site's deploys can have. The origin check accepts these beside the site's address, so forms
 * work on a preview whose SITE_URL is the production address.
 * @example isOwnDeployOrigin('https://deploy-preview-12--phantastika.netlify.app', 'phantastika') // true
 */
export function isOwnDeployOrigin(origin: string, siteName: string | undefined): boolean {
  if (!siteName || !/^[a-z0-9-]+$/.test(siteName)) return false;
  const match = /^https:\/\/([a-z0-9-]+)--([a-z0-9-]+)\.netlify\.app$/.exec(origin);
  return match !== null && match[2] === siteName;
}
