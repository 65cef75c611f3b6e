/**
 * "Send a new link": asks for the email address and requests a new verification link. The server
 * answers the same for known and unknown addresses, so the confirmation says "if".
 */
import { useRef, useState, type FormEvent } from 'react';
import { Field, FormAlert, FormStatus, SubmitButton, useHydrated } from './fields.tsx';
import { FAILURE_TEXT_KEYS, accountClient, describeFailure, isPlausibleEmail } from './form-support.ts';
import type { Texts } from './texts.ts';

export const RESEND_TEXT_KEYS = [
  ...FAILURE_TEXT_KEYS,
  'account.field.email',
  'account.resend.title',
  'account.resend.intro',
  'account.resend.button',
  'account.resend.sent',
  'validation.email',
] as const;

export interface ResendFormProps {
  locale: string;
  texts: Texts<(typeof RESEND_TEXT_KEYS)[number]>;
}

export function ResendForm({ locale, texts }: ResendFormProps) {
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    setSent(undefined);
    if (busy) return;
    if (!isPlausibleEmail(email)) {
      setError(texts['validation.email']);
      emailRef.current?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await accountClient(locale).post('/api/auth/resend-verification', { email: email.trim() });
      setSent(texts['account.resend.sent']);
    } catch (caught) {
      const result = describeFailure(caught, texts);
      setError(result.fields.email);
      setFailure(result.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form form--secondary" method="post" noValidate onSubmit={onSubmit} aria-labelledby="resend-title">
      <h2 id="resend-title" className="form__title">
        {texts['account.resend.title']}
      </h2>
      <p className="muted">{texts['account.resend.intro']}</p>
      <FormAlert message={failure} />
      <FormStatus message={sent} />
      <Field
        id="resend-email"
        label={texts['account.field.email']}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={setEmail}
        error={error}
        inputRef={emailRef}
      />
      <SubmitButton label={texts['account.resend.button']} busy={busy} hydrated={hydrated} className="button button--secondary form__submit" />
    </form>
  );
}
