/**
 * The landing page of the emailed verification link (spec §4: verification before login, link valid
 * 30 minutes). Reads ?token=, posts it once and says what happened: confirmed (go and log in), expired,
 * already used, or not valid; the last three offer a new link.
 */
import { useEffect, useRef, useState } from 'react';
import { FAILURE_TEXT_KEYS, accountClient, describeFailure } from './form-support.ts';
import { RESEND_TEXT_KEYS, ResendForm } from './ResendForm.tsx';
import type { Texts } from './texts.ts';
import { LoadingSpinner } from '../LoadingSpinner.tsx';

export const VERIFY_TEXT_KEYS = [
  ...FAILURE_TEXT_KEYS,
  ...RESEND_TEXT_KEYS,
  'account.verify.checking',
  'account.verify.success',
  'account.verify.expired',
  'account.verify.used',
  'account.verify.invalid',
] as const;

export interface VerifyEmailProps {
  locale: string;
  texts: Texts<(typeof VERIFY_TEXT_KEYS)[number]>;
  login: { href: string; label: string };
}

type Outcome = { state: 'checking' } | { state: 'verified' } | { state: 'expired' } | { state: 'used' } | { state: 'invalid' } | { state: 'failed'; message: string };

/** Tokens are 32 random bytes in base64url (EmailTokenSchema); anything else is not worth a request. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export default function VerifyEmail({ locale, texts, login }: VerifyEmailProps) {
  const [outcome, setOutcome] = useState<Outcome>({ state: 'checking' });
  const started = useRef(false);

  useEffect(() => {
    // Once per page: a token can be used only once, a second request would report 'used'.
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    if (!TOKEN.test(token)) {
      setOutcome({ state: 'invalid' });
      return;
    }
    accountClient(locale)
      .post('/api/auth/verify-email', { token })
      .then(() => setOutcome({ state: 'verified' }))
      .catch((error: unknown) => {
        const result = describeFailure(error, texts);
        const key = result.keys.token?.[0];
        if (key === 'validation.token.expired') setOutcome({ state: 'expired' });
        else if (key === 'validation.token.used') setOutcome({ state: 'used' });
        else if (key === 'validation.token') setOutcome({ state: 'invalid' });
        else setOutcome({ state: 'failed', message: result.message });
      });
  }, [locale, texts]);

  if (outcome.state === 'checking') {
    return (
      <LoadingSpinner label={texts['account.verify.checking']} />
    );
  }

  if (outcome.state === 'verified') {
    return (
      <div className="result result--success" role="status">
        <p>{texts['account.verify.success']}</p>
        <a className="button button--primary" href={login.href}>
          {login.label}
        </a>
      </div>
    );
  }

  const message =
    outcome.state === 'failed'
      ? outcome.message
      : texts[outcome.state === 'expired' ? 'account.verify.expired' : outcome.state === 'used' ? 'account.verify.used' : 'account.verify.invalid'];
  return (
    <>
      <div className="result result--error" role="alert">
        <p>{message}</p>
        {outcome.state === 'used' && (
          <a className="button button--primary" href={login.href}>
            {login.label}
          </a>
        )}
      </div>
      <ResendForm locale={locale} texts={texts} />
    </>
  );
}
