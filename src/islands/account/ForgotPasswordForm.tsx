/**
 * "Forgot your password?" (issue 4): asks for the email address and requests a reset link. The server
 * answers the same whether or not the account exists, and so does this page.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Field, FormAlert, FormStatus, SubmitButton, useHydrated } from './fields.tsx';
import { FAILURE_TEXT_KEYS, accountClient, describeFailure, isPlausibleEmail } from './form-support.ts';
import { fill, type Texts } from './texts.ts';

export const FORGOT_TEXT_KEYS = [...FAILURE_TEXT_KEYS, 'account.field.email', 'account.forgot.submit', 'account.forgot.sent', 'validation.email'] as const;

export interface ForgotPasswordFormProps {
  locale: string;
  texts: Texts<(typeof FORGOT_TEXT_KEYS)[number]>;
}

export default function ForgotPasswordForm({ locale, texts }: ForgotPasswordFormProps) {
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
      await accountClient(locale).post('/api/auth/forgot-password', { email: email.trim() });
      setSent(fill(texts['account.forgot.sent'], { email: email.trim() }));
    } catch (caught) {
      const result = describeFailure(caught, texts);
      setError(result.fields.email);
      setFailure(result.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" method="post" noValidate onSubmit={onSubmit}>
      <FormAlert message={failure} />
      <FormStatus message={sent} />
      <Field
        id="forgot-email"
        label={texts['account.field.email']}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={setEmail}
        error={error}
        inputRef={emailRef}
      />
      <SubmitButton label={texts['account.forgot.submit']} busy={busy} hydrated={hydrated} />
    </form>
  );
}
