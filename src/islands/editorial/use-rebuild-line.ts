/**
 * The rebuild status as one line for the super user's account menu (issue 13 point 7): read from
 * GET /api/admin/rebuild when the menu opens, and again every few seconds while it stays open and a
 * build is queued or running. Checked by hand, not with zod: the menu is on every page (as
 * stores/session.ts does for the user).
 */
import { useEffect, useState } from 'react';
import { isRebuildPending, rebuildPhase, REBUILD_POLL_MS } from '../../domain/editorial/rebuild-view.ts';
import type { RebuildStatus } from '../../domain/schemas/rebuild.ts';

/** The menu's texts: one per phase ('live' with {time}). */
export interface RebuildLineTexts {
  queued: string;
  building: string;
  live: string;
  failed: string;
  unavailable: string;
}

function looksLikeStatus(value: unknown): value is RebuildStatus {
  const status = value as Partial<RebuildStatus> | null;
  return typeof status === 'object' && status !== null && typeof status.mode === 'string' && typeof status.state === 'string' && typeof status.queued === 'boolean';
}

/** The line for a status. */
export function rebuildLine(status: RebuildStatus, texts: RebuildLineTexts, locale: string): string {
  const phase = rebuildPhase(status);
  if (phase !== 'live') return texts[phase];
  const time = status.liveSince ? new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(status.liveSince)) : '–';
  return texts.live.replace('{time}', time);
}

export function useRebuildLine(active: boolean, texts: RebuildLineTexts | undefined, locale: string): string | null {
  const [status, setStatus] = useState<RebuildStatus | null>(null);
  useEffect(() => {
    if (!active || !texts) return undefined;
    let stopped = false;
    let timer: number | undefined;
    const read = async () => {
      const answer = await fetch('/api/admin/rebuild', { headers: { accept: 'application/json' }, credentials: 'include' }).catch(() => null);
      const body: unknown = answer?.ok ? await answer.json().catch(() => null) : null;
      const data = (body as { data?: unknown } | null)?.data;
      if (stopped || !looksLikeStatus(data)) return;
      setStatus(data);
      if (isRebuildPending(data)) timer = window.setTimeout(() => void read(), REBUILD_POLL_MS);
    };
    void read();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [active, texts]);
  return status && texts ? rebuildLine(status, texts, locale) : null;
}
