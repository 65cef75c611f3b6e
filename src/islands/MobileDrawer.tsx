/**
 * Side drawer for the navigation below 1024 px (spec §2 "Mobile uses a side drawer with the same
 * entries"; the bar's German labels need 1024 px, issue 11). A modal <dialog>: the page behind is
 * inert, focus moves to the drawer's close button, Escape or a click on the backdrop closes it, and
 * focus returns to the menu button. Texts come in as props.
 * Account entries follow the page's session ($session): Log In while signed out or loading; the
 * navbar menu's entries (profile, reading list, my reviews, admin for super users, sign out) when signed in.
 */
import { useId, useRef, useState } from 'react';
import { avatarInitial, displayName } from '../domain/display-name.ts';
import type { Locale } from '../domain/enums.ts';
import { isGolden, isSuperUser } from '../domain/roles.ts';
import type { AccountEntries } from './account/account-items.ts';
import { keepLanguageOnSignOut } from './account/sign-out.ts';
import { fill } from './account/texts.ts';
import { useSessionUser } from './account/use-session.ts';
import LanguageSwitcher, { type LanguageSwitcherProps } from './LanguageSwitcher.tsx';
import { useModalDialog } from './use-modal-dialog.ts';

export interface DrawerLink {
  href: string;
  label: string;
  /** aria-current="page" for the section the visitor is in. */
  current?: boolean;
}

export interface MobileDrawerProps {
  labels: {
    /** Accessible name of the menu button ('Open menu'). */
    open: string;
    /** Accessible name of the close button ('Close menu'). */
    close: string;
    /** Heading of the drawer ('Menu'). */
    title: string;
    /** aria-label of the drawer's navigation ('Main'). */
    navigation: string;
    /** Text of the disabled theme entry ('Light theme coming soon'). */
    theme: string;
  };
  links: DrawerLink[];
  /** Account entries: 'Log In' while signed out. */
  account: DrawerLink[];
  /** The signed-in entries, the same as the navbar's account menu. */
  accountEntries: AccountEntries;
  locale: Locale;
  language: LanguageSwitcherProps;
}

export default function MobileDrawer({ labels, links, account, accountEntries, locale, language }: MobileDrawerProps) {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const dialogId = useId();

  useModalDialog(dialogRef, open, { focusRef: closeRef, scrollLockClass: 'has-open-drawer' });

  // 'close' fires for Escape (via 'cancel'), form-less dialog.close() and backdrop clicks alike.
  const onClose = () => {
    setOpen(false);
    document.documentElement.classList.remove('has-open-drawer');
    buttonRef.current?.focus();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button drawer__toggle"
        aria-expanded={open}
        aria-controls={dialogId}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
        <span className="visually-hidden">{labels.open}</span>
      </button>
      <dialog
        ref={dialogRef}
        id={dialogId}
        className="drawer"
        aria-labelledby={titleId}
        onClose={onClose}
        onClick={(event) => {
          // A click on the ::backdrop lands on the dialog element itself.
          if (event.target === event.currentTarget) setOpen(false);
        }}
      >
        <div className="drawer__panel">
          <div className="drawer__header">
            <h2 id={titleId} className="drawer__title">
              {labels.title}
            </h2>
            <button ref={closeRef} type="button" className="icon-button" onClick={() => setOpen(false)}>
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
              <span className="visually-hidden">{labels.close}</span>
            </button>
          </div>
          <nav aria-label={labels.navigation}>
            <ul className="drawer__links" role="list">
              {links.map((link) => (
                <li key={link.href}>
                  <a className="drawer__link" href={link.href} aria-current={link.current ? 'page' : undefined}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {user ? (
            <nav className="drawer__user" aria-label={accountEntries.labels.account}>
              <p className="drawer__who">
                <span className="avatar" aria-hidden="true">
                  {avatarInitial(user)}
                </span>
                {fill(accountEntries.labels.signedInAs, { name: displayName(user) })}
              </p>
              <ul className="drawer__links" role="list">
                {[...accountEntries.user, ...(isGolden(user) ? accountEntries.golden : [])].map((link) => (
                  <li key={link.href}>
                    <a className="drawer__link" href={link.href}>
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
              {isSuperUser(user) && (
                <>
                  <h3 className="drawer__group-label">{accountEntries.labels.admin}</h3>
                  <ul className="drawer__links" role="list">
                    {accountEntries.admin.map((link) => (
                      <li key={link.href}>
                        <a className="drawer__link" href={link.href}>
                          {link.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <a className="button button--secondary drawer__account drawer__sign-out" href={accountEntries.signOut.href} onClick={keepLanguageOnSignOut(locale)}>
                {accountEntries.signOut.label}
              </a>
            </nav>
          ) : (
            <ul className="drawer__links drawer__links--account" role="list">
              {account.map((link) => (
                <li key={link.href}>
                  <a className="button button--primary drawer__account" href={link.href} aria-current={link.current ? 'page' : undefined}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <LanguageSwitcher {...language} variant="list" />
          <p className="drawer__theme">
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="12" cy="12" r="4" />
              <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
            </svg>
            {labels.theme}
          </p>
        </div>
      </dialog>
    </>
  );
}
