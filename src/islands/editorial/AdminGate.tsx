/**
 * The door of every admin page (issue 13; spec §2 admin routes and their denial texts: "must be
 * logged in", "only administrators may enter"): while the session loads, a loading line; signed out,
 * the first with a sign-in link back here; any role but super user, the second. The pages are static
 * and shared, so this only decides what to show: every admin endpoint checks the session and the role
 * again on the server.
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { isSuperUser } from '../../domain/roles.ts';
import { $session, type Session } from '../stores/session.ts';
import { LoadingSpinner } from '../LoadingSpinner.tsx';
import { loginHref } from '../../lib/safe-next.ts';
import { currentPathWithQuery } from '../account/form-support.ts';

export const GATE_TEXT_KEYS = ['common.loading', 'admin.access.mustLogIn', 'admin.access.logIn', 'admin.access.adminsOnly'] as const;
export type GateTexts = Readonly<Record<(typeof GATE_TEXT_KEYS)[number], string>>;

const subscribe = (onChange: () => void) => $session.listen(onChange);
const current = (): Session => $session.get();
const onServer = (): Session => 'loading';

/** The session as the page's one store has it ('loading' while server-rendering and hydrating). */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, current, onServer);
}

export interface AdminGateProps {
  texts: GateTexts;
  /** /{locale}/login */
  loginPath: string;
  children: () => ReactNode;
}

/** The children for a super user; for anyone else the spec's denial text. */
export default function AdminGate({ texts, loginPath, children }: AdminGateProps) {
  const session = useSession();
  if (session === 'loading') return <LoadingSpinner label={texts['common.loading']} />;
  if (session === 'signed-out') {
    return (
      <div className="form-alert form-alert--error" role="alert">
        <p>{texts['admin.access.mustLogIn']}</p>
        <p>
          <a href={loginHref(loginPath, currentPathWithQuery())}>{texts['admin.access.logIn']}</a>
        </p>
      </div>
    );
  }
  if (!isSuperUser(session)) {
    return (
      <div className="form-alert form-alert--error" role="alert">
        <p>{texts['admin.access.adminsOnly']}</p>
      </div>
    );
  }
  return <>{children()}</>;
}
