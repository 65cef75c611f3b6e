/**
 * The signed-in user for an island, from the page's one $session store.
 *
 * Hydration renders what the server rendered ('loading', i.e. the signed-out markup) and only then the
 * store's value: an island that hydrates after the session arrived (the drawer below 768 px, the footer
 * on idle) would otherwise differ from its HTML and React would throw a hydration error (#418).
 * useSyncExternalStore's server snapshot is made for exactly that.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { readSessionHint } from '../../domain/session-hint.ts';
import type { CurrentUser } from '../../domain/schemas/auth.ts';
import { $session, sessionUser, type Session } from '../stores/session.ts';

const subscribe = (onChange: () => void) => $session.listen(onChange);
const current = (): Session => $session.get();
const onServer = (): Session => 'loading';

export function useSessionUser(): CurrentUser | null {
  return sessionUser(useSyncExternalStore(subscribe, current, onServer));
}

/** Whether the page still waits to learn who is signed in (the server's snapshot: yes). */
export function useSessionLoading(): boolean {
  return useSyncExternalStore(subscribe, current, onServer) === 'loading';
}

/**
 * The initial the session hint cookie carries (src/domain/session-hint.ts), read after hydration (the
 * server rendered without it), or null.
 */
export function useSessionHint(): string | null {
  const [hint, setHint] = useState<string | null>(null);
  useEffect(() => setHint(readSessionHint(document.cookie)), []);
  return hint;
}
