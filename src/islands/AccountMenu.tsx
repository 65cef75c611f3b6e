/**
 * The navbar's account entry (spec §2 "Navigation bar"). Signed out (and without JavaScript): the Log
 * In link, static: the island hydrates at once only when the session hint cookie is there
 * (client:intent="session"), and then shows the avatar with the hint's initial while the session loads. Signed in: an avatar button with the initial of the first name,
 * else of the email (avatarInitial), opening a menu with profile, reading list, my reviews, the admin
 * entries for super users, and sign out as a plain link to /api/logout.
 *
 * Keyboard (WAI-ARIA menu button): Enter, Space or Arrow Down open it on the first entry, Arrow Up on the
 * last; arrows, Home and End move; Escape closes and returns to the button; Tab closes and moves on.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { avatarInitial, displayName } from '../domain/display-name.ts';
import type { Locale } from '../domain/enums.ts';
import { isGolden, isSuperUser } from '../domain/roles.ts';
import type { CurrentUser } from '../domain/schemas/auth.ts';
import type { AccountEntries, AccountLink } from './account/account-items.ts';
import { keepLanguageOnSignOut } from './account/sign-out.ts';
import { fill } from './account/texts.ts';
import { useSessionHint, useSessionUser } from './account/use-session.ts';
import { useRebuildLine } from './editorial/use-rebuild-line.ts';
import { $session } from './stores/session.ts';

export interface AccountMenuProps {
  locale: Locale;
  login: AccountLink & { current?: boolean };
  entries: AccountEntries;
}

export default function AccountMenu({ locale, login, entries }: AccountMenuProps) {
  const user = useSessionUser();
  const hint = useSessionHint();
  if (!user && hint && $session.get() === 'loading') {
    // A reader who is (probably) signed in sees the avatar with the initial at once; the menu follows
    // when the server has said who it is.
    return (
      <div className="account-menu">
        <span className="account-menu__button" aria-busy="true">
          <span className="avatar" aria-hidden="true">
            {hint}
          </span>
        </span>
      </div>
    );
  }
  if (!user) {
    return (
      <a className="button button--secondary site-header__login" href={login.href} aria-current={login.current ? 'page' : undefined}>
        {login.label}
      </a>
    );
  }
  return <UserMenu locale={locale} user={user} entries={entries} />;
}

function UserMenu({ locale, user, entries }: { locale: Locale; user: CurrentUser; entries: AccountEntries }) {
  const [open, setOpen] = useState(false);
  /** Which entry gets focus when the menu opens. */
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const buttonId = useId();
  const menuId = useId();
  const adminId = useId();
  const name = displayName(user);
  const admin = isSuperUser(user) ? entries.admin : [];
  const rebuild = useRebuildLine(open && admin.length > 0, entries.labels.rebuild, locale);

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLAnchorElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusOnOpen === 'last' ? list.at(-1) : list[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, focusOnOpen]);

  const openAt = (where: 'first' | 'last') => {
    setFocusOnOpen(where);
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLAnchorElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(list.length - 1);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case 'Tab':
        return close(false);
      default:
        return undefined;
    }
  };

  const item = (link: AccountLink, onClick?: () => void) => (
    <li role="none" key={link.href}>
      <a role="menuitem" tabIndex={-1} className="account-menu__item" href={link.href} onClick={onClick}>
        {link.label}
      </a>
    </li>
  );

  return (
    <div ref={rootRef} className="account-menu">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="account-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <span className="avatar" aria-hidden="true">
          {avatarInitial(user)}
        </span>
        <span className="visually-hidden">{fill(entries.labels.menu, { name })}</span>
      </button>
      <div className="account-menu__panel" hidden={!open}>
        <p className="account-menu__who">
          {fill(entries.labels.signedInAs, { name })}
          {name !== user.email && <span className="account-menu__email">{user.email}</span>}
        </p>
        <ul ref={menuRef} id={menuId} role="menu" aria-labelledby={buttonId} className="account-menu__list" onKeyDown={onMenuKeyDown}>
          {entries.user.map((link) => item(link))}
          {isGolden(user) && entries.golden.map((link) => item(link))}
          {admin.length > 0 && (
            <>
              <li role="separator" className="account-menu__separator" />
              <li role="none">
                <span id={adminId} className="account-menu__group-label" aria-hidden="true">
                  {entries.labels.admin}
                </span>
                <ul role="group" aria-labelledby={adminId} className="account-menu__group">
                  {admin.map((link) => item(link))}
                </ul>
              </li>
            </>
          )}
          <li role="separator" className="account-menu__separator" />
          {item(entries.signOut, keepLanguageOnSignOut(locale))}
        </ul>
        {rebuild && (
          <p className="account-menu__rebuild" role="status">
            {rebuild}
          </p>
        )}
      </div>
    </div>
  );
}
