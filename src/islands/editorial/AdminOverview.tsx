/**
 * /{locale}/admin (issue 13): the super user's starting point: add links for the catalogue, the other
 * admin screens, and the status of the static rebuild (issue 13 point 7). Behind the same gate as
 * every admin page.
 */
import { useCallback, useMemo } from 'react';
import AdminGate from './AdminGate.tsx';
import { createEditorApi } from './editor-api.ts';
import { tx, type EditorTexts } from './editor-texts.ts';
import RebuildStatusPanel from './RebuildStatusPanel.tsx';

export interface AdminLink {
  href: string;
  label: string;
  /** Not built yet: shown as text, not linked. */
  coming?: boolean;
}

export interface AdminOverviewProps {
  locale: string;
  texts: EditorTexts;
  loginPath: string;
  catalogue: AdminLink[];
  more: AdminLink[];
}

function Overview({ locale, texts, catalogue, more }: AdminOverviewProps) {
  const api = useMemo(() => createEditorApi(locale), [locale]);
  const load = useCallback(() => api.rebuildStatus(), [api]);
  return (
    <div className="admin-overview">
      <section aria-labelledby="admin-catalogue">
        <h2 id="admin-catalogue">{tx(texts, 'admin.index.catalogue')}</h2>
        <ul className="admin-overview__links">
          {catalogue.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
        <p>{tx(texts, 'admin.index.editHint')}</p>
      </section>
      <section aria-labelledby="admin-more">
        <h2 id="admin-more">{tx(texts, 'admin.index.more')}</h2>
        <ul className="admin-overview__links">
          {more.map((link) => (
            <li key={link.href}>{link.coming ? tx(texts, 'admin.index.coming', { label: link.label }) : <a href={link.href}>{link.label}</a>}</li>
          ))}
        </ul>
      </section>
      <RebuildStatusPanel initial={null} load={load} texts={texts} locale={locale} />
    </div>
  );
}

export default function AdminOverview(props: AdminOverviewProps) {
  return (
    <AdminGate texts={props.texts} loginPath={props.loginPath}>
      {() => <Overview {...props} />}
    </AdminGate>
  );
}
