/**
 * The profile (spec §2 "/profile": tabs reading, reviews, settings, bio, reading stats, addressed by
 * ?tab=). The reading list, own reviews and reading stats tabs live in src/islands/reader/profile/
 * (issue 12, point 9), the import of a Goodreads or StoryGraph library in src/islands/open-data/
 * (issue 16); settings (names, language, data export, account deletion) and bio here.
 * Signed-out visitors get a prompt to log in that brings them back here (?next=).
 *
 * Tabs follow the WAI-ARIA tabs pattern (automatic activation; arrows, Home, End); the chosen tab is
 * written to ?tab= with replaceState so a reload or a shared link opens it again.
 */
import { readSessionHint } from '../../domain/session-hint.ts';
import { loginHref as loginHrefTo } from '../../lib/safe-next.ts';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { avatarInitial, displayName } from '../../domain/display-name.ts';
import type { CurrentUser } from '../../domain/schemas/auth.ts';
import { setSessionUser, setSignedOut } from '../stores/session.ts';
import { Field, FormAlert, FormStatus, LoadFailed, SubmitButton, useHydrated } from './fields.tsx';
import { LoadingSpinner } from '../LoadingSpinner.tsx';
import { FAILURE_TEXT_KEYS, accountClient, currentPathWithQuery, describeFailure } from './form-support.ts';
import { useSubmission } from './use-submission.ts';
import { fill, type Texts } from './texts.ts';
import ReadingTab, { READING_TEXT_KEYS } from '../reader/profile/ReadingTab.tsx';
import ReviewsTab, { REVIEWS_TEXT_KEYS } from '../reader/profile/ReviewsTab.tsx';
import StatsTab, { STATS_TEXT_KEYS } from '../reader/profile/StatsTab.tsx';
import ImportTab, { IMPORT_TEXT_KEYS } from '../open-data/ImportTab.tsx';

