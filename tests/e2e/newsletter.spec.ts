/**
 * The newsletter and the welcome page (issue 14 points 4-6) in the browser: a German reader
 * subscribes from the footer (the form hydrates on intent), confirms through the link the server
 * mailed to the outbox, and unsubscribes through the link of a newsletter mail composed as the
 * send queue composes it; the confirmation page passes axe. The welcome page exists in three
 * languages, noindex and outside the sitemap. Issue 29 point 23: an Italian reader on a phone (390 px)
 * without the mail asks the unsubscribe page for the link and unsubscribes with it; a German super
 * user writes an issue with a preview, test-mails it, sends it to the subscribers with progress, and
 * finds it in the archive.
 */
import { expect, test } from '@playwright/test';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import it from '../../locales/it.json' with { type: 'json' };
import { axeBuilder } from '../support/axe.ts';
import { uniqueEmail } from '../support/e2e-accounts.ts';
import { ADMIN, queryE2e, signInAsAdmin } from '../support/e2e-admin.ts';
import { mailsTo } from '../support/outbox.ts';

/** The newest mail to an address that contains `marker`, waiting for it (mail goes out after the answer). */
async function mailWith(email: string, marker: string): Promise<string> {
  let found: string | undefined;
  await expect.poll(() => (found = mailsTo(email).reverse().find((m) => m.includes(marker))), { timeout: 10_000 }).toBeTruthy();
  return found!;
}

test('a German reader subscribes from the footer, confirms through the mailed link and unsubscribes', async ({ page, baseURL }) => {
  // The file's first test meets the cold pages: 27 s of the default 30 at a load of 20 on 2 cores.
  test.setTimeout(60_000);
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

/** A confirmed subscription made in the database (the double opt-in has its own test above). */
async function confirmedSubscription(email: string, language: 'en' | 'de' | 'it'): Promise<string> {
  const [row] = await queryE2e<{ id: string }>(
    `INSERT INTO newsletter_subscriptions (email, language, consent_at, consent_text_version, confirmed_at)
     VALUES ($1, $2, now() - interval '1 day', '2026-11-26', now() - interval '1 hour') RETURNING id`,
    [email, language],
  );
  return row!.id;
}

test('an Italian reader on a phone asks for the unsubscribe link without a mail and unsubscribes with it (issue 29 point 23)', async ({ page }) => {
  await queryE2e(`DELETE FROM rate_limits WHERE key LIKE 'newsletterUnsubscribe:%' OR key LIKE 'mail:newsletter-unsubscribe:%'`, []);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail('unsubscribe-ask');
  await confirmedSubscription(email, 'it');

  await page.goto('/it/newsletter/unsubscribe');
  await expect(page.getByRole('heading', { level: 1, name: it['newsletter.unsubscribe.title'] })).toBeVisible();
  await expect(page.getByText(it['newsletter.unsubscribe.askIntro'])).toBeVisible();
  const ask = page.getByRole('button', { name: it['newsletter.unsubscribe.requestSubmit'] });
  await expect(ask).toBeEnabled();
  await page.getByLabel(it['account.field.email'], { exact: true }).fill(email);
  await ask.click();
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const audit = await axeBuilder(page).analyze();
  expect(audit.violations.map((v) => v.id)).toEqual([]);

  const mail = await mailWith(email, '/newsletter/unsubscribe?token=');
  expect(mail.replace(/\r?\n[ \t]+/g, ' ')).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const link = /(https?:\/\/\S+\/it\/newsletter\/unsubscribe\?token=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/.exec(mail)?.[1];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.getByRole('button', { name: it['newsletter.unsubscribe.submit'] }).click();
  await expect(page.getByText(it['newsletter.unsubscribe.done'])).toBeVisible();
  const [row] = await queryE2e<{ unsubscribed_at: Date | null }>('SELECT unsubscribed_at FROM newsletter_subscriptions WHERE email = $1', [email]);
  expect(row!.unsubscribed_at).not.toBeNull();
});

test('a German super user writes an issue with a preview, mails a test to themselves, sends it and finds it in the archive (issue 29 point 23)', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const readers = [uniqueEmail('issue-a'), uniqueEmail('issue-b')];
  for (const email of readers) await confirmedSubscription(email, 'de');
  const subject = `Neu im Katalog ${Date.now()}`;
  await signInAsAdmin(page.request);
  await page.goto('/de/admin/newsletter');
  await page.getByRole('button', { name: de['admin.newsletter.issues.new'] }).click();

  const editor = page.getByRole('form', { name: de['admin.newsletter.issues.editor'] });
  await test.step('write with a live preview', async () => {
    await expect(editor.getByLabel(de['admin.newsletter.issues.language'])).toHaveValue('de');
    await editor.getByLabel(de['admin.newsletter.issues.subject']).fill(subject);
    await editor.getByLabel(de['admin.newsletter.issues.body']).fill('## Drei neue Preise\n\nDer **Kurd-Laßwitz-Preis** und <b>mehr</b>.');
    const preview = editor.getByRole('region', { name: de['admin.newsletter.issues.preview'] });
    await expect(preview.getByRole('heading', { level: 2, name: 'Drei neue Preise' })).toBeVisible();
    await expect(preview.getByText('<b>mehr</b>')).toBeVisible(); // raw HTML shown as text
  });

  await test.step('a test mail goes to the super user only', async () => {
    await editor.getByRole('button', { name: de['admin.newsletter.issues.testMail'] }).click();
    await expect(editor.getByRole('status').filter({ hasText: ADMIN.email })).toBeVisible();
    await mailWith(ADMIN.email, subject);
    for (const email of readers) expect(mailsTo(email)).toHaveLength(0);
  });

  await test.step('send after confirming, with progress until every mail went out', async () => {
    await editor.getByRole('button', { name: de['admin.newsletter.issues.send'] }).click();
    const confirm = editor.getByRole('alertdialog');
    await expect(confirm).toContainText(subject);
    await confirm.getByRole('button', { name: de['admin.newsletter.issues.sendNow'] }).click();
    await expect(page.getByRole('status').filter({ hasText: de['admin.newsletter.issues.status.sent'] })).toBeVisible({ timeout: 30_000 });
    for (const email of readers) {
      const mail = (await mailWith(email, subject)).replace(/\r?\n[ \t]+/g, ' ');
      expect(mail).toMatch(/^List-Unsubscribe: <https?:\/\/\S+\/api\/newsletter\/unsubscribe\?token=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}>$/m);
      expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(mail).toContain('/de/newsletter/unsubscribe?token=');
    }
    const audit = await axeBuilder(page).analyze();
    expect(audit.violations.map((v) => v.id)).toEqual([]);
  });

  await test.step('the archive lists it in German and shows it', async () => {
    await page.goto('/de/newsletter/archive');
    await page.getByRole('link', { name: subject }).click();
    await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Drei neue Preise' })).toBeVisible();
    await page.goto('/it/newsletter/archive');
    await expect(page.getByRole('heading', { level: 1, name: it['newsletter.archive.title'] })).toBeVisible();
    await expect(page.getByRole('link', { name: subject })).toHaveCount(0);
  });
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
