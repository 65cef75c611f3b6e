/**
 * The footer's newsletter sign-up (spec §1 "a newsletter sign-up sits in the footer"; issue 14
 * point 4): e-mail, the newsletter's language and the consent text with its box. Sends
 * `POST /api/newsletter` and says a confirmation link went out; the server answers the same for
 * every address. Hydrates on intent (ADR 0008): until then the button stays disabled.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { Locale } from '../../domain/enums.ts';
import type { ConsentTextVersion } from '../../domain/newsletter/subscription.ts';
import { Field, FormAlert, FormStatus, SubmitButton, useHydrated } from '../account/fields.tsx';
import { FAILURE_TEXT_KEYS, accountClient, isPlausibleEmail } from '../account/form-support.ts';
import { fill, type Texts } from '../account/texts.ts';
import { useSubmission } from '../account/use-submission.ts';

export const NEWSLETTER_FORM_TEXT_KEYS = [
  ...FAILURE_TEXT_KEYS,
  'newsletter.email',
  'newsletter.language',
  'newsletter.consent',
  'newsletter.privacy',
  'newsletter.submit',
  'newsletter.sent',
  'validation.email',
  'validation.newsletter.consent',
] as const;

export interface NewsletterFormProps {
  locale: Locale;
  texts: Texts<(typeof NEWSLETTER_FORM_TEXT_KEYS)[number]>;
  /** The languages a newsletter is written in, with their endonyms. */
  languages: { value: Locale; label: string }[];
  consentTextVersion: ConsentTextVersion;
  privacyHref: string;
  labelledBy: string;
}

export default function NewsletterForm({ locale, texts, languages, consentTextVersion, privacyHref, labelledBy }: NewsletterFormProps) {
  const id = 'newsletter';
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [language, setLanguage] = useState<Locale>(locale);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; consent?: string }>({});
  const [sent, setSent] = useState<string>();
  const { busy, failure, clearFailure, submit } = useSubmission(texts);
  const emailRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    clearFailure();
    setSent(undefined);
    if (busy) return;
    const found = {
      email: isPlausibleEmail(email) ? undefined : texts['validation.email'],
      consent: consent ? undefined : texts['validation.newsletter.consent'],
    };
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.consent) return consentRef.current?.focus();
    const address = email.trim();
    await submit(
      async () => {
        await accountClient(locale).post('/api/newsletter', { email: address, language, consentTextVersion });
        setSent(fill(texts['newsletter.sent'], { email: address }));
        setEmail('');
        setConsent(false);
      },
      (result) => setErrors({ email: result.fields.email, consent: result.fields.consentTextVersion }),
    );
  }

  const consentError = errors.consent ? `${id}-consent-error` : undefined;
  return (
    <form className="form newsletter-form" method="post" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={labelledBy}>
      <FormAlert message={failure} />
      <FormStatus message={sent} />
      <Field id={`${id}-email`} label={texts['newsletter.email']} type="email" autoComplete="email" required value={email} onChange={setEmail} error={errors.email} inputRef={emailRef} />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-language`}>
          {texts['newsletter.language']}
        </label>
        <select id={`${id}-language`} className="field__input" value={language} onChange={(event) => setLanguage(event.target.value as Locale)}>
          {languages.map((l) => (
            <option key={l.value} value={l.value} lang={l.value}>
              {l.label}
            </option>
          ))}
        </select>
      </div>
      <div className="newsletter-form__consent">
        <input
          ref={consentRef}
          id={`${id}-consent`}
          type="checkbox"
          checked={consent}
          onChange={(event) => setConsent(event.target.checked)}
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={consentError}
        />
        <label htmlFor={`${id}-consent`}>{texts['newsletter.consent']}</label>
        {errors.consent && (
          <div id={consentError} className="field__error">
            {errors.consent}
          </div>
        )}
      </div>
      <p className="newsletter-form__privacy">
        <a href={privacyHref}>{texts['newsletter.privacy']}</a>
      </p>
      <SubmitButton label={texts['newsletter.submit']} busy={busy} hydrated={hydrated} className="button button--primary" />
    </form>
  );
}
