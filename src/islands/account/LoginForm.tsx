/**
 * Log-in form (spec §5 "Login": a valid email, a password; issue 4 item 3). Failures show the server's
 * localized message; 'email not verified' offers a new verification link. On success the visitor goes
 * to ?next= when it is a path on this site, else to the start page of the language.
 */
import { useRef, useState, type FormEvent } from 'react';
import { safeNextPath } from '../../lib/safe-next.ts';
import { Field, FormAlert, FormStatus, SubmitButton, useHydrated } from './fields.tsx';
import { VERIFICATION_MAIL_TEXT_KEYS, accountClient, describeFailure, describeVerificationMailFailure, isPlausibleEmail } from './form-support.ts';
import type { Texts } from './texts.ts';

export const LOGIN_TEXT_KEYS = [
  ...VERIFICATION_MAIL_TEXT_KEYS,
  'account.field.email',
  'account.field.password',
  'account.login.submit',
  'account.resend.button',
  'account.resend.sent',
  'validation.email',
  'validation.password.required',
] as const;

export interface LoginFormProps {
  locale: string;
  texts: Texts<(typeof LOGIN_TEXT_KEYS)[number]>;
}

type FieldName = 'email' | 'password';

export default function LoginForm({ locale, texts }: LoginFormProps) {
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [notVerified, setNotVerified] = useState(false);
  const [resent, setResent] = useState<string>();
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const client = accountClient(locale);

  function validate(): boolean {
    const found: Partial<Record<FieldName, string>> = {};
    if (!isPlausibleEmail(email)) found.email = texts['validation.email'];
    if (password === '') found.password = texts['validation.password.required'];
    setErrors(found);
    if (found.email) emailRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    return !found.email && !found.password;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    setNotVerified(false);
    setResent(undefined);
    if (busy || !validate()) return;
    setBusy(true);
    try {
      await client.post('/api/auth/login', { email: email.trim(), password });
      const next = new URLSearchParams(window.location.search).get('next');
      window.location.assign(safeNextPath(next, `/${locale}/`));
      // Keep the button disabled while the next page loads.
      return;
    } catch (error) {
      const result = describeFailure(error, texts);
      setErrors({ email: result.fields.email, password: result.fields.password });
      setFailure(result.message);
      setNotVerified(result.status === 403);
      setBusy(false);
    }
  }

  async function resend() {
    setBusy(true);
    try {
      await client.post('/api/auth/resend-verification', { email: email.trim() });
      setFailure(undefined);
      setNotVerified(false);
      setResent(texts['account.resend.sent']);
    } catch (error) {
      setFailure(describeVerificationMailFailure(error, texts).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" method="post" noValidate onSubmit={onSubmit}>
      <FormAlert message={failure}>
        {notVerified && (
          <button type="button" className="button button--secondary" onClick={resend} disabled={busy}>
            {texts['account.resend.button']}
          </button>
        )}
      </FormAlert>
      <FormStatus message={resent} />
      <Field
        id="login-email"
        label={texts['account.field.email']}
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={setEmail}
        error={errors.email}
        inputRef={emailRef}
      />
      <Field
        id="login-password"
        label={texts['account.field.password']}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
        error={errors.password}
        inputRef={passwordRef}
      />
      <SubmitButton label={texts['account.login.submit']} busy={busy} hydrated={hydrated} />
    </form>
  );
}
