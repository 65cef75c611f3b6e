/**
 * The page a newsletter mail's unsubscribe link opens (issue 14 point 4). With the link's token it asks
 * first and unsubscribes on the button: mail scanners open links, and a GET must not end a
 * subscription (mail clients use the one-click POST of the List-Unsubscribe header instead). Without a
 * token (issue 29 point 23) it asks for the address and has its link mailed: the server answers the
 * same whatever the address's state, and so does this page.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { EMAIL_REQUEST_TEXT_KEYS, EmailRequestForm } from '../account/EmailRequestForm.tsx';
import { FormAlert, SubmitButton, useHydrated } from '../account/fields.tsx';
import { FAILURE_TEXT_KEYS, accountClient } from '../account/form-support.ts';
import { fill, type Texts } from '../account/texts.ts';
import { useSubmission } from '../account/use-submission.ts';

export const NEWSLETTER_UNSUBSCRIBE_TEXT_KEYS = [
  ...FAILURE_TEXT_KEYS,
  ...EMAIL_REQUEST_TEXT_KEYS,
  'newsletter.unsubscribe.question',
  'newsletter.unsubscribe.submit',
  'newsletter.unsubscribe.done',
  'newsletter.unsubscribe.invalid',
  'newsletter.unsubscribe.askIntro',
  'newsletter.unsubscribe.requestSubmit',
  'newsletter.unsubscribe.requestSent',
] as const;

type UnsubscribeTexts = Texts<(typeof NEWSLETTER_UNSUBSCRIBE_TEXT_KEYS)[number]>;

export interface NewsletterUnsubscribeProps {
  locale: 'en' | 'de' | 'it';
  texts: UnsubscribeTexts;
}

/** The subscription's id and its signature (UnsubscribeTokenSchema). */
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/;

export default function NewsletterUnsubscribe({ locale, texts }: NewsletterUnsubscribeProps) {
  // The static page cannot know the query: until the island reads it, it shows the address form.
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token')), []);
  if (token === null || token === '') return <AskForLink locale={locale} texts={texts} />;
  return <ConfirmUnsubscribe locale={locale} texts={texts} token={token} />;
}

function AskForLink({ locale, texts }: NewsletterUnsubscribeProps) {
  return (
    <EmailRequestForm
      locale={locale}
      texts={texts}
      endpoint="/api/newsletter/unsubscribe-link"
      extraBody={{ language: locale }}
      idPrefix="newsletter-unsubscribe"
      submitLabel={texts['newsletter.unsubscribe.requestSubmit']}
      sentMessage={(email) => fill(texts['newsletter.unsubscribe.requestSent'], { email })}
    >
      <p>{texts['newsletter.unsubscribe.askIntro']}</p>
    </EmailRequestForm>
  );
}

function ConfirmUnsubscribe({ locale, texts, token }: NewsletterUnsubscribeProps & { token: string }) {
  const hydrated = useHydrated();
  const [done, setDone] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const { busy, failure, submit } = useSubmission(texts);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
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
