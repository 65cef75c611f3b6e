/**
 * Registration (spec §2, §5; issue 4 item 3): optional first and last name, email, a password with a
 * live strength meter and its confirmation. Success means "check your inbox" (the email must be
 * verified before login, spec §4), with a button for a new link.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Field, FormAlert, FormStatus, SubmitButton, useHydrated } from './fields.tsx';
import { VERIFICATION_MAIL_TEXT_KEYS, accountClient, describeVerificationMailFailure, isPlausibleEmail } from './form-support.ts';
import { NEW_PASSWORD_TEXT_KEYS, NewPasswordFields, checkNewPassword, weakPasswordError, type NewPasswordErrors } from './NewPasswordFields.tsx';
import { fill, type Texts } from './texts.ts';
import { useSubmission } from './use-submission.ts';

/** Names are at most 80 characters (RegisterSchema). */
const NAME_MAX = 80;

export const REGISTER_TEXT_KEYS = [
  ...VERIFICATION_MAIL_TEXT_KEYS,
  ...NEW_PASSWORD_TEXT_KEYS,
  'account.field.firstName',
  'account.field.lastName',
  'account.field.email',
  'account.field.password',
  'account.field.optional',
  'account.register.submit',
  'account.register.successTitle',
  'account.register.successText',
  'account.register.noMail',
  'account.resend.button',
  'account.resend.sent',
  'validation.email',
  'validation.name',
] as const;

export interface RegisterFormProps {
  locale: string;
  texts: Texts<(typeof REGISTER_TEXT_KEYS)[number]>;
  /** The log-in link shown after success. */
  login: { href: string; label: string };
}

interface Errors extends NewPasswordErrors {
  firstName?: string;
  lastName?: string;
  email?: string;
}

export default function RegisterForm({ locale, texts, login }: RegisterFormProps) {
  const hydrated = useHydrated();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { busy, failure, clearFailure, submit } = useSubmission(texts);
  const [registeredAs, setRegisteredAs] = useState<string>();
  const [resent, setResent] = useState<string>();
  const refs = {
    firstName: useRef<HTMLInputElement>(null),
    lastName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
  };
  const successRef = useRef<HTMLHeadingElement>(null);
  const client = accountClient(locale);

  function focusFirst(found: Errors) {
    const first = (['firstName', 'lastName', 'email', 'password', 'confirm'] as const).find((name) => found[name]);
    if (first) refs[first].current?.focus();
  }

  function validate(): boolean {
    const found: Errors = { ...checkNewPassword(password, confirm, texts) };
    if (firstName.trim().length > NAME_MAX) found.firstName = texts['validation.name'];
    if (lastName.trim().length > NAME_MAX) found.lastName = texts['validation.name'];
    if (!isPlausibleEmail(email)) found.email = texts['validation.email'];
    setErrors(found);
    focusFirst(found);
    return Object.values(found).every((value) => !value);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    clearFailure();
    if (busy || !validate()) return;
    const address = email.trim();
    await submit(
      async () => {
        await client.post('/api/auth/register', {
          email: address,
          password,
          firstName: firstName.trim() || undefined,
          lastName: lastName.trim() || undefined,
          language: locale,
        });
        setRegisteredAs(address);
        setPassword('');
        setConfirm('');
        requestAnimationFrame(() => successRef.current?.focus());
      },
      (result) => {
        const found: Errors = {
          firstName: result.fields.firstName,
          lastName: result.fields.lastName,
          email: result.fields.email,
          password: result.keys.password ? weakPasswordError(result.keys.password, texts) : undefined,
        };
        setErrors(found);
        focusFirst(found);
      },
    );
  }

  async function resend() {
    if (!registeredAs) return;
    clearFailure();
    await submit(
      async () => {
        await client.post('/api/auth/resend-verification', { email: registeredAs });
        setResent(texts['account.resend.sent']);
      },
      undefined,
      (error) => describeVerificationMailFailure(error, texts),
    );
  }

  if (registeredAs) {
    return (
      <section className="form form--done" aria-labelledby="register-done">
        <h2 id="register-done" ref={successRef} tabIndex={-1}>
          {texts['account.register.successTitle']}
        </h2>
        <p>{fill(texts['account.register.successText'], { email: registeredAs })}</p>
        <p className="muted">{texts['account.register.noMail']}</p>
        <FormAlert message={failure} />
        <FormStatus message={resent} />
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={resend} disabled={busy}>
            {texts['account.resend.button']}
          </button>
          <a className="button button--primary" href={login.href}>
            {login.label}
          </a>
        </div>
      </section>
    );
  }

  return (
    <form className="form" method="post" noValidate onSubmit={onSubmit}>
      <FormAlert message={failure} />
      <div className="form__row">
        <Field
          id="register-first-name"
          label={texts['account.field.firstName']}
          optionalText={texts['account.field.optional']}
          autoComplete="given-name"
          value={firstName}
          onChange={setFirstName}
          error={errors.firstName}
          inputRef={refs.firstName}
        />
        <Field
          id="register-last-name"
          label={texts['account.field.lastName']}
          optionalText={texts['account.field.optional']}
          autoComplete="family-name"
          value={lastName}
          onChange={setLastName}
          error={errors.lastName}
          inputRef={refs.lastName}
        />
      </div>
      <Field
        id="register-email"
        label={texts['account.field.email']}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={setEmail}
        error={errors.email}
        inputRef={refs.email}
      />
      <NewPasswordFields
        idPrefix="register"
        label={texts['account.field.password']}
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        errors={errors}
        texts={texts}
        passwordRef={refs.password}
        confirmRef={refs.confirm}
      />
      <SubmitButton label={texts['account.register.submit']} busy={busy} hydrated={hydrated} />
    </form>
  );
}
