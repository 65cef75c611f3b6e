/**
 * Helpers of the admin e2e tests (issue 13): the seeded super user's sign-in, and a look into the e2e
 * database for what the pages cannot show before a rebuild (a renamed slug's redirect row).
 */
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_DATABASE } from '../e2e/global-setup.ts';

/** The super user every seed creates (db/seed/super-user.ts). */
export const ADMIN = { email: 'admin@phantastika.local', password: 'Phantastika-Admin-2026!' } as const;

export async function signInAsAdmin(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
}

/** One query against the e2e database of the running `npm start` (its embedded server). */
export async function queryE2e<T extends Record<string, unknown>>(text: string, values: unknown[]): Promise<T[]> {
  const { default: pg } = await import('pg');
  const { ensureEmbeddedServer } = await import('../../db/embedded.ts');
  const server = await ensureEmbeddedServer({ root: path.resolve(import.meta.dirname, '../..') });
  const client = new pg.Client({ connectionString: `${server.serverUrl}/${E2E_DATABASE}` });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