export const PROFILE_TABS = ['reading', 'reviews', 'stats', 'import', 'bio', 'settings'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
const DEFAULT_TAB: ProfileTab = 'reading';
const BIO_MAX = 2000;
const NAME_MAX = 80;

export const PROFILE_TEXT_KEYS = [
  ...FAILURE_TEXT_KEYS,
  ...READING_TEXT_KEYS,
  ...REVIEWS_TEXT_KEYS,
  ...STATS_TEXT_KEYS,
  ...IMPORT_TEXT_KEYS,
  'common.loading',
  'account.profile.title',
  'account.profile.tabsLabel',
  'account.profile.tab.reading',
  'account.profile.tab.reviews',
  'account.profile.tab.stats',
  'account.profile.tab.import',
  'account.profile.tab.bio',
  'account.profile.tab.settings',
  'account.profile.signInTitle',
  'account.profile.signInText',
  'account.profile.signInLink',
  'account.profile.loadFailed',
  'account.profile.retry',
  'account.profile.browseBooks',
  'account.profile.bio.label',
  'account.profile.bio.hint',
  'account.profile.bio.count',
  'account.profile.save',
  'account.profile.saved',
  'account.profile.settings.title',
  'account.profile.settings.language',
  'account.profile.settings.languageHint',
  'account.profile.export.title',
  'account.profile.export.text',
  'account.profile.export.button',
  'account.profile.export.done',
  'account.profile.export.csvText',
  'account.profile.export.csvButton',
  'account.profile.sessions.title',
  'account.profile.sessions.text',
  'account.profile.sessions.button',
  'account.profile.delete.title',
  'account.profile.delete.text',
  'account.profile.delete.button',
  'account.field.firstName',
  'account.field.lastName',
  'account.field.password',
  'account.field.optional',
  'validation.name',
  'validation.bio',
  'validation.language',
  'validation.password.required',
] as const;
type ProfileTexts = Texts<(typeof PROFILE_TEXT_KEYS)[number]>;

export interface ProfilePageProps {
  locale: string;
  texts: ProfileTexts;
  /** /{locale}/login, /{locale}/books, /{locale}/ */
  links: { login: string; books: string; home: string };
  /** Interface languages with their endonyms, for the language setting. */
  languages: { code: string; name: string }[];
}

type Load = { state: 'loading' } | { state: 'signed-out' } | { state: 'failed'; message: string } | { state: 'ready'; user: CurrentUser };

const isTab = (value: string | null): value is ProfileTab => (PROFILE_TABS as readonly (string | null)[]).includes(value);

export default function ProfilePage({ locale, texts, links, languages }: ProfilePageProps) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [tab, setTab] = useState<ProfileTab>(DEFAULT_TAB);
  const [loginHref, setLoginHref] = useState(links.login);
  const client = useMemo(() => accountClient(locale), [locale]);

  function fetchProfile() {
    // Without the session hint nobody is signed in: the prompt, without a 401 in the console.
    if (readSessionHint(document.cookie) === null) {
      setLoad({ state: 'signed-out' });
      return;
    }
    setLoad({ state: 'loading' });
    accountClient(locale)
      .get<CurrentUser>('/api/profile')
      .then((user) => setLoad({ state: 'ready', user }))
      .catch((error: unknown) => {
        const failure = describeFailure(error, texts);
        setLoad(failure.status === 401 ? { state: 'signed-out' } : { state: 'failed', message: failure.message });
      });
  }

  useEffect(() => {
    const requested = new URLSearchParams(window.location.search).get('tab');
    if (isTab(requested)) setTab(requested);
    setLoginHref(loginHrefTo(links.login, currentPathWithQuery()));
    fetchProfile();
    // Once on mount: props never change.
  }, []);

  const chooseTab = (next: ProfileTab) => {
    setTab(next);
    const url = new URL(window.location.href);
    url.searchParams.set('tab', next);
    window.history.replaceState(window.history.state, '', url);
  };

  if (load.state === 'loading') return <LoadingSpinner label={texts['common.loading']} />;

  if (load.state === 'failed') {
    return <LoadFailed message={`${texts['account.profile.loadFailed']} ${load.message}`} retryLabel={texts['account.profile.retry']} onRetry={fetchProfile} />;
  }

  if (load.state === 'signed-out') {
    return (
      <section className="panel sign-in-prompt" aria-labelledby="profile-sign-in">
        <h2 id="profile-sign-in">{texts['account.profile.signInTitle']}</h2>
        <p>{texts['account.profile.signInText']}</p>
        <a className="button button--primary" href={loginHref}>
          {texts['account.profile.signInLink']}
        </a>
      </section>
    );
  }

  const user = load.user;
  const onSaved = (saved: CurrentUser) => {
    setLoad({ state: 'ready', user: saved });
    setSessionUser(saved);
  };

  return (
    <>
      <header className="profile-header">
        <span className="avatar avatar--large" aria-hidden="true">
          {avatarInitial(user)}
        </span>
        <div>
          <p className="profile-header__name">{displayName(user)}</p>
          <p className="muted profile-header__email">{user.email}</p>
        </div>
      </header>
      <Tabs tab={tab} onChoose={chooseTab} texts={texts}>
        {tab === 'reading' && <ReadingTab client={client} locale={locale} texts={texts} links={links} />}
        {tab === 'reviews' && <ReviewsTab client={client} locale={locale} texts={texts} links={links} />}
        {tab === 'stats' && <StatsTab client={client} locale={locale} texts={texts} />}
        {tab === 'import' && <ImportTab client={client} locale={locale} texts={texts} links={{ readingList: '?tab=reading' }} />}
        {tab === 'bio' && <BioForm locale={locale} user={user} texts={texts} onSaved={onSaved} />}
        {tab === 'settings' && (
          <>
            <SettingsForm locale={locale} user={user} texts={texts} languages={languages} onSaved={onSaved} />
            <ExportData locale={locale} texts={texts} />
            <SignOutEverywhere locale={locale} texts={texts} home={links.home} />
            <DeleteAccount locale={locale} texts={texts} home={links.home} />
          </>
        )}
      </Tabs>
    </>
  );
}

