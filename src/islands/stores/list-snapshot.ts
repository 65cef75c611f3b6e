/**
 * What a list page showed, kept for the way back (issue 11): after "load more" a reader opens a book
 * and presses Back; without the back-forward cache the page loads afresh with its first 24 cards and
 * the browser's scroll position points below them. The list keeps its loaded items, its view and the
 * scroll position in sessionStorage per address, and restores them when the page is reached by Back
 * or Forward (or a reload), never on a fresh visit to the same address.
 */
import type { ListState } from '../../domain/list-query.ts';

export interface ListSnapshot<T> {
  state: ListState;
  items: T[];
  total: number;
  /** window.scrollY when the page was left. */
  scrollY: number;
}

const PREFIX = 'phantastika:list:';

/** The key of a list page's snapshot: its kind and its address (path and query). */
export const snapshotKey = (kind: string, address: string) => `${PREFIX}${kind}:${address}`;

/** Reads a snapshot; a missing, unreadable or malformed one is null. */
export function readSnapshot<T>(storage: Pick<Storage, 'getItem'> | undefined, key: string): ListSnapshot<T> | null {
  try {
    const value = JSON.parse(storage?.getItem(key) ?? 'null') as Partial<ListSnapshot<T>> | null;
    if (!value || !Array.isArray(value.items) || typeof value.total !== 'number' || typeof value.state !== 'object' || value.state === null) return null;
    return { state: value.state, items: value.items, total: value.total, scrollY: typeof value.scrollY === 'number' ? value.scrollY : 0 };
  } catch {
    return null;
  }
}

/** Writes a snapshot; a full or unavailable storage only means there is nothing to restore. */
export function writeSnapshot<T>(storage: Pick<Storage, 'setItem'> | undefined, key: string, snapshot: ListSnapshot<T>): void {
  try {
    storage?.setItem(key, JSON.stringify(snapshot));
  } catch {
    // quota exceeded or storage disabled
  }
}

/** Whether this page load came from Back/Forward or a reload (restore), not from a link (start afresh). */
export function isReturnVisit(navigationType: string | undefined): boolean {
  return navigationType === 'back_forward' || navigationType === 'reload';
}
