/**
 * /{locale}/newsletter/archive (issue 29 point 23): the newsletters sent in the page's language, newest
 * first, and one of them (`?issue=<id>`) as the archive endpoint renders it (the site's safe markdown
 * renderer). Issues are read live, so a sent issue shows without a rebuild.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Locale } from '../../domain/enums.ts';
import { NewsletterArchiveIssueSchema, NewsletterArchiveSchema, type NewsletterArchiveEntry, type NewsletterArchiveIssue } from '../../domain/schemas/newsletter.ts';
import { LoadFailed } from '../account/fields.tsx';
import { accountClient } from '../account/form-support.ts';
import { fill, type Texts } from '../account/texts.ts';
import { LoadingSpinner } from '../LoadingSpinner.tsx';

export const NEWSLETTER_ARCHIVE_TEXT_KEYS = [
  'common.loading',
  'newsletter.archive.empty',
  'newsletter.archive.sentOn',
  'newsletter.archive.back',
  'newsletter.archive.notFound',
  'newsletter.archive.loadFailed',
  'newsletter.archive.retry',
] as const;

export interface NewsletterArchiveProps {
  locale: Locale;
  texts: Texts<(typeof NEWSLETTER_ARCHIVE_TEXT_KEYS)[number]>;
  /** This page's own address, for the links to single issues. */
  archivePath: string;
}

type View = { kind: 'loading' } | { kind: 'failed' } | { kind: 'notFound' } | { kind: 'list'; items: NewsletterArchiveEntry[] } | { kind: 'issue'; issue: NewsletterArchiveIssue };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default function NewsletterArchive({ locale, texts, archivePath }: NewsletterArchiveProps) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const load = useCallback(() => {
    setView({ kind: 'loading' });
    const id = new URLSearchParams(window.location.search).get('issue');
    const client = accountClient(locale);
    if (id !== null) {
      if (!UUID.test(id)) return setView({ kind: 'notFound' });
      client
        .get(`/api/newsletter/issues/${id}`, { schema: NewsletterArchiveIssueSchema })
        .then((issue) => setView({ kind: 'issue', issue }))
        .catch((error: { status?: number }) => setView({ kind: error.status === 404 ? 'notFound' : 'failed' }));
      return;
    }
    client
      .get(`/api/newsletter/issues?language=${locale}`, { schema: NewsletterArchiveSchema })
      .then(({ items }) => setView({ kind: 'list', items }))
      .catch(() => setView({ kind: 'failed' }));
  }, [locale]);
  useEffect(load, [load]);

  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
  const back = (
    <p>
      <a href={archivePath}>{texts['newsletter.archive.back']}</a>
    </p>
  );
  switch (view.kind) {
    case 'loading':
      return <LoadingSpinner label={texts['common.loading']} />;
    case 'failed':
      return <LoadFailed message={texts['newsletter.archive.loadFailed']} retryLabel={texts['newsletter.archive.retry']} onRetry={load} />;
    case 'notFound':
      return (
        <>
          <p>{texts['newsletter.archive.notFound']}</p>
          {back}
        </>
      );
    case 'list':
      if (view.items.length === 0) return <p>{texts['newsletter.archive.empty']}</p>;
      return (
        <ul className="newsletter-archive">
          {view.items.map((item) => (
            <li key={item.id}>
              <a href={`${archivePath}?issue=${item.id}`}>{item.subject}</a>{' '}
              <span className="muted">{fill(texts['newsletter.archive.sentOn'], { date: date.format(new Date(item.sentAt)) })}</span>
            </li>
          ))}
        </ul>
      );
    case 'issue':
      return (
        <article className="newsletter-archive__issue" lang={view.issue.language}>
          <h2>{view.issue.subject}</h2>
          <p className="muted">{fill(texts['newsletter.archive.sentOn'], { date: date.format(new Date(view.issue.sentAt)) })}</p>
          {/* Rendered by src/domain/markdown.ts on the server: raw HTML escaped, unsafe links unlinked. */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: view.issue.html }} />
          {back}
        </article>
      );
  }
}
