/**
 * The door of the admin pages (issue 13 points 4-6; spec §2 admin routes, the denial texts of §2:
 * "must be logged in", "only administrators may enter"). It only decides what to show: every admin
 * endpoint checks the session and the role again on the server.
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { $session, type Session } from '../../stores/session.ts';
import { LoadingNotice } from '../../account/fields.tsx';
import { loginHref } from '../../../lib/safe-next.ts';
import { currentPathWithQuery } from '../../account/form-support.ts';

export const GATE_TEXT_KEYS = ['common.loading', 'admin.access.mustLogIn', 'admin.access.logIn', 'admin.access.adminsOnly'] as const;
export type GateTexts = Readonly<Record<(typeof GATE_TEXT_KEYS)[number], string>>;

const subscribe = (onChange: () => void) => $session.listen(onChange);
const current = (): Session => $session.get();
const onServer = (): Session => 'loading';

export interface SuperUserGateProps {
  texts: GateTexts;
  /** /{locale}/login */
  loginPath: string;
  children: () => ReactNode;
}

/** The children for a super user; for anyone else the spec's denial text. */
export default function SuperUserGate({ texts, loginPath, children }: SuperUserGateProps) {
  const session = useSyncExternalStore(subscribe, current, onServer);
  if (session === 'loading') return <LoadingNotice label={texts['common.loading']} />;
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
  if (session.role !== 'SUPER_USER') {
    return (
      <div className="form-alert form-alert--error" role="alert">
        <p>{texts['admin.access.adminsOnly']}</p>
      </div>
    );
  }
  return <>{children()}</>;
}
