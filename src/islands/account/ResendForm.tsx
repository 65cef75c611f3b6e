/**
 * "Send a new link": asks for the email address and requests a new verification link. The server
 * answers the same for known and unknown addresses, so the confirmation says "if".
 */
import { EMAIL_REQUEST_TEXT_KEYS, EmailRequestForm } from './EmailRequestForm.tsx';
import { describeVerificationMailFailure } from './form-support.ts';
import type { Texts } from './texts.ts';

export const RESEND_TEXT_KEYS = [
  ...EMAIL_REQUEST_TEXT_KEYS,
  'account.error.verificationMail',
  'account.resend.title',
  'account.resend.intro',
  'account.resend.button',
  'account.resend.sent',
] as const;

export interface ResendFormProps {
  locale: string;
  texts: Texts<(typeof RESEND_TEXT_KEYS)[number]>;
}

export function ResendForm({ locale, texts }: ResendFormProps) {
  return (
    <EmailRequestForm
      locale={locale}
      texts={texts}
      endpoint="/api/auth/resend-verification"
      idPrefix="resend"
      submitLabel={texts['account.resend.button']}
      sentMessage={() => texts['account.resend.sent']}
      describe={(error) => describeVerificationMailFailure(error, texts)}
      className="form form--secondary"
      submitClassName="button button--secondary form__submit"
      labelledBy="resend-title"
    >
      <h2 id="resend-title" className="form__title">
        {texts['account.resend.title']}
      </h2>
      <p className="muted">{texts['account.resend.intro']}</p>
    </EmailRequestForm>
  );
}
