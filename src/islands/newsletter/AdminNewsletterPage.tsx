/**
 * /{locale}/admin/newsletter (issue 14 point 4): subscriber counts (pending, confirmed, unsubscribed;
 * confirmed per language) and the CSV export of the confirmed subscribers, and (issue 29 point 23) the
 * issues: write, preview, test-mail and send (NewsletterIssues.tsx), for super users behind the admin
 * gate; every endpoint checks the role again.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Locale } from '../../domain/enums.ts';
import { NewsletterCountsSchema, type NewsletterCounts } from '../../domain/schemas/newsletter.ts';
import { LoadFailed } from '../account/fields.tsx';
import { accountClient } from '../account/form-support.ts';
import type { Texts } from '../account/texts.ts';
import AdminGate, { GATE_TEXT_KEYS } from '../editorial/AdminGate.tsx';
import { LoadingSpinner } from '../LoadingSpinner.tsx';
import NewsletterIssues, { NEWSLETTER_ISSUES_TEXT_KEYS } from './NewsletterIssues.tsx';

export const ADMIN_NEWSLETTER_TEXT_KEYS = [
  ...GATE_TEXT_KEYS,
  ...NEWSLETTER_ISSUES_TEXT_KEYS,
  'admin.newsletter.intro',
  'admin.newsletter.confirmed',
  'admin.newsletter.pending',
  'admin.newsletter.unsubscribed',
  'admin.newsletter.byLanguage',
  'admin.newsletter.language',
  'admin.newsletter.count',
  'admin.newsletter.export',
  'admin.newsletter.loadFailed',
  'admin.newsletter.retry',
] as const;

export interface AdminNewsletterPageProps {
  locale: Locale;
  texts: Texts<(typeof ADMIN_NEWSLETTER_TEXT_KEYS)[number]>;
  loginPath: string;
  languageNames: Record<Locale, string>;
}

function Counts({ locale, texts, languageNames }: AdminNewsletterPageProps) {
  const [counts, setCounts] = useState<NewsletterCounts | 'loading' | 'failed'>('loading');
  const load = useCallback(() => {
    setCounts('loading');
    accountClient(locale)
      .get('/api/admin/newsletter', { schema: NewsletterCountsSchema })
      .then(setCounts)
      .catch(() => setCounts('failed'));
  }, [locale]);
  useEffect(load, [load]);

  if (counts === 'loading') return <LoadingSpinner label={texts['common.loading']} />;
  if (counts === 'failed') return <LoadFailed message={texts['admin.newsletter.loadFailed']} retryLabel={texts['admin.newsletter.retry']} onRetry={load} />;
  const number = new Intl.NumberFormat(locale);
  return (
    <div className="admin-newsletter">
      <p>{texts['admin.newsletter.intro']}</p>
      <dl className="admin-newsletter__counts">
        {(['confirmed', 'pending', 'unsubscribed'] as const).map((state) => (
          <div key={state}>
            <dt>{texts[`admin.newsletter.${state}`]}</dt>
            <dd>{number.format(counts[state])}</dd>
          </div>
        ))}
      </dl>
      <div className="admin-table__wrap">
        <table className="admin-table">
          <caption>{texts['admin.newsletter.byLanguage']}</caption>
          <thead>
            <tr>
              <th scope="col">{texts['admin.newsletter.language']}</th>
              <th scope="col">{texts['admin.newsletter.count']}</th>
            </tr>
          </thead>
          <tbody>
            {(Object.keys(languageNames) as Locale[]).map((l) => (
              <tr key={l}>
                <th scope="row" lang={l}>
                  {languageNames[l]}
                </th>
                <td>{number.format(counts.confirmedByLanguage[l])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <a className="button button--secondary" href="/api/admin/newsletter/export" download>
          {texts['admin.newsletter.export']}
        </a>
      </p>
      <NewsletterIssues locale={locale} texts={texts} languageNames={languageNames} confirmedByLanguage={counts.confirmedByLanguage} />
    </div>
  );
}

export default function AdminNewsletterPage(props: AdminNewsletterPageProps) {
  return (
    <AdminGate texts={props.texts} loginPath={props.loginPath}>
      {() => <Counts {...props} />}
    </AdminGate>
  );
}
