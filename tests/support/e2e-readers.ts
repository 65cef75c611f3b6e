/**
 * What the reader e2e specs share: locale texts, a signed-in reader in the browser context, the
 * pop-up opened like a reader opens it, stars chosen like a keyboard user, and a console watch.
 * Against `npm start`; nothing of our API is mocked here.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import it from '../../locales/it.json' with { type: 'json' };
import { latestToken } from './outbox.ts';

export const MESSAGES = { en, de, it } as const;
export type Locale = keyof typeof MESSAGES;
export type Key = keyof typeof en;
export const text = (locale: Locale, key: Key) => MESSAGES[locale][key];
export const fillIn = (template: string, params: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

const PASSWORD = 'Leser-Sterne-2026!';

/** Console errors, uncaught exceptions and failed requests of a page: every test ends with none. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A navigation away aborts what the previous page still loaded: not the page's fault.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  return problems;
}

/** A new reader, confirmed and signed in in this browser context (cookies as after the login form). */
export async function signIn(page: Page, label: string, locale: Locale = 'en'): Promise<string> {
  const email = `e2e-reader-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const registered = await page.request.post('/api/auth/register', { data: { email, password: PASSWORD, firstName: 'Lena', lastName: 'Leser', language: locale } });
  expect(registered.ok(), await registered.text()).toBe(true);
  const token = await latestToken(email, 'verify-email');
  const verified = await page.request.post('/api/auth/verify-email', { data: { token } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  return email;
}

/** The title link of the first book card in the page's main content. */
export const firstCardLink = (page: Page) => page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link');

/** Chooses a star like a keyboard user: the radios are visually hidden under their star labels. */
export async function choose(radio: Locator): Promise<void> {
  await radio.focus();
  await radio.press('Space');
}

/** Opens the pop-up from a card link like a reader: pointer over it (loads the code), then a click; resolves with the dialog. */
export async function openDialog(page: Page, link: Locator): Promise<Locator> {
  await link.hover();
  await link.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}
