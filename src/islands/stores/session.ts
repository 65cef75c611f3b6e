/**
 * Who is signed in, for every island of the page (spec §2: the navbar, drawer and footer switch by
 * whether GET /api/auth/user returns a user). One request per page: the first subscriber starts it,
 * later subscribers read the same store.
 *
 * - 'loading' until the answer is in; islands render their signed-out markup meanwhile (it is the
 *   server-rendered HTML, so nothing jumps for visitors, who are the majority). Islands read the store
 *   through useSessionUser() (account/use-session.ts), which keeps hydration equal to that HTML.
 * - A failed request counts as signed out: the Log In link is the safe thing to show.
 * - Without the session hint cookie (src/domain/session-hint.ts, set by sign-in, cleared by sign-out)
 *   nobody is signed in: visitors are 'signed-out' at once, without a request (and without a 401 in
 *   the console, issue 11). The server stays the judge: with a hint, it is asked as before.
 * - The response is checked by hand rather than with CurrentUserSchema, which would add the auth
 *   schemas (and the password rules) to every page.
 */
import { atom, onMount } from 'nanostores';
import type { CurrentUser } from '../../domain/schemas/auth.ts';
import { readSessionHint } from '../../domain/session-hint.ts';
import { createApiClient, type ApiClient } from '../../lib/api-client.ts';

export type Session = 'loading' | 'signed-out' | CurrentUser;

export const $session = atom<Session>('loading');

/** The signed-in user, or null while loading or signed out. */
export function sessionUser(session: Session): CurrentUser | null {
  return typeof session === 'object' ? session : null;
}

function looksLikeUser(value: unknown): value is CurrentUser {
  const user = value as Partial<CurrentUser> | null;
  return typeof user === 'object' && user !== null && typeof user.id === 'string' && typeof user.email === 'string' && typeof user.role === 'string';
}

let client: ApiClient | undefined;
let pending: Promise<void> | undefined;

/** Asks the server again (after the page came back from the back-forward cache, or on demand). */
export function refreshSession(): Promise<void> {
  if (readSessionHint(document.cookie) === null) {
    $session.set('signed-out');
    return Promise.resolve();
  }
  client ??= createApiClient({ language: () => document.documentElement.lang || 'en' });
  pending ??= client
    .currentUser()
    .then((user) => $session.set(looksLikeUser(user) ? user : 'signed-out'))
    .catch(() => $session.set('signed-out'))
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

/** After a profile change: the menu shows the new name at once. */
export function setSessionUser(user: CurrentUser): void {
  $session.set(user);
}

/** After the account was deleted. */
export function setSignedOut(): void {
  $session.set('signed-out');
}

onMount($session, () => {
  if (typeof window === 'undefined') return undefined;
  if ($session.get() === 'loading') void refreshSession();
  // A page restored from the back-forward cache may show a session that ended meanwhile (sign-out).
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) void refreshSession();
  };
  window.addEventListener('pageshow', onPageShow);
  return () => window.removeEventListener('pageshow', onPageShow);
});
