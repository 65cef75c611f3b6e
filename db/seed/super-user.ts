/**
 * The local super user (issue 4): created by the seed from ADMIN_EMAIL and ADMIN_PASSWORD, verified.
 * The defaults are for a laptop only; production refuses to start with them.
 */
import type { Database } from '../client.ts';
import { createUser, findUserByEmail, setRole } from '../queries/accounts.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@phantastika.local';
export const DEFAULT_ADMIN_PASSWORD = 'Phantastika-Admin-2026!';

export function adminCredentials(env: NodeJS.ProcessEnv, production: boolean): { email: string; password: string } {
  const email = (env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const password = env.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD;
  if (production && (email === DEFAULT_ADMIN_EMAIL || password === DEFAULT_ADMIN_PASSWORD)) {
    throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD must be set to non-default values in production (see README: Environment).');
  }
  return { email, password };
}

/** Creates the super user when missing, or raises an existing account with that email to SUPER_USER. */
export async function ensureSuperUser(db: Database, email: string, passwordHash: () => Promise<string>): Promise<'created' | 'promoted' | 'present'> {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.role === 'SUPER_USER') return 'present';
    await setRole(db, existing.id, 'SUPER_USER');
    return 'promoted';
  }
  await createUser(db, { email, passwordHash: await passwordHash(), language: 'en', role: 'SUPER_USER', verified: true, firstName: 'Admin' });
  return 'created';
}
