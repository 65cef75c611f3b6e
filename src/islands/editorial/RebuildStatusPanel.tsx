/**
 * The site update after a save. The record's own page (a book, author or series page, rendered on
 * demand: issue 28 point 6, ADR 0037) is live when the save answers, since the save purged it from
 * the edge: the panel says so at once. The static rebuild of lists, award pages and the start page
 * (issue 13 point 7) follows: queued, building, live since, or failed with the log's last lines. The
 * panel starts from the status the save answered and asks GET /api/admin/rebuild again every few
 * seconds until the change is live (or the build failed). A polite live region.
 */
import { useEffect, useState } from 'react';
import { isRebuildPending, logTail, rebuildPhase, REBUILD_POLL_MS } from '../../domain/editorial/rebuild-view.ts';
import type { RebuildStatus } from '../../domain/schemas/rebuild.ts';
import { tx, type EditorTexts } from './editor-texts.ts';

export interface RebuildStatusPanelProps {
  /** The status to start from (a save's answer); without one the panel asks the server first. */
  initial: RebuildStatus | null;
  /** Reads the status (GET /api/admin/rebuild). */
  load: () => Promise<RebuildStatus>;
  texts: EditorTexts;
  locale: string;
  /** When the record's on-demand page went live with the change (the save's answer), if it has one. */
  pageLiveSince?: string | null;
}

const formatTime = (locale: string, iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

export default function RebuildStatusPanel({ initial, load, texts, locale, pageLiveSince = null }: RebuildStatusPanelProps) {
  const [status, setStatus] = useState<RebuildStatus | null>(initial);

  useEffect(() => setStatus(initial), [initial]);

  useEffect(() => {
    if (status && !isRebuildPending(status)) return undefined;
    let stopped = false;
    const timer = window.setTimeout(
      () => {
        load()
          .then((next) => {
            if (!stopped) setStatus(next);
          })
          .catch(() => {
            // A failed poll keeps the last status; the next one tries again.
            if (!stopped) setStatus((last) => (last ? { ...last } : last));
          });
      },
      status ? REBUILD_POLL_MS : 0,
    );
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [status, load]);

  if (!status) return null;
  const phase = rebuildPhase(status);
  const lines = phase === 'failed' ? logTail(status) : [];
  return (
    <section className={`rebuild-status rebuild-status--${phase}`} aria-labelledby="rebuild-status-title">
      <h2 id="rebuild-status-title" className="rebuild-status__title">
        {tx(texts, 'admin.rebuild.title')}
      </h2>
      {pageLiveSince && (
        <p className="rebuild-status__text" data-phase="page-live">
          {tx(texts, 'admin.rebuild.pageLive', { time: formatTime(locale, pageLiveSince) })}
        </p>
      )}
      <p role="status" className="rebuild-status__text" data-phase={phase}>
        {phase === 'live' ? tx(texts, 'admin.rebuild.live', { time: status.liveSince ? formatTime(locale, status.liveSince) : '–' }) : tx(texts, `admin.rebuild.${phase}`)}
      </p>
      {phase === 'failed' && lines.length > 0 && (
        <details open>
          <summary>{tx(texts, 'admin.rebuild.log')}</summary>
          <pre className="rebuild-status__log">{lines.join('\n')}</pre>
        </details>
      )}
    </section>
  );
}
