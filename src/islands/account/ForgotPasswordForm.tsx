/**
 * "Forgot your password?" (issue 4): asks for the email address and requests a reset link. The server
 * answers the same whether or not the account exists, and so does this page.
 */
import { EMAIL_REQUEST_TEXT_KEYS, EmailRequestForm } from './EmailRequestForm.tsx';
import { fill, type Texts } from './texts.ts';

export const FORGOT_TEXT_KEYS = [...EMAIL_REQUEST_TEXT_KEYS, 'account.forgot.submit', 'account.forgot.sent'] as const;

export interface ForgotPasswordFormProps {
  locale: string;
  texts: Texts<(typeof FORGOT_TEXT_KEYS)[number]>;
}

export default function ForgotPasswordForm({ locale, texts }: ForgotPasswordFormProps) {
  return (
    <EmailRequestForm
      locale={locale}
      texts={texts}
      endpoint="/api/auth/forgot-password"
      idPrefix="forgot"
      submitLabel={texts['account.forgot.submit']}
      sentMessage={(email) => fill(texts['account.forgot.sent'], { email })}
    />
  );
}
