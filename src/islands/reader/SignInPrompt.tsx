/**
 * The sign-in prompt (spec §2: "Signed-out users see a sign-in prompt that closes the pop-up and goes
 * to /login"; §5, §8: the authentication-required notice). Shown where a signed-out reader tried to
 * add to the list, rate or review; announced as an alert. The link returns to this page after
 * signing in (?next=, checked again by the login form). `beforeNavigate` closes the pop-up first.
 */
import { loginHref } from '../../lib/safe-next.ts';
import { currentPathWithQuery } from '../account/form-support.ts';
import { isPlainLeftClick } from './plain-click.ts';

export interface SignInPromptProps {
  locale: string;
  /** The authentication-required text. */
  message: string;
  /** 'Log in' */
  linkText: string;
  beforeNavigate?: () => void;
}

export default function SignInPrompt({ locale, message, linkText, beforeNavigate }: SignInPromptProps) {
  // Rendered only in the browser, after a reader's action: the current address is known.
  const href = loginHref(`/${locale}/login`, typeof window === 'undefined' ? `/${locale}/` : currentPathWithQuery());
  return (
    <div className="reader-signin" role="alert">
      <p className="reader-signin__text">{message}</p>
      <a
        className="button button--primary reader-signin__link"
        href={href}
        onClick={(event) => {
          if (!beforeNavigate || !isPlainLeftClick(event)) return;
          event.preventDefault();
          beforeNavigate();
          window.location.assign(href);
        }}
      >
        {linkText}
      </a>
    </div>
  );
}
