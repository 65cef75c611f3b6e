/**
 * Accounts in the browser (issue 4, item 6): register, confirm by the mailed link, log in, the account
 * menu (navbar and footer), sign out; form errors in each language; the super user's admin entries;
 * the profile; accessibility (axe) of the account pages. The forms' own way through registration and
 * login is walked once per language; tests of what comes after it start from an account made through
 * the API (tests/support/e2e-accounts.ts).
 *
 * Runs against `npm start` (real pages, functions and redirect rules). The login endpoint allows 5
 * attempts per account and 30 per client address in 15 minutes, registration 10 per address and hour:
 * every test that signs in uses its own fresh account, and client-side failures never reach the API.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import it from '../../locales/it.json' with { type: 'json' };
import { axeBuilder } from '../support/axe.ts';
import { confirmedAccount, signedInThroughApi, signInThroughApi, uniqueEmail } from '../support/e2e-accounts.ts';

const MESSAGES = { en, de, it } as const;

// Every account call hashes a password (bcrypt) in a locally compiled function, and the machine is
// shared: allow answers more time than the default 5 s, and whole flows more than 30 s.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'Sternen-Staub-42!';
const OUTBOX = process.env.OUTBOX_DIR ?? path.join(process.cwd(), '.data', 'outbox');
const ADMIN = { email: 'admin@phantastika.local', password: 'Phantastika-Admin-2026!' };

const TEXTS = {
  en: {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email address',
    password: 'Password',
    confirm: 'Confirm password',
    register: 'Create account',
    checkInbox: 'Check your inbox',
    verified: 'Your email address is confirmed.',
    used: 'This link has already been used.',
    login: 'Log In',
    loginSubmit: 'Log in',
    wrongPassword: 'Email or password is wrong.',
    invalidEmail: 'Please enter a valid email address.',
    menu: (name: string) => `Account menu for ${name}`,
    entries: ['Profile', 'Reading list', 'My reviews', 'Sign out'],
    admin: ['Edit catalogue', 'Analytics dashboard', 'Manage awards', 'Manage users', 'Affiliate marketing'],
    mismatch: 'Passwords do not match.',
    tooWeak: 'Password is too weak.',
    tooShort: 'The password must be at least 12 characters long.',
    veryWeak: 'Password strength: very weak',
    firstNameOf: 'Ursula',
    openMenu: 'Open menu',
    drawer: 'Menu',
  },
  de: {
    firstName: 'Vorname',
    lastName: 'Nachname',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    confirm: 'Passwort bestätigen',
    register: 'Konto erstellen',
    checkInbox: 'Bitte prüfen Sie Ihr Postfach',
    verified: 'Ihre E-Mail-Adresse ist bestätigt.',
    used: 'Dieser Link wurde bereits verwendet.',
    login: 'Anmelden',
    loginSubmit: 'Anmelden',
    wrongPassword: 'E-Mail-Adresse oder Passwort ist falsch.',
    invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    menu: (name: string) => `Kontomenü von ${name}`,
    entries: ['Profil', 'Leseliste', 'Meine Rezensionen', 'Abmelden'],
    admin: ['Katalog bearbeiten', 'Analyse-Dashboard', 'Auszeichnungen verwalten', 'Benutzer verwalten', 'Affiliate-Marketing'],
    mismatch: 'Die Passwörter stimmen nicht überein.',
    tooWeak: 'Das Passwort ist zu schwach.',
    tooShort: 'Das Passwort muss mindestens 12 Zeichen lang sein.',
    veryWeak: 'Passwortstärke: sehr schwach',
    firstNameOf: 'Zora',
    openMenu: 'Menü öffnen',
    drawer: 'Menü',
  },
  it: {
    firstName: 'Nome',
    lastName: 'Cognome',
    email: 'Indirizzo email',
    password: 'Password',
    confirm: 'Conferma password',
    register: 'Crea account',
    checkInbox: 'Controlla la tua casella di posta',
    verified: 'Il tuo indirizzo email è confermato.',
    used: 'Questo link è già stato usato.',
    login: 'Accedi',
    loginSubmit: 'Accedi',
    wrongPassword: 'Email o password errata.',
    invalidEmail: 'Inserisci un indirizzo email valido.',
    menu: (name: string) => `Menu account di ${name}`,
    entries: ['Profilo', 'Lista di lettura', 'Le mie recensioni', 'Esci'],
    admin: ['Modifica catalogo', 'Dashboard di analisi', 'Gestisci premi', 'Gestisci utenti', 'Marketing di affiliazione'],
    mismatch: 'Le password non corrispondono.',
    tooWeak: 'La password è troppo debole.',
    tooShort: 'La password deve contenere almeno 12 caratteri.',
    veryWeak: 'Sicurezza della password: molto debole',
    firstNameOf: 'Italo',
    openMenu: 'Apri il menu',
    drawer: 'Menu',
  },
} as const;

type Locale = keyof typeof TEXTS;
const LOCALES = Object.keys(TEXTS) as Locale[];

/** Uncaught script errors and Content-Security-Policy violations fail the test that caused them. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/** The verification link of the newest message to `email` in the outbox (quoted-printable undone). */
function verificationLink(email: string): { locale: string; token: string } | undefined {
  let files: string[];
  try {
    files = readdirSync(OUTBOX).filter((file) => file.endsWith('.eml'));
  } catch {
    return undefined;
  }
  const addressedTo = new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\\r?$`, 'mi');
  // File names start with an ISO timestamp, so the name order is the time order.
  for (const file of files.sort().reverse()) {
    const mail = readFileSync(path.join(OUTBOX, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (!addressedTo.test(mail)) continue;
    const match = /\/(en|de|it)\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mail);
    if (match) return { locale: match[1]!, token: match[2]! };
  }
  return undefined;
}

/** Islands hydrate after load: their submit buttons are disabled until then. */
async function openForm(page: Page, url: string, submit: string) {
  await page.goto(url);
  const button = page.getByRole('main').getByRole('button', { name: submit, exact: true });
  await expect(button).toBeEnabled();
  return button;
}

async function registerThroughUi(page: Page, locale: Locale, email: string, firstName: string) {
  const texts = TEXTS[locale];
  const submit = await openForm(page, `/${locale}/register`, texts.register);
  const main = page.getByRole('main');
  await main.getByLabel(new RegExp(`^${texts.firstName}`)).fill(firstName);
  await main.getByLabel(texts.email).fill(email);
  await main.getByLabel(texts.password, { exact: true }).fill(PASSWORD);
  await main.getByLabel(texts.confirm).fill(PASSWORD);
  await submit.click();
  await expect(main.getByRole('heading', { name: texts.checkInbox })).toBeVisible();
  await expect(main).toContainText(email);
}

async function confirmEmail(page: Page, locale: Locale, email: string) {
  await expect.poll(() => verificationLink(email), { message: `a verification mail to ${email}` }).toBeTruthy();
  const link = verificationLink(email)!;
  expect(link.locale).toBe(locale);
  await page.goto(`/${link.locale}/verify-email?token=${link.token}`);
  await expect(page.getByRole('main').getByText(TEXTS[locale].verified)).toBeVisible();
  return link;
}

async function logIn(page: Page, locale: Locale, email: string, password: string, url = `/${locale}/login`) {
  const texts = TEXTS[locale];
  const submit = await openForm(page, url, texts.loginSubmit);
  const main = page.getByRole('main');
  await main.getByLabel(texts.email).fill(email);
  await main.getByLabel(texts.password, { exact: true }).fill(password);
  await submit.click();
}

test.describe('register, confirm, log in, account menu, sign out', () => {
  for (const locale of LOCALES) {
    const texts = TEXTS[locale];

    test(`${locale}: the whole way through the interface`, async ({ page }) => {
      const errors = collectPageErrors(page);
      const email = uniqueEmail(locale);
      const name = texts.firstNameOf;

      await registerThroughUi(page, locale, email, name);
      const link = await confirmEmail(page, locale, email);

      // The same link a second time: already used.
      await page.goto(`/${link.locale}/verify-email?token=${link.token}`);
      await expect(page.getByRole('main').getByRole('alert')).toContainText(texts.used);

      // A wrong password first: the server's localized message.
      await logIn(page, locale, email, 'Wrong-password-42!');
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(texts.wrongPassword);
      await expect(page).toHaveURL(new RegExp(`/${locale}/login$`));

      const main = page.getByRole('main');
      await main.getByLabel(texts.password, { exact: true }).fill(PASSWORD);
      await main.getByRole('button', { name: texts.loginSubmit, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/$`));

      const banner = page.getByRole('banner');
      const avatar = banner.getByRole('button', { name: texts.menu(name) });
      await expect(avatar).toBeVisible();
      await expect(avatar).toHaveText(new RegExp(`^${name[0]}`));
      await expect(banner.getByRole('link', { name: texts.login, exact: true })).toHaveCount(0);

      await avatar.click();
      await expect(avatar).toHaveAttribute('aria-expanded', 'true');
      const menu = banner.getByRole('menu');
      const hrefs = [`/${locale}/profile`, `/${locale}/profile?tab=reading`, `/${locale}/profile?tab=reviews`, '/api/logout'];
      for (const [index, label] of texts.entries.entries()) {
        await expect(menu.getByRole('menuitem', { name: label, exact: true })).toHaveAttribute('href', hrefs[index]!);
      }
      await expect(menu.getByRole('menuitem', { name: texts.entries[0], exact: true })).toBeFocused();
      for (const label of texts.admin) await expect(menu.getByRole('menuitem', { name: label })).toHaveCount(0);

      // Keyboard: arrows move, Escape closes and returns focus to the avatar button.
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: texts.entries[1], exact: true })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(avatar).toBeFocused();

      // The footer switched to the signed-in links.
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: texts.entries[3], exact: true })).toHaveAttribute('href', '/api/logout');
      await expect(footer.getByRole('link', { name: texts.entries[1], exact: true })).toHaveAttribute('href', `/${locale}/profile?tab=reading`);

      // The mobile drawer offers the same entries.
      await page.setViewportSize({ width: 390, height: 844 });
      const drawer = page.getByRole('dialog', { name: texts.drawer });
      await expect(async () => {
        await page.getByRole('button', { name: texts.openMenu }).click();
        await expect(drawer).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      for (const [index, label] of texts.entries.entries()) {
        await expect(drawer.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', hrefs[index]!);
      }
      await expect(drawer.getByRole('link', { name: texts.login, exact: true })).toHaveCount(0);
      for (const label of texts.admin) await expect(drawer.getByRole('link', { name: label })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await page.setViewportSize({ width: 1280, height: 720 });

      await avatar.click();
      await menu.getByRole('menuitem', { name: texts.entries[3], exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/$`));
      await expect(banner.getByRole('link', { name: texts.login, exact: true })).toHaveAttribute('href', `/${locale}/login`);
      await expect(banner.getByRole('button', { name: texts.menu(name) })).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  }
});

test.describe('form errors in each language', () => {
  for (const locale of LOCALES) {
    const texts = TEXTS[locale];

    test(`${locale}: mismatching passwords, a weak password and an invalid email never reach the server`, async ({ page }) => {
      let apiCalls = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/auth/register')) apiCalls += 1;
      });
      const submit = await openForm(page, `/${locale}/register`, texts.register);
      const main = page.getByRole('main');
      const password = main.getByLabel(texts.password, { exact: true });
      const confirm = main.getByLabel(texts.confirm);

      await main.getByLabel(texts.email).fill(uniqueEmail('mismatch'));
      await password.fill(PASSWORD);
      await confirm.fill(`${PASSWORD}x`);
      await submit.click();
      await expect(confirm).toHaveAttribute('aria-invalid', 'true');
      await expect(confirm).toHaveAccessibleDescription(texts.mismatch);
      await expect(confirm).toBeFocused();

      await password.fill('password');
      await expect(main.getByText(texts.veryWeak)).toBeVisible();
      await confirm.fill('password');
      await submit.click();
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expect(password).toHaveAccessibleDescription(new RegExp(`^${texts.tooWeak}.*${texts.tooShort}`));
      await expect(confirm).not.toHaveAttribute('aria-invalid', 'true');

      await main.getByLabel(texts.email).fill('not-an-email');
      await submit.click();
      await expect(main.getByLabel(texts.email)).toHaveAccessibleDescription(texts.invalidEmail);
      expect(apiCalls).toBe(0);
    });
  }

  test('login asks for a valid email and a password before sending', async ({ page }) => {
    const texts = TEXTS.en;
    const submit = await openForm(page, '/en/login', texts.loginSubmit);
    const main = page.getByRole('main');
    await main.getByLabel(texts.email).fill('reader@');
    await submit.click();
    await expect(main.getByLabel(texts.email)).toHaveAccessibleDescription(texts.invalidEmail);
    await expect(main.getByLabel(texts.password, { exact: true })).toHaveAccessibleDescription('Please enter your password.');
    await expect(main.getByLabel(texts.email)).toBeFocused();
  });

  test('a verification link without a valid token says so and offers a new one', async ({ page }) => {
    await page.goto('/de/verify-email?token=abc');
    const main = page.getByRole('main');
    await expect(main.getByRole('alert').first()).toContainText('Dieser Link ist ungültig.');
    await expect(main.getByRole('button', { name: 'Neuen Link senden' })).toBeVisible();
  });
});

test.describe('super user', () => {
  test('sees the admin entries in the account menu', async ({ page }) => {
    await logIn(page, 'en', ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/en\/$/);
    const banner = page.getByRole('banner');
    const avatar = banner.getByRole('button', { name: /^Account menu for / });
    await avatar.click();
    const admin = banner.getByRole('menu').getByRole('group', { name: 'Administration' });
    const paths = ['/en/admin', '/en/admin/analytics', '/en/admin/awards', '/en/admin/users', '/en/admin/affiliate'];
    for (const [index, label] of TEXTS.en.admin.entries()) {
      await expect(admin.getByRole('menuitem', { name: label })).toHaveAttribute('href', paths[index]!);
    }
  });
});

test.describe('profile', () => {
  test('signed out: a prompt to log in that comes back to the tab', async ({ page }) => {
    await page.goto('/it/profile?tab=reviews');
    const link = page.getByRole('main').getByRole('link', { name: 'Accedi' });
    await expect(link).toHaveAttribute('href', `/it/login?next=${encodeURIComponent('/it/profile?tab=reviews')}`);
  });

  test('signed in: tabs, empty states, name and bio are saved; no axe violations', async ({ page }) => {
    const errors = collectPageErrors(page);
    const email = await signedInThroughApi(page, { label: 'profile', password: PASSWORD, language: 'en', firstName: 'Ursula' });

    await page.goto('/en/profile?tab=reviews');
    const main = page.getByRole('main');
    await expect(main.getByRole('tab', { name: 'My reviews' })).toHaveAttribute('aria-selected', 'true');
    await expect(main.getByRole('heading', { name: 'Your reviews will appear here.' })).toBeVisible();
    await expect(main.getByText(email)).toBeVisible();

    const axe = await axeBuilder(page).analyze();
    expect(axe.violations).toEqual([]);

    // Keyboard between tabs; the tab lands in the address.
    await main.getByRole('tab', { name: 'My reviews' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(main.getByRole('tab', { name: 'Reading list' })).toBeFocused();
    await expect(main.getByRole('heading', { name: 'Your reading list will appear here.' })).toBeVisible();
    await expect(page).toHaveURL(/\/en\/profile\?tab=reading$/);

    await main.getByRole('tab', { name: 'Settings' }).click();
    await main.getByLabel(/^First name/).fill('Octavia');
    await main.getByLabel(/^Last name/).fill('Butler');
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu for Octavia Butler' })).toHaveText(/^O/);
    expect((await axeBuilder(page).analyze()).violations).toEqual([]);

    await main.getByRole('tab', { name: 'Bio' }).click();
    await main.getByLabel('About you').fill('Parables and patternists.');
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(main.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await page.reload();
    await expect(main.getByLabel('About you')).toHaveValue('Parables and patternists.');
    expect(errors).toEqual([]);
  });

  test('log in with ?next= returns to the page asked for', async ({ page }) => {
    const email = await confirmedAccount(page.request, { label: 'next', password: PASSWORD, language: 'de', firstName: 'Kurd' });
    await logIn(page, 'de', email, PASSWORD, `/de/login?next=${encodeURIComponent('/de/profile?tab=settings')}`);
    await expect(page).toHaveURL(/\/de\/profile\?tab=settings$/);
    await expect(page.getByRole('main').getByRole('tab', { name: 'Einstellungen' })).toHaveAttribute('aria-selected', 'true');
  });

  test('log in with a ?next= that leaves the site lands on the start page (issue 26 point 2)', async ({ page }) => {
    const email = await confirmedAccount(page.request, { label: 'next-away', password: PASSWORD, language: 'en', firstName: 'Ada' });
    await logIn(page, 'en', email, PASSWORD, `/en/login?next=${encodeURIComponent('/..//evil.example/')}`);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/en\/$/);
  });
});

test.describe('sign out everywhere', () => {
  for (const locale of LOCALES) {
    test(`${locale}: ends the session in every browser, this one included`, async ({ page, browser }) => {
      const errors = collectPageErrors(page);
      const messages = MESSAGES[locale];
      const email = await signedInThroughApi(page, { label: `everywhere-${locale}`, password: PASSWORD, language: locale, firstName: 'Ada' });
      const other = await browser.newContext();
      const phone = await other.newPage();
      await signInThroughApi(phone, email, PASSWORD);

      await page.goto(`/${locale}/profile?tab=settings`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: messages['account.profile.sessions.title'] })).toBeVisible();
      await main.getByRole('button', { name: messages['account.profile.sessions.button'] }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/$`));
      await expect(page.getByRole('banner').getByRole('link', { name: TEXTS[locale].login, exact: true })).toBeVisible();

      // The other browser still has its cookie, but its session has ended on the server.
      await phone.goto(`/${locale}/profile`);
      await expect(phone.getByRole('main').getByRole('heading', { name: messages['account.profile.signInTitle'] })).toBeVisible();
      await other.close();
      expect(errors).toEqual([]);
    });
  }
});

test.describe('accessibility (axe)', () => {
  for (const locale of LOCALES) {
    test(`${locale}: login and register have no violations, also with errors shown`, async ({ page }) => {
      const texts = TEXTS[locale];
      const login = await openForm(page, `/${locale}/login`, texts.loginSubmit);
      expect((await axeBuilder(page).analyze()).violations).toEqual([]);
      await login.click();
      await expect(page.getByRole('main').getByLabel(texts.email)).toHaveAttribute('aria-invalid', 'true');
      expect((await axeBuilder(page).analyze()).violations).toEqual([]);

      const register = await openForm(page, `/${locale}/register`, texts.register);
      expect((await axeBuilder(page).analyze()).violations).toEqual([]);
      await register.click();
      await expect(page.getByRole('main').getByLabel(texts.email)).toHaveAttribute('aria-invalid', 'true');
      expect((await axeBuilder(page).analyze()).violations).toEqual([]);
    });
  }
});
