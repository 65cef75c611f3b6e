/**
 * The landing page of the emailed reset link (issue 4): a new password with the strength meter and its
 * confirmation. Expired, used and invalid links say so and point to "forgot password" for a new one.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormAlert, SubmitButton, useHydrated } from './fields.tsx';
import { FAILURE_TEXT_KEYS, accountClient } from './form-support.ts';
import { NEW_PASSWORD_TEXT_KEYS, NewPasswordFields, checkNewPassword, weakPasswordError, type NewPasswordErrors } from './NewPasswordFields.tsx';
import type { Texts } from './texts.ts';
import { useSubmission } from './use-submission.ts';

export const RESET_TEXT_KEYS = [
  ...FAILURE_TEXT_KEYS,
  ...NEW_PASSWORD_TEXT_KEYS,
  'account.field.newPassword',
  'account.reset.submit',
  'account.reset.success',
  'account.reset.expired',
  'account.reset.used',
  'account.reset.invalid',
  'account.reset.requestNew',
] as const;

export interface ResetPasswordFormProps {
  locale: string;
  texts: Texts<(typeof RESET_TEXT_KEYS)[number]>;
  login: { href: string; label: string };
  /** /{locale}/forgot-password */
  forgotHref: string;
}

type LinkProblem = 'expired' | 'used' | 'invalid';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const PROBLEM_OF_KEY: Record<string, LinkProblem> = {
  'validation.token.expired': 'expired',
  'validation.token.used': 'used',
  'validation.token': 'invalid',
};

export default function ResetPasswordForm({ locale, texts, login, forgotHref }: ResetPasswordFormProps) {
  const hydrated = useHydrated();
  const [token, setToken] = useState<string>();
  const [problem, setProblem] = useState<LinkProblem>();
  const [done, setDone] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const { busy, failure, clearFailure, submit } = useSubmission(texts);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const value = new URLSearchParams(window.location.search).get('token') ?? '';
    if (TOKEN.test(value)) setToken(value);
    else setProblem('invalid');
  }, []);

  // After a submit the form is replaced by its result: move focus there (not on page load).
  const focusResult = () => requestAnimationFrame(() => resultRef.current?.focus());

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    clearFailure();
    if (busy || !token) return;
    const found = checkNewPassword(password, confirm, texts);
    setErrors(found);
    if (found.password) return passwordRef.current?.focus();
    if (found.confirm) return confirmRef.current?.focus();
    await submit(
      async () => {
        await accountClient(locale).post('/api/auth/reset-password', { token, password });
        setDone(true);
        focusResult();
      },
      (result) => {
        const linkProblem = PROBLEM_OF_KEY[result.keys.token?.[0] ?? ''];
        if (linkProblem) {
          setProblem(linkProblem);
          focusResult();
        } else if (result.keys.password) {
          setErrors({ password: weakPasswordError(result.keys.password, texts) });
          passwordRef.current?.focus();
        }
      },
    );
  }

  if (done) {
    return (
      <div ref={resultRef} tabIndex={-1} className="result result--success" role="status">
        <p>{texts['account.reset.success']}</p>
        <a className="button button--primary" href={login.href}>
          {login.label}
        </a>
      </div>
    );
  }

  if (problem) {
    return (
      <div ref={resultRef} tabIndex={-1} className="result result--error" role="alert">
        <p>{texts[`account.reset.${problem}`]}</p>
        <a className="button button--primary" href={forgotHref}>
          {texts['account.reset.requestNew']}
        </a>
      </div>
    );
  }

  return (
    <form className="form" method="post" noValidate onSubmit={onSubmit}>
      <FormAlert message={failure} />
      <NewPasswordFields
        idPrefix="reset"
        label={texts['account.field.newPassword']}
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        errors={errors}
        texts={texts}
        passwordRef={passwordRef}
        confirmRef={confirmRef}
      />
      <SubmitButton label={texts['account.reset.submit']} busy={busy} hydrated={hydrated && Boolean(token)} />
    </form>
  );
}
