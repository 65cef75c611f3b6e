/**
 * The landing page of the newsletter's confirmation link (issue 14 point 4): reads ?token=, posts it
 * once to `POST /api/newsletter/confirm` and says what happened: confirmed, expired, already used or
 * not valid (the last three point back to the footer form).
 */
import { useEffect, useRef, useState } from 'react';
import { FAILURE_TEXT_KEYS, accountClient, describeFailure } from '../account/form-support.ts';
import type { Texts } from '../account/texts.ts';
import { LoadingSpinner } from '../LoadingSpinner.tsx';

export const NEWSLETTER_CONFIRM_TEXT_KEYS = [
  ...FAILURE_TEXT_KEYS,
  'newsletter.confirm.checking',
  'newsletter.confirm.success',
  'newsletter.confirm.expired',
  'newsletter.confirm.used',
  'newsletter.confirm.invalid',
] as const;

export interface NewsletterConfirmProps {
  locale: string;
  texts: Texts<(typeof NEWSLETTER_CONFIRM_TEXT_KEYS)[number]>;
  home: { href: string; label: string };
}

type Outcome = 'checking' | 'confirmed' | 'expired' | 'used' | 'invalid' | { failed: string };

/** Tokens are 32 random bytes in base64url (NewsletterConfirmSchema); anything else is not worth a request. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const KEY_OUTCOMES: Record<string, Outcome> = { 'validation.token.expired': 'expired', 'validation.token.used': 'used', 'validation.token': 'invalid' };

export default function NewsletterConfirm({ locale, texts, home }: NewsletterConfirmProps) {
  const [outcome, setOutcome] = useState<Outcome>('checking');
  const started = useRef(false);

  useEffect(() => {
    // Once per page: the link is single-use, a second request would report 'used'.
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    if (!TOKEN.test(token)) return setOutcome('invalid');
    accountClient(locale)
      .post('/api/newsletter/confirm', { token })
      .then(() => setOutcome('confirmed'))
      .catch((error: unknown) => {
        const result = describeFailure(error, texts);
        setOutcome(KEY_OUTCOMES[result.keys.token?.[0] ?? ''] ?? { failed: result.message });
      });
  }, [locale, texts]);

  if (outcome === 'checking') return <LoadingSpinner label={texts['newsletter.confirm.checking']} />;
  if (outcome === 'confirmed') {
    return (
      <div className="result result--success" role="status">
        <p>{texts['newsletter.confirm.success']}</p>
        <a className="button button--primary" href={home.href}>
          {home.label}
        </a>
      </div>
    );
  }
  return (
    <div className="result result--error" role="alert">
      <p>{typeof outcome === 'object' ? outcome.failed : texts[`newsletter.confirm.${outcome}`]}</p>
    </div>
  );
}
