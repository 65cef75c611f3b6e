/**
 * Who may see an admin page (issue 13 point 1; spec §2 denial texts): while the session loads, a
 * loading line; signed out, 'must be logged in' with a sign-in link back here; any role but super user,
 * 'only administrators may enter'. The page is static and shared, so this is only what the visitor
 * sees: every admin endpoint checks the role itself.
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { isSuperUser } from '../../domain/roles.ts';
import { $session, type Session } from '../stores/session.ts';
import { tx, type EditorTexts } from './editor-texts.ts';

const subscribe = (onChange: () => void) => $session.listen(onChange);
const current = (): Session => $session.get();
const onServer = (): Session => 'loading';

/** The session as the page's one store has it ('loading' while server-rendering and hydrating). */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, current, onServer);
}

export interface AdminGateProps {
  texts: EditorTexts;
  /** The sign-in page of the locale; the gate adds ?next= with the current address. */
  loginPath: string;
  children: () => ReactNode;
}

export default function AdminGate({ texts, loginPath, children }: AdminGateProps) {
  const session = useSession();
  if (session === 'loading') {
    return (
      <p className="loading" role="status">
        {tx(texts, 'admin.loading')}
      </p>
    );
  }
  if (session === 'signed-out') {
    const next = typeof window === 'undefined' ? '' : `?next=${encodeURIComponent(window.location.pathname + window.location.search)}`;
    return (
      <div className="result result--error admin-denied">
        <p>{tx(texts, 'admin.denied.signedOut')}</p>
        <p>
          <a className="button button--primary" href={`${loginPath}${next}`}>
            {tx(texts, 'admin.denied.signIn')}
          </a>
        </p>
      </div>
    );
  }
  if (!isSuperUser(session)) {
    return (
      <div className="result result--error admin-denied">
        <p>{tx(texts, 'admin.denied.notAdmin')}</p>
      </div>
    );
  }
  return <>{children()}</>;
}
