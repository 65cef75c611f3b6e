/**
 * "Edit" on a book or author page for super users (issue 13 point 1). The static page is the same
 * for everyone, so the link appears only in the browser, once the page's one session call says the
 * reader is a super user; hydrated with `client:intent="session"`, so visitors without the session
 * hint cookie load nothing for it. Renders nothing on the server.
 */
import { isSuperUser } from '../../domain/roles.ts';
import { sessionUser } from '../stores/session.ts';
import { useSession } from './AdminGate.tsx';

export interface AdminEditLinkProps {
  href: string;
  label: string;
}

export default function AdminEditLink({ href, label }: AdminEditLinkProps) {
  const user = sessionUser(useSession());
  if (!isSuperUser(user)) return null;
  return (
    <p className="admin-edit-link">
      <a className="button button--secondary" href={href}>
        {label}
      </a>
    </p>
  );
}
