/**
 * A new password and its confirmation, with the live strength meter (spec §5 "Password"; registration
 * and reset). The rule is checkPassword() from src/domain/password.ts, the same one the server applies.
 */
import type { ReactNode, Ref } from 'react';
import { PASSWORD_ERROR_KEYS, checkPassword, passwordStrength } from '../../domain/password.ts';
import { Field, STRENGTH_TEXT_KEYS, StrengthMeter, WeakPasswordError } from './fields.tsx';
import type { Texts } from './texts.ts';

export const NEW_PASSWORD_TEXT_KEYS = [
  ...STRENGTH_TEXT_KEYS,
  ...PASSWORD_ERROR_KEYS,
  'account.field.confirmPassword',
  'account.password.hint',
  'account.error.passwordTooWeak',
  'account.error.passwordMismatch',
] as const;
export type NewPasswordTexts = Texts<(typeof NEW_PASSWORD_TEXT_KEYS)[number]>;

export interface NewPasswordErrors {
  password?: ReactNode;
  confirm?: string;
}

/** 'Password is too weak.' plus each broken rule, for the password field. */
export function weakPasswordError(keys: readonly string[], texts: NewPasswordTexts & Record<string, string>): ReactNode {
  const missing = keys.map((key) => texts[key]).filter((text): text is string => Boolean(text));
  return <WeakPasswordError summary={texts['account.error.passwordTooWeak']} missing={missing} />;
}

/** Checks both fields before sending: the rules, then the confirmation. */
export function checkNewPassword(password: string, confirm: string, texts: NewPasswordTexts): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const check = checkPassword(password);
  if (!check.ok) errors.password = weakPasswordError(check.errors, texts);
  if (confirm !== password) errors.confirm = texts['account.error.passwordMismatch'];
  return errors;
}

export interface NewPasswordFieldsProps {
  idPrefix: string;
  /** 'Password' when registering, 'New password' when resetting. */
  label: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: NewPasswordErrors;
  texts: NewPasswordTexts;
  passwordRef?: Ref<HTMLInputElement>;
  confirmRef?: Ref<HTMLInputElement>;
}

export function NewPasswordFields({ idPrefix, label, password, confirm, onPassword, onConfirm, errors, texts, passwordRef, confirmRef }: NewPasswordFieldsProps) {
  const meterId = `${idPrefix}-strength`;
  return (
    <>
      <Field
        id={`${idPrefix}-password`}
        label={label}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={onPassword}
        error={errors.password}
        hint={texts['account.password.hint']}
        inputRef={passwordRef}
        describedByIds={[meterId]}
      >
        <StrengthMeter id={meterId} strength={passwordStrength(password)} texts={texts} />
      </Field>
      <Field
        id={`${idPrefix}-confirm`}
        label={texts['account.field.confirmPassword']}
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={onConfirm}
        error={errors.confirm}
        inputRef={confirmRef}
      />
    </>
  );
}
