/**
 * What the reader e2e specs share: locale texts, a signed-in reader in the browser context, the
 * pop-up opened like a reader opens it, stars chosen like a keyboard user, and a console watch.
 * Against `npm start`; nothing of our API is mocked here.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import it from '../../locales/it.json' with { type: 'json' };
import { signedInThroughApi } from './e2e-accounts.ts';

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

/** A new reader, confirmed and signed in in this browser context (cookies as after the login form); their email. */
export const signIn = (page: Page, label: string, locale: Locale = 'en') =>
  signedInThroughApi(page, { label: `reader-${label}`, password: PASSWORD, language: locale, firstName: 'Lena', lastName: 'Leser' });

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

/** The pop-up opened and loaded: its book's title heading is there. */
export async function openPopup(page: Page, link: Locator): Promise<Locator> {
  const dialog = await openDialog(page, link);
  await expect(dialog.getByRole('heading', { level: 2 })).toBeVisible();
  return dialog;
}

/** The exact text of a review paragraph (innerText keeps its line breaks; toHaveText would fold them). */
export const exactText = (paragraph: Locator) => paragraph.evaluate((element) => (element as HTMLElement).innerText);
