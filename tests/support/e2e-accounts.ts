/**
 * Accounts for e2e tests whose subject comes after signing up (the profile, sessions, the reader's
 * pop-up): registered through the real API, confirmed by the link the server mailed and signed in
 * through `POST /api/auth/login`, which sets the session and hint cookies in the browser context as
 * the login form does. Registering and logging in through the forms themselves are tested in
 * tests/e2e/accounts.spec.ts ("the whole way through the interface").
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Locale } from '../../src/domain/enums.ts';
import { queryE2e } from './e2e-admin.ts';
import { latestToken } from './outbox.ts';

export interface NewAccount {
  /** Part of the address, so that the outbox shows which test wrote to it. */
  label: string;
  password: string;
  language?: Locale;
  firstName?: string;
  lastName?: string;
}

/** A unique address for a test account. */
export const uniqueEmail = (label: string) => `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;

/**
 * A new account, registered and confirmed through the API (not signed in); its email address. The
 * suite registers dozens of accounts from one address, past the limit of 10 an hour a real visitor
 * meets (tests/integration/auth.test.ts tests that limit): a setup account first empties that counter.
 */
export async function confirmedAccount(request: APIRequestContext, account: NewAccount): Promise<string> {
  await queryE2e(`DELETE FROM rate_limits WHERE key LIKE 'register:%'`, []);
  const email = uniqueEmail(account.label);
  const { password, language, firstName, lastName } = account;
  const registered = await request.post('/api/auth/register', { data: { email, password, language, firstName, lastName } });
  expect(registered.ok(), await registered.text()).toBe(true);
  const verified = await request.post('/api/auth/verify-email', { data: { token: await latestToken(email, 'verify-email') } });
  expect(verified.ok(), await verified.text()).toBe(true);
  return email;
}

/** Signs an account in in the page's browser context (its cookies, as after the login form). */
export async function signInThroughApi(page: Page, email: string, password: string): Promise<void> {
  const login = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok(), await login.text()).toBe(true);
}

/** A new account, confirmed and signed in in the page's browser context; its email address. */
export async function signedInThroughApi(page: Page, account: NewAccount): Promise<string> {
  const email = await confirmedAccount(page.request, account);
  await signInThroughApi(page, email, account.password);
  return email;
}