function Tabs({ tab, onChoose, texts, children }: { tab: ProfileTab; onChoose: (tab: ProfileTab) => void; texts: ProfileTexts; children: ReactNode }) {
  const base = useId();
  const tabRefs = useRef<Partial<Record<ProfileTab, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = PROFILE_TABS.indexOf(tab);
    const last = PROFILE_TABS.length - 1;
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = PROFILE_TABS[(target + PROFILE_TABS.length) % PROFILE_TABS.length] ?? DEFAULT_TAB;
    onChoose(next);
    tabRefs.current[next]?.focus();
  };
  return (
    <div className="profile-tabs">
      <div role="tablist" aria-label={texts['account.profile.tabsLabel']} className="tabs" onKeyDown={onKeyDown}>
        {PROFILE_TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${base}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className="tabs__tab"
            onClick={() => onChoose(name)}
          >
            {texts[`account.profile.tab.${name}`]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${tab}`} className="tabs__panel" tabIndex={0}>
        {children}
      </div>
    </div>
  );
}

interface SectionProps {
  locale: string;
  texts: ProfileTexts;
}

function BioForm({ locale, user, texts, onSaved }: SectionProps & { user: CurrentUser; onSaved: (user: CurrentUser) => void }) {
  const hydrated = useHydrated();
  const [bio, setBio] = useState(user.bio ?? '');
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const { busy, failure, clearFailure, submit } = useSubmission(texts);
  const ref = useRef<HTMLTextAreaElement>(null);
  const length = [...bio].length;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    clearFailure();
    setSaved(undefined);
    if (busy) return;
    if (length > BIO_MAX) {
      setError(texts['validation.bio']);
      ref.current?.focus();
      return;
    }
    setError(undefined);
    await submit(
      async () => {
        const updated = await accountClient(locale).patch<CurrentUser>('/api/profile', { bio: bio.trim() === '' ? null : bio });
        onSaved({ ...updated, bio: updated.bio ?? null });
        setSaved(texts['account.profile.saved']);
      },
      (result) => setError(result.fields.bio),
    );
  }

  return (
    <form className="form form--wide" method="post" noValidate onSubmit={onSubmit}>
      <FormAlert message={failure} />
      <div className="field">
        <label className="field__label" htmlFor="profile-bio">
          {texts['account.profile.bio.label']}
        </label>
        <textarea
          ref={ref}
          id="profile-bio"
          name="bio"
          className="field__input field__input--area"
          rows={8}
          value={bio}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error && 'profile-bio-error', 'profile-bio-hint', 'profile-bio-count'].filter(Boolean).join(' ')}
          onChange={(event) => setBio(event.target.value)}
        />
        {error && (
          <div id="profile-bio-error" className="field__error">
            {error}
          </div>
        )}
        <p id="profile-bio-hint" className="field__hint">
          {texts['account.profile.bio.hint']}
        </p>
        <p id="profile-bio-count" className={length > BIO_MAX ? 'field__count field__count--over' : 'field__count'}>
          {fill(texts['account.profile.bio.count'], { used: length, max: BIO_MAX })}
        </p>
      </div>
      <FormStatus message={saved} />
      <SubmitButton label={texts['account.profile.save']} busy={busy} hydrated={hydrated} />
    </form>
  );
}

function SettingsForm({
  locale,
  user,
  texts,
  languages,
  onSaved,
}: SectionProps & { user: CurrentUser; languages: ProfilePageProps['languages']; onSaved: (user: CurrentUser) => void }) {
  const hydrated = useHydrated();
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [language, setLanguage] = useState<string>(user.language);
  const [errors, setErrors] = useState<{ firstName?: string; lastName?: string; language?: string }>({});
  const [saved, setSaved] = useState<string>();
  const { busy, failure, clearFailure, submit } = useSubmission(texts);
  const firstRef = useRef<HTMLInputElement>(null);
  const lastRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    clearFailure();
    setSaved(undefined);
    if (busy) return;
    const found = {
      firstName: firstName.trim().length > NAME_MAX ? texts['validation.name'] : undefined,
      lastName: lastName.trim().length > NAME_MAX ? texts['validation.name'] : undefined,
    };
    setErrors(found);
    if (found.firstName) return firstRef.current?.focus();
    if (found.lastName) return lastRef.current?.focus();
    await submit(
      async () => {
        const updated = await accountClient(locale).patch<CurrentUser>('/api/profile', {
          firstName: firstName.trim() || null,
          lastName: lastName.trim() || null,
          language,
        });
        onSaved(updated);
        setSaved(texts['account.profile.saved']);
      },
      (result) => setErrors({ firstName: result.fields.firstName, lastName: result.fields.lastName, language: result.fields.language }),
    );
  }

  return (
    <form className="form form--wide" method="post" noValidate onSubmit={onSubmit} aria-labelledby="settings-title">
      <h2 id="settings-title" className="form__title">
        {texts['account.profile.settings.title']}
      </h2>
      <FormAlert message={failure} />
      <div className="form__row">
        <Field
          id="settings-first-name"
          label={texts['account.field.firstName']}
          optionalText={texts['account.field.optional']}
          autoComplete="given-name"
          value={firstName}
          onChange={setFirstName}
          error={errors.firstName}
          inputRef={firstRef}
        />
        <Field
          id="settings-last-name"
          label={texts['account.field.lastName']}
          optionalText={texts['account.field.optional']}
          autoComplete="family-name"
          value={lastName}
          onChange={setLastName}
          error={errors.lastName}
          inputRef={lastRef}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="settings-language">
          {texts['account.profile.settings.language']}
        </label>
        <select
          id="settings-language"
          name="language"
          className="field__input"
          value={language}
          aria-invalid={errors.language ? true : undefined}
          aria-describedby={[errors.language && 'settings-language-error', 'settings-language-hint'].filter(Boolean).join(' ')}
          onChange={(event) => setLanguage(event.target.value)}
        >
          {languages.map((option) => (
            <option key={option.code} value={option.code} lang={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        {errors.language && (
          <div id="settings-language-error" className="field__error">
            {errors.language}
          </div>
        )}
        <p id="settings-language-hint" className="field__hint">
          {texts['account.profile.settings.languageHint']}
        </p>
      </div>
      <FormStatus message={saved} />
      <SubmitButton label={texts['account.profile.save']} busy={busy} hydrated={hydrated} />
    </form>
  );
}

/** GET /api/profile/export as a file download (GDPR art. 15, 20), and beside it the Goodreads-layout CSV (issue 16). */
function ExportData({ locale, texts }: SectionProps) {
  const { busy, failure, clearFailure, submit } = useSubmission(texts);
  const [done, setDone] = useState<string>();

  async function download() {
    clearFailure();
    setDone(undefined);
    await submit(async () => {
      const data = await accountClient(locale).get('/api/profile/export');
      const url = URL.createObjectURL(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'phantastika-export.json';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setDone(texts['account.profile.export.done']);
    });
  }

  return (
    <ActionPanel id="export" title={texts['account.profile.export.title']} text={texts['account.profile.export.text']} failure={failure} status={done}>
      <ActionButton label={texts['account.profile.export.button']} busy={busy} onClick={download} />
      {/* Issue 16 point 2: a plain download (the session cookie goes with it); the file names itself. */}
      <p className="muted">{texts['account.profile.export.csvText']}</p>
      <a className="button button--secondary" href="/api/profile/export.csv" download="phantastika-goodreads-export.csv">
        {texts['account.profile.export.csvButton']}
      </a>
    </ActionPanel>
  );
}

/** A settings panel of one action: a heading, what it does, its failure or outcome, and its button. */
function ActionPanel({ id, title, text, failure, status, children }: { id: string; title: string; text: string; failure?: string; status?: string; children: ReactNode }) {
  return (
    <section className="form form--wide" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="form__title">
        {title}
      </h2>
      <p className="muted">{text}</p>
      <FormAlert message={failure} />
      <FormStatus message={status} />
      {children}
    </section>
  );
}

function ActionButton({ label, busy, onClick }: { label: string; busy: boolean; onClick: () => void }) {
  return (
    <button type="button" className="button button--secondary" onClick={onClick} disabled={busy} aria-busy={busy || undefined}>
      {busy && <span className="spinner" aria-hidden="true" />}
      {label}
    </button>
  );
}

/** DELETE /api/profile/sessions: ends every session of the account, on every device, this one included. */
function SignOutEverywhere({ locale, texts, home }: SectionProps & { home: string }) {
  const { busy, failure, clearFailure, submit } = useSubmission(texts);

  async function signOutEverywhere() {
    clearFailure();
    await submit(async () => {
      await accountClient(locale).delete('/api/profile/sessions');
      setSignedOut();
      window.location.assign(home);
    });
  }

  return (
    <ActionPanel id="sessions" title={texts['account.profile.sessions.title']} text={texts['account.profile.sessions.text']} failure={failure}>
      <ActionButton label={texts['account.profile.sessions.button']} busy={busy} onClick={signOutEverywhere} />
    </ActionPanel>
  );
}

/** DELETE /api/profile after the password confirms it; then the visitor is signed out and goes home. */
function DeleteAccount({ locale, texts, home }: SectionProps & { home: string }) {
  const hydrated = useHydrated();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    if (busy) return;
    if (password === '') {
      setError(texts['validation.password.required']);
      ref.current?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await accountClient(locale).delete('/api/profile', { body: { password } });
      setSignedOut();
      window.location.assign(home);
    } catch (caught) {
      const result = describeFailure(caught, texts);
      // A wrong password is a 403 with a message meant for the password field.
      if (result.status === 403 || result.fields.password) setError(result.fields.password ?? result.message);
      else setFailure(result.message);
      ref.current?.focus();
      setBusy(false);
    }
  }

  return (
    <form className="form form--wide form--danger" method="post" noValidate onSubmit={onSubmit} aria-labelledby="delete-title">
      <h2 id="delete-title" className="form__title">
        {texts['account.profile.delete.title']}
      </h2>
      <p>{texts['account.profile.delete.text']}</p>
      <FormAlert message={failure} />
      <Field
        id="delete-password"
        label={texts['account.field.password']}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
        error={error}
        inputRef={ref}
      />
      <SubmitButton label={texts['account.profile.delete.button']} busy={busy} hydrated={hydrated} className="button button--danger form__submit" />
    </form>
  );
}
