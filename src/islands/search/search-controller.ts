/**
 * The typeahead's timing rules (issue 5, item 3; spec §5, §9), apart from React so they can be tested:
 * a query is sent only once it has at least 1 character after normalisation and the user paused for
 * 300 ms; a newer query aborts the older request, and a response that is no longer the latest is
 * dropped, so stale results never overwrite newer ones.
 */
import { normalizeSearchQuery } from '../../domain/search-query.ts';
import type { SearchResults } from '../../domain/search-results.ts';

export const SEARCH_DEBOUNCE_MS = 300;

export type SearchState =
  | { status: 'idle'; query: null }
  | { status: 'loading'; query: string; results: SearchResults | null }
  | { status: 'done'; query: string; results: SearchResults }
  | { status: 'error'; query: string };

export interface SearchControllerOptions {
  fetchResults: (query: string, signal: AbortSignal) => Promise<SearchResults>;
  onChange: (state: SearchState) => void;
  debounceMs?: number;
  timers?: { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void };
}

export function createSearchController({ fetchResults, onChange, debounceMs = SEARCH_DEBOUNCE_MS, timers }: SearchControllerOptions) {
  const set = timers?.set ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clear = timers?.clear ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let pending: unknown = null;
  let inFlight: AbortController | null = null;
  let latest = 0;
  let lastQuery: string | null = null;
  let lastResults: SearchResults | null = null;

  function cancel() {
    if (pending !== null) clear(pending);
    pending = null;
    inFlight?.abort();
    inFlight = null;
    latest += 1;
  }

  async function send(query: string) {
    const id = ++latest;
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    onChange({ status: 'loading', query, results: lastResults });
    try {
      const results = await fetchResults(query, controller.signal);
      if (id !== latest) return;
      lastResults = results;
      onChange({ status: 'done', query, results });
    } catch {
      if (id !== latest || controller.signal.aborted) return;
      onChange({ status: 'error', query });
    } finally {
      if (inFlight === controller) inFlight = null;
    }
  }

  return {
    /** The input changed: schedule a search for it, or go idle when it is blank. */
    input(raw: string) {
      const query = normalizeSearchQuery(raw);
      if (query === lastQuery && query !== null) return;
      lastQuery = query;
      cancel();
      if (query === null) {
        lastResults = null;
        onChange({ status: 'idle', query: null });
        return;
      }
      pending = set(() => {
        pending = null;
        void send(query);
      }, debounceMs);
    },
    /** Search now, without waiting (e.g. a retry). */
    now(raw: string) {
      const query = normalizeSearchQuery(raw);
      lastQuery = query;
      cancel();
      if (query !== null) void send(query);
    },
    cancel,
  };
}
