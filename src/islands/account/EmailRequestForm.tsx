/**
 * An email address and a button that asks the server to mail a link: "forgot password"
 * (ForgotPasswordForm), "send a new verification link" (ResendForm) and the newsletter's "mail me my
 * unsubscribe link" (NewsletterUnsubscribe, issue 29 point 23). The server answers the same for
 * known and unknown addresses, so the form only says that it sent the request.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Field, FormAlert, FormStatus, SubmitButton, useHydrated } from './fields.tsx';
import { FAILURE_TEXT_KEYS, accountClient, isPlausibleEmail, type Failure } from './form-support.ts';
import type { Texts } from './texts.ts';
import { useSubmission } from './use-submission.ts';

export const EMAIL_REQUEST_TEXT_KEYS = [...FAILURE_TEXT_KEYS, 'account.field.email', 'validation.email'] as const;

export interface EmailRequestFormProps {
  locale: string;
  texts: Texts<(typeof EMAIL_REQUEST_TEXT_KEYS)[number]>;
  /** The endpoint that takes `{ email }` (and `extraBody`). */
  endpoint: '/api/auth/forgot-password' | '/api/auth/resend-verification' | '/api/newsletter/unsubscribe-link';
  /** Further fields of the request's body (the newsletter's `language`). */
  extraBody?: Readonly<Record<string, string>>;
  /** Prefix of the email field's id (`{idPrefix}-email`). */
  idPrefix: string;
  submitLabel: string;
  /** The confirmation once the request went out, for the trimmed address. */
  sentMessage: (email: string) => string;
  className?: string;
  submitClassName?: string;
  labelledBy?: string;
  /** Shown above the messages and the field (e.g. a heading and an introduction). */
  children?: ReactNode;
  /** How a failed request becomes the form's message (describeFailure unless given). */
  describe?: (error: unknown) => Failure;
}

export function EmailRequestForm({
  locale,
  texts,
  endpoint,
  extraBody,
  idPrefix,
  submitLabel,
  sentMessage,
  className = 'form',
  submitClassName,
  labelledBy,
  children,
  describe,
}: EmailRequestFormProps) {
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const { busy, failure, clearFailure, submit } = useSubmission(texts);
  const emailRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    clearFailure();
    setSent(undefined);
    if (busy) return;
    if (!isPlausibleEmail(email)) {
      setError(texts['validation.email']);
      emailRef.current?.focus();
      return;
    }
    setError(undefined);
    const address = email.trim();
    await submit(
      async () => {
        await accountClient(locale).post(endpoint, { ...extraBody, email: address });
        setSent(sentMessage(address));
      },
      (result) => setError(result.fields.email),
      describe && ((error) => describe(error)),
    );
  }

  return (
    <form className={className} method="post" noValidate onSubmit={onSubmit} aria-labelledby={labelledBy}>
      {children}
      <FormAlert message={failure} />
      <FormStatus message={sent} />
      <Field
        id={`${idPrefix}-email`}
        label={texts['account.field.email']}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={setEmail}
        error={error}
        inputRef={emailRef}
      />
      <SubmitButton label={submitLabel} busy={busy} hydrated={hydrated} className={submitClassName} />
    </form>
  );
}
