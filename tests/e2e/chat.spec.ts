/**
 * The book assistant in the browser (issue 15 points 1, 6): a golden reader asks in German and gets
 * recommendations linked to real books, one of which opens in the book pop-up; a power user sees the
 * premium note; a visitor the sign-in prompt; axe finds nothing on the open chat. No model is
 * configured here (as in CI): the catalogue's own recommender answers through the same endpoint.
 * The assistant's code is loaded only when it is opened.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { axeBuilder } from '../support/axe.ts';
import { signedInThroughApi } from '../support/e2e-accounts.ts';
import { queryE2e } from '../support/e2e-admin.ts';
import { text, watchConsole } from '../support/e2e-readers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'Chat-Passwort-2026!';

async function signedInAs(page: Page, label: string, role: 'POWER_USER' | 'GOLDEN_USER'): Promise<string> {
  const email = await signedInThroughApi(page, { label, password: PASSWORD, language: 'de', firstName: 'Gerda' });
  await queryE2e(`UPDATE users SET role = $1 WHERE email = $2`, [role, email]);
  return email;
}

/** Opens the assistant like a reader: pointer over the button (starts loading), then a click. */
async function openAssistant(page: Page, locale: 'en' | 'de' | 'it') {
  const open = page.getByRole('button', { name: text(locale, 'chat.open') });
  await open.hover();
  await open.click();
}

test('de: a golden reader asks and gets linked recommendations; one opens in the pop-up', async ({ page }) => {
  const problems = watchConsole(page);
  const email = await signedInAs(page, 'chat-golden', 'GOLDEN_USER');
  try {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/de/');
    await expect(page.getByRole('heading', { name: text('de', 'chat.title') })).toBeVisible();
    const before = scripts.length;
    await openAssistant(page, 'de');
    // The assistant's code came only now.
    expect(scripts.slice(before).some((url) => /ChatPanel|chat-entry/.test(url))).toBe(true);

    const input = page.getByRole('textbox', { name: text('de', 'chat.inputLabel') });
    await expect(input).toBeFocused();
    await input.fill('Ich mochte Die linke Hand der Dunkelheit, was noch?');
    await input.press('Enter');

    const log = page.getByRole('log', { name: text('de', 'chat.conversationLabel') });
    await expect(log).toContainText(text('de', 'chat.recommender.label'));
    await expect(log).toHaveAttribute('aria-busy', 'false');
    const links = log.getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(3);
    for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))) expect(href).toMatch(/^\/de\/books\/[a-z0-9-]+$/);

    // A recommended book opens in the pop-up, without leaving the page.
    const first = links.first();
    const title = (await first.innerText()).trim();
    await first.hover();
    await first.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(title);
    await expect(page).toHaveURL(/\/de\/$/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Start over empties the conversation; the reader's conversations can be deleted.
    await page.getByRole('button', { name: text('de', 'chat.startOver') }).click();
    await expect(log.getByRole('link')).toHaveCount(0);
    await page.getByRole('button', { name: text('de', 'chat.deleteAll') }).click();
    await expect(page.getByRole('status').filter({ hasText: text('de', 'chat.deleted') })).toBeVisible();
    expect(problems).toEqual([]);
  } finally {
    await queryE2e(`DELETE FROM users WHERE email = $1`, [email]);
  }
});

test('de: a power user sees that the assistant is a premium feature; a visitor is asked to sign in', async ({ page }) => {
  const email = await signedInAs(page, 'chat-power', 'POWER_USER');
  try {
    await page.goto('/de/');
    await openAssistant(page, 'de');
    await expect(page.getByText(text('de', 'chat.premiumText'))).toBeVisible();
    await expect(page.getByRole('textbox', { name: text('de', 'chat.inputLabel') })).toHaveCount(0);
  } finally {
    await queryE2e(`DELETE FROM users WHERE email = $1`, [email]);
  }
  await page.context().clearCookies();
  await page.goto('/de/');
  await openAssistant(page, 'de');
  const prompt = page.getByRole('alert').filter({ hasText: text('de', 'chat.signIn') });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('link', { name: text('de', 'nav.login') })).toHaveAttribute('href', /^\/de\/login/);
});

test('en: axe finds nothing on the open chat with an answer', async ({ page }) => {
  const email = await signedInAs(page, 'chat-axe', 'GOLDEN_USER');
  try {
    await page.goto('/en/#assistant');
    const input = page.getByRole('textbox', { name: text('en', 'chat.inputLabel') });
    await expect(input).toBeVisible();
    await input.fill('Something like Hyperion');
    await page.getByRole('button', { name: text('en', 'chat.send') }).click();
    await expect(page.getByRole('log')).toContainText(text('en', 'chat.recommender.label'));
    const results = await axeBuilder(page).include('#assistant').analyze();
    expect(results.violations).toEqual([]);
  } finally {
    await queryE2e(`DELETE FROM users WHERE email = $1`, [email]);
  }
});
