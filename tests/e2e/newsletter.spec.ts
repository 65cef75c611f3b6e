/**
 * The newsletter and the welcome page (issue 14 points 4-6) in the browser: a German reader
 * subscribes from the footer (the form hydrates on intent), confirms through the link the server
 * mailed to the outbox, and unsubscribes through the link of a newsletter mail composed as the
 * campaign sender will compose it; the confirmation page passes axe. The welcome page exists in three
 * languages, noindex and outside the sitemap.
 */
import { expect, test } from '@playwright/test';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import it from '../../locales/it.json' with { type: 'json' };
import { axeBuilder } from '../support/axe.ts';
import { uniqueEmail } from '../support/e2e-accounts.ts';
import { queryE2e, signInAsAdmin } from '../support/e2e-admin.ts';
import { mailsTo } from '../support/outbox.ts';

/** The newest mail to an address that contains `marker`, waiting for it (mail goes out after the answer). */
async function mailWith(email: string, marker: string): Promise<string> {
  let found: string | undefined;
  await expect.poll(() => (found = mailsTo(email).reverse().find((m) => m.includes(marker))), { timeout: 10_000 }).toBeTruthy();
  return found!;
}

test('a German reader subscribes from the footer, confirms through the mailed link and unsubscribes', async ({ page, baseURL }) => {
  await queryE2e(`DELETE FROM rate_limits WHERE key LIKE 'newsletter:%'`, []);
  const email = uniqueEmail('newsletter');
  await page.goto('/de/books');

  const form = page.getByRole('form', { name: de['newsletter.heading'] });
  await test.step('subscribe from the footer', async () => {
    const subscribe = form.getByRole('button', { name: de['newsletter.submit'] });
    await expect(subscribe).toBeDisabled(); // static HTML until intent
    await form.hover(); // intent hydrates the island (ADR 0008): the button is enabled once it has
    await expect(subscribe).toBeEnabled();
    await form.getByLabel(de['newsletter.email']).fill(email);
    await expect(form.getByLabel(de['newsletter.language'])).toHaveValue('de');
    await subscribe.click();
    // Without consent nothing is sent: the box says why.
    await expect(form.getByText(de['validation.newsletter.consent'])).toBeVisible();
    await form.getByRole('checkbox', { name: de['newsletter.consent'] }).check();
    await subscribe.click();
    await expect(form.getByRole('status').filter({ hasText: email })).toContainText('Fast geschafft');
  });

  const link = await test.step('the confirmation mail is German and nothing is subscribed yet', async () => {
    const mail = await mailWith(email, '/newsletter/confirm?token=');
    const url = /(https?:\/\/\S+\/de\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43})/.exec(mail)?.[1];
    expect(url).toBeTruthy();
    const [row] = await queryE2e<{ confirmed_at: Date | null; consent_text_version: string; language: string }>(
      'SELECT confirmed_at, consent_text_version, language FROM newsletter_subscriptions WHERE email = $1',
      [email],
    );
    expect(row).toMatchObject({ confirmed_at: null, language: 'de' });
    expect(row!.consent_text_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    return url!;
  });

  await test.step('the link confirms once; the page passes axe', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: de['newsletter.confirm.title'] })).toBeVisible();
    await expect(page.getByText(de['newsletter.confirm.success'])).toBeVisible();
    const audit = await axeBuilder(page).analyze();
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.reload();
    await expect(page.getByText(de['newsletter.confirm.used'])).toBeVisible();
  });

  await test.step('a newsletter mail carries an unsubscribe link that ends the subscription', async () => {
    const [{ id }] = (await queryE2e<{ id: string }>('SELECT id FROM newsletter_subscriptions WHERE email = $1', [email])) as [{ id: string }];
    const { newsletterMailFor } = await import('../../netlify/functions/_shared/newsletter.ts');
    const { sendMail } = await import('../../netlify/functions/_shared/mailer.ts');
    const composed = newsletterMailFor(baseURL!, { id, email, language: 'de' }, { subject: 'Neu im Katalog', text: 'Hallo', html: '<p>Hallo</p>' });
    expect(composed.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    await sendMail(composed);
    const mail = await mailWith(email, '/newsletter/unsubscribe?token=');
    const unsubscribe = /(https?:\/\/\S+\/de\/newsletter\/unsubscribe\?token=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/.exec(mail)?.[1];
    expect(unsubscribe).toBeTruthy();
    await page.goto(unsubscribe!);
    await page.getByRole('button', { name: de['newsletter.unsubscribe.submit'] }).click();
    await expect(page.getByText(de['newsletter.unsubscribe.done'])).toBeVisible();
    const [row] = await queryE2e<{ unsubscribed_at: Date | null }>('SELECT unsubscribed_at FROM newsletter_subscriptions WHERE email = $1', [email]);
    expect(row!.unsubscribed_at).not.toBeNull();
  });
});

test('a super user sees the subscriber counts and downloads the confirmed subscribers as CSV', async ({ page }) => {
  await signInAsAdmin(page.request);
  await page.goto('/it/admin/newsletter');
  await expect(page.getByRole('heading', { level: 1, name: it['admin.newsletter.title'] })).toBeVisible();
  await expect(page.getByRole('table', { name: it['admin.newsletter.byLanguage'] })).toBeVisible();
  const audit = await axeBuilder(page).analyze();
  expect(audit.violations.map((v) => v.id)).toEqual([]);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: it['admin.newsletter.export'] }).click()]);
  expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
});

test('the welcome page is under construction in three languages, noindex and not in the sitemap', async ({ page, request }) => {
  for (const [locale, texts] of [['en', en], ['de', de], ['it', it]] as const) {
    await test.step(locale, async () => {
      await page.goto(`/${locale}/welcome`);
      await expect(page.getByRole('heading', { level: 1, name: texts['welcome.title'] })).toBeVisible();
      await expect(page.getByText(texts['welcome.underConstruction'])).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    });
  }
  const index = await (await request.get('/sitemap.xml')).text();
  const pages = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  for (const part of pages.filter((p) => p.includes('pages'))) expect(await (await request.get(part)).text()).not.toContain('/welcome');
});
