import { describe, expect, it } from 'vitest';
import {
  buildDatabaseWork,
  ConfigurationError,
  databaseUrlOf,
  isLocalRuntime,
  isOwnDeployOrigin,
  isProduction,
  requireDatabaseUrl,
  requireSiteUrl,
  siteUrlOf,
} from './environment.ts';

const LOCAL = { PHANTASTIKA_RUNTIME: 'local' };
/** What a deployed Netlify function sees: no CONTEXT, no NETLIFY, Netlify's URL, SITE_NAME, SITE_ID. */
const DEPLOYED_FUNCTION = { URL: 'https://phantastika.netlify.app', SITE_NAME: 'phantastika', SITE_ID: 'abc' };

describe('production unless the local runtime says otherwise', () => {
  it('is production for a deployed function, which sees neither CONTEXT nor NETLIFY', () => {
    expect(isProduction(DEPLOYED_FUNCTION)).toBe(true);
    expect(isProduction({})).toBe(true);
  });

  it('is production in every Netlify context and for netlify dev without the marker', () => {
    for (const CONTEXT of ['production', 'deploy-preview', 'branch-deploy', 'dev']) expect(isProduction({ CONTEXT, NETLIFY: 'true' })).toBe(true);
    expect(isProduction({ NODE_ENV: 'development' })).toBe(true);
  });

  it('is local only when the local runtime sets its one variable to "local"', () => {
    expect(isLocalRuntime(LOCAL)).toBe(true);
    expect(isLocalRuntime({ PHANTASTIKA_RUNTIME: 'true' })).toBe(false);
    expect(isLocalRuntime({ PHANTASTIKA_RUNTIME: '' })).toBe(false);
  });
});

describe('the database URL', () => {
  it('is DATABASE_URL wherever it is set', () => {
    expect(databaseUrlOf({ DATABASE_URL: 'postgres://u@db/x' })).toBe('postgres://u@db/x');
    expect(databaseUrlOf({ ...LOCAL, DATABASE_URL: 'postgres://u@db/x' })).toBe('postgres://u@db/x');
  });

  it("is Netlify DB's NETLIFY_DB_URL deployed, never locally (netlify dev injects its own)", () => {
    expect(databaseUrlOf({ NETLIFY_DB_URL: 'postgres://u@neon/x' })).toBe('postgres://u@neon/x');
    expect(databaseUrlOf({ ...LOCAL, NETLIFY_DB_URL: 'postgres://u@neon/x' })).toBeUndefined();
  });

  it('is a configuration error naming DATABASE_URL when missing or empty, never an embedded server', () => {
    for (const env of [{}, { DATABASE_URL: '' }, { DATABASE_URL: '  ' }, DEPLOYED_FUNCTION]) {
      const error = (() => {
        try {
          requireDatabaseUrl(env);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).setting).toBe('DATABASE_URL');
      expect((error as Error).message).toMatch(/production needs a PostgreSQL or Neon connection string/);
    }
  });
});

describe("the site's address", () => {
  it('is SITE_URL first, as an origin without a trailing slash', () => {
    expect(siteUrlOf({ SITE_URL: 'https://phantastika.example/', URL: 'https://other.netlify.app' })).toBe('https://phantastika.example');
    expect(siteUrlOf({ SITE_URL: 'https://phantastika.example/some/path' })).toBe('https://phantastika.example');
  });

  it("is Netlify's URL for a deployed function and for a production build", () => {
    expect(siteUrlOf(DEPLOYED_FUNCTION)).toBe('https://phantastika.netlify.app');
    expect(siteUrlOf({ CONTEXT: 'production', URL: 'https://phantastika.netlify.app', DEPLOY_PRIME_URL: 'https://main--phantastika.netlify.app' })).toBe('https://phantastika.netlify.app');
  });

  it('is DEPLOY_PRIME_URL for a deploy preview or branch deploy build', () => {
    const env = { URL: 'https://phantastika.netlify.app', DEPLOY_PRIME_URL: 'https://deploy-preview-7--phantastika.netlify.app' };
    expect(siteUrlOf({ ...env, CONTEXT: 'deploy-preview' })).toBe('https://deploy-preview-7--phantastika.netlify.app');
    expect(siteUrlOf({ ...env, CONTEXT: 'branch-deploy' })).toBe('https://deploy-preview-7--phantastika.netlify.app');
  });

  it("falls back to the local server's own address only in the local runtime", () => {
    expect(siteUrlOf(LOCAL, 'http://localhost:8888')).toBe('http://localhost:8888');
    expect(siteUrlOf({}, 'http://evil.example')).toBeUndefined();
  });

  it('fails a deployed build or function that knows no address, or a SITE_URL that is no http(s) URL', () => {
    expect(() => requireSiteUrl({ CONTEXT: 'production' })).toThrow(/set SITE_URL/);
    expect(() => requireSiteUrl({ SITE_URL: 'not a url' })).toThrow(ConfigurationError);
    expect(siteUrlOf({ SITE_URL: 'javascript:alert(1)' })).toBeUndefined();
  });

  it("accepts Netlify's addresses of this site's own deploys, and no other site's", () => {
    expect(isOwnDeployOrigin('https://deploy-preview-12--phantastika.netlify.app', 'phantastika')).toBe(true);
    expect(isOwnDeployOrigin('https://main--phantastika.netlify.app', 'phantastika')).toBe(true);
    expect(isOwnDeployOrigin('https://deploy-preview-12--evil.netlify.app', 'phantastika')).toBe(false);
    expect(isOwnDeployOrigin('https://x--phantastika.netlify.app.evil.example', 'phantastika')).toBe(false);
    expect(isOwnDeployOrigin('http://main--phantastika.netlify.app', 'phantastika')).toBe(false);
    expect(isOwnDeployOrigin('https://main--phantastika.netlify.app', undefined)).toBe(false);
  });
});

describe('what a build may do to its database', () => {
  it('migrates and seeds in the production context and locally, and only reads elsewhere', () => {
    expect(buildDatabaseWork({ CONTEXT: 'production' })).toBe('migrate-and-seed');
    expect(buildDatabaseWork(LOCAL)).toBe('migrate-and-seed');
    expect(buildDatabaseWork({ CONTEXT: 'deploy-preview' })).toBe('read-only');
    expect(buildDatabaseWork({ CONTEXT: 'branch-deploy' })).toBe('read-only');
    expect(buildDatabaseWork({})).toBe('read-only');
  });
});
