/**
 * The page a newsletter mail's unsubscribe link opens (issue 14 point 4). It asks first and
 * unsubscribes on the button: mail scanners open links, and a GET must not end a subscription (mail
 * clients use the one-click POST of the List-Unsubscribe header instead).
 */
import { useState, type FormEvent } from 'react';
import { FormAlert, SubmitButton, useHydrated } from '../account/fields.tsx';
import { FAILURE_TEXT_KEYS, accountClient } from '../account/form-support.ts';
import type { Texts } from '../account/texts.ts';
import { useSubmission } from '../account/use-submission.ts';

export const NEWSLETTER_UNSUBSCRIBE_TEXT_KEYS = [
  ...FAILURE_TEXT_KEYS,
  'newsletter.unsubscribe.question',
  'newsletter.unsubscribe.submit',
  'newsletter.unsubscribe.done',
  'newsletter.unsubscribe.invalid',
] as const;

export interface NewsletterUnsubscribeProps {
  locale: string;
  texts: Texts<(typeof NEWSLETTER_UNSUBSCRIBE_TEXT_KEYS)[number]>;
}

/** The subscription's id and its signature (UnsubscribeTokenSchema). */
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/;

export default function NewsletterUnsubscribe({ locale, texts }: NewsletterUnsubscribeProps) {
  const hydrated = useHydrated();
  const [done, setDone] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const { busy, failure, submit } = useSubmission(texts);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    if (!TOKEN.test(token)) return setInvalid(true);
    await submit(
      async () => {
        await accountClient(locale).post('/api/newsletter/unsubscribe', { token });
        setDone(true);
      },
      (result) => setInvalid(result.keys.token?.[0] === 'validation.token'),
    );
  }

  if (done) {
    return (
      <div className="result result--success" role="status">
        <p>{texts['newsletter.unsubscribe.done']}</p>
      </div>
    );
  }
  if (invalid) {
    return (
      <div className="result result--error" role="alert">
        <p>{texts['newsletter.unsubscribe.invalid']}</p>
      </div>
    );
  }
  return (
    <form className="form" method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormAlert message={failure} />
      <p>{texts['newsletter.unsubscribe.question']}</p>
      <SubmitButton label={texts['newsletter.unsubscribe.submit']} busy={busy} hydrated={hydrated} />
    </form>
  );
}
