/**
 * Form parts of the account islands: labelled fields whose errors are tied to the input
 * (aria-invalid + aria-describedby), the password strength meter, and the live regions for the form's
 * failure and success messages. No native validation bubbles: forms set noValidate and show these.
 */
import { useEffect, useState, type ReactNode, type Ref } from 'react';
import { PASSWORD_STRENGTHS, type PasswordStrength } from '../../domain/password.ts';
import { fill } from './texts.ts';

/** True once the island runs in the browser: submit buttons stay disabled before (no native GET/POST of a password). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

export interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  required?: boolean;
  /** Shown after the label of optional fields ('optional'). */
  optionalText?: string;
  hint?: ReactNode;
  error?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** Extra ids for aria-describedby (e.g. the strength meter). */
  describedByIds?: string[];
  children?: ReactNode;
}

export function Field({ id, label, value, onChange, type = 'text', autoComplete, required, optionalText, hint, error, inputRef, describedByIds = [], children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {optionalText && <span className="field__optional"> ({optionalText})</span>}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={id}
        className="field__input"
        type={type}
        value={value}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(errorId, hintId, ...describedByIds)}
        spellCheck={type === 'text' ? undefined : false}
        autoCapitalize={type === 'email' ? 'none' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <div id={errorId} className="field__error">
          {error}
        </div>
      )}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {children}
    </div>
  );
}

/** The texts of the strength meter: 'Password strength: {strength}' and one label per level. */
export const STRENGTH_TEXT_KEYS = [
  'account.password.strengthLabel',
  'account.password.level.veryWeak',
  'account.password.level.weak',
  'account.password.level.medium',
  'account.password.level.strong',
  'account.password.level.veryStrong',
] as const;
export type StrengthTexts = Record<(typeof STRENGTH_TEXT_KEYS)[number], string>;

const LEVEL_KEYS: Record<PasswordStrength, (typeof STRENGTH_TEXT_KEYS)[number]> = {
  very_weak: 'account.password.level.veryWeak',
  weak: 'account.password.level.weak',
  medium: 'account.password.level.medium',
  strong: 'account.password.level.strong',
  very_strong: 'account.password.level.veryStrong',
};

/** Five bars and a polite live text; the level comes from passwordStrength(), the same rule as the server's. */
export function StrengthMeter({ id, strength, texts }: { id: string; strength: PasswordStrength; texts: StrengthTexts }) {
  const level = PASSWORD_STRENGTHS.indexOf(strength);
  return (
    <div className="strength" data-strength={strength}>
      <div className="strength__bars" aria-hidden="true">
        {PASSWORD_STRENGTHS.map((name, index) => (
          <span key={name} className={index <= level ? 'strength__bar strength__bar--on' : 'strength__bar'} />
        ))}
      </div>
      <p id={id} className="strength__text" aria-live="polite">
        {fill(texts['account.password.strengthLabel'], { strength: texts[LEVEL_KEYS[strength]] })}
      </p>
    </div>
  );
}

/** 'Password is too weak.' with the rules still missing, as one error block. */
export function WeakPasswordError({ summary, missing }: { summary: string; missing: string[] }) {
  return (
    <>
      <span>{summary}</span>
      {missing.length > 0 && (
        <ul className="field__error-list">
          {missing.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The form's failure message; the region exists from the start so screen readers announce changes. */
export function FormAlert({ message, children }: { message?: string; children?: ReactNode }) {
  return (
    <div role="alert" className={message ? 'form-alert form-alert--error' : 'form-alert'}>
      {message && <p>{message}</p>}
      {message && children}
    </div>
  );
}

/** A success or progress message (polite). */
export function FormStatus({ message, children }: { message?: string; children?: ReactNode }) {
  return (
    <div role="status" className={message ? 'form-alert form-alert--success' : 'form-alert'}>
      {message && <p>{message}</p>}
      {message && children}
    </div>
  );
}

export function SubmitButton({ label, busy, hydrated, className = 'button button--primary form__submit' }: { label: string; busy: boolean; hydrated: boolean; className?: string }) {
  return (
    <button type="submit" className={className} disabled={busy || !hydrated} aria-busy={busy || undefined}>
      {busy && <span className="spinner" aria-hidden="true" />}
      {label}
    </button>
  );
}

/** A region whose data could not be loaded: what failed and a way to try again. */
export function LoadFailed({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div className="result result--error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}

/** The outcome of the last action in a region: a failure as an alert, a success as a status. */
export function OutcomeMessage({ outcome }: { outcome: { text: string; failed: boolean } | null }) {
  return (
    <p role={outcome?.failed ? 'alert' : 'status'} className={outcome?.failed ? 'form-alert form-alert--error' : 'outcome-message'}>
      {outcome?.text}
    </p>
  );
}
