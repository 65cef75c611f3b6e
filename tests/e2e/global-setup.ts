import '../../scripts/local-runtime.ts';
/**
 * Playwright global setup: empties `rate_limits` in the e2e database, so a rerun within the hour does
 * not hit the registration limit (accounts.spec.ts registers several accounts from one address).
 *
 * Playwright starts the web server before this runs, so `npm start` has already started the embedded
 * server of this checkout (.data/pg) and migrated the database. On a fresh machine the database or
 * the table may still be missing: then there is nothing to empty.
 */
import path from 'node:path';
import type { FullConfig } from '@playwright/test';

/** The e2e server's own database on the embedded server (playwright.config.ts: EMBEDDED_DATABASE). */
export const E2E_DATABASE = 'phantastika_e2e';

/** PostgreSQL's "database does not exist". */
const INVALID_CATALOG_NAME = '3D000';

export default async function globalSetup(config: FullConfig): Promise<void> {
  // Imported here, not at the top: playwright.config.ts imports E2E_DATABASE from this file.
  const { default: pg } = await import('pg');
  const { ensureEmbeddedServer, stopOwnedEmbeddedServers } = await import('../../db/embedded.ts');
  const root = config.configFile ? path.dirname(config.configFile) : process.cwd();
  const server = await ensureEmbeddedServer({ root });
  const client = new pg.Client({ connectionString: `${server.serverUrl}/${E2E_DATABASE}` });
  try {
    await client.connect();
    const { rows } = await client.query<{ present: boolean }>(`SELECT to_regclass('public.rate_limits') IS NOT NULL AS present`);
    if (rows[0]?.present) {
      const { rowCount } = await client.query('DELETE FROM rate_limits');
      if (rowCount) console.log(`global setup: cleared ${rowCount} rate limit counter(s) in ${E2E_DATABASE}.`);
    }
  } catch (error) {
    if ((error as { code?: string }).code !== INVALID_CATALOG_NAME) throw error;
  } finally {
    await client.end().catch(() => undefined);
    // Only stops a server this process started (none when the web server's `npm start` runs it).
    await stopOwnedEmbeddedServers();
  }
}
