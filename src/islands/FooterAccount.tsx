/**
 * The footer's account links (spec §2 "Footer"): signed out /login and /register (the server-rendered
 * list, also without JavaScript), signed in reading list, my reviews, profile and sign out as a plain
 * link to /api/logout. Reads the page's one session request ($session).
 */
import type { Locale } from '../domain/enums.ts';
import type { AccountLink } from './account/account-items.ts';
import { keepLanguageOnSignOut } from './account/sign-out.ts';
import { useSessionUser } from './account/use-session.ts';

export interface FooterAccountProps {
  locale: Locale;
  signedOut: AccountLink[];
  /** Reading list, my reviews, profile. */
  signedIn: AccountLink[];
  signOut: AccountLink;
}

export default function FooterAccount({ locale, signedOut, signedIn, signOut }: FooterAccountProps) {
  const user = useSessionUser();
  const links = user ? signedIn : signedOut;
  return (
    <ul role="list">
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href}>{link.label}</a>
        </li>
      ))}
      {user && (
        <li>
          <a href={signOut.href} onClick={keepLanguageOnSignOut(locale)}>
            {signOut.label}
          </a>
        </li>
      )}
    </ul>
  );
}
