/**
 * State and calls of a list page (issue 3): the view on screen (filters, sort, loaded items, total)
 * and the requests that change it. One store per list island (DESIGN.md §2: stores own state and
 * calls, components subscribe).
 *
 * - A new filter or sort replaces the list with its first page; "load more" appends the next page.
 * - Only the latest request may change the view: every request aborts the one before, and a
 *   response that arrives anyway for an older request id is dropped (no stale overwrite).
 * - Requests go through the API client (src/lib/api-client.ts): Accept-Language, the envelope and
 *   the spec's retries (§8); the page is parsed with the list's schema (STYLE.md rule 3).
 */
import { map, type MapStore } from 'nanostores';
import type { z } from 'zod';
import { listApiSearch, type ListState } from '../../domain/list-query.ts';
import type { Page } from '../../domain/schemas/lists.ts';
import { ApiClientError, createApiClient } from '../../lib/api-client.ts';

/** Why a load failed: no answer at all, or an answer that was an error (or not a page). */
export type ListErrorKind = 'network' | 'server';

export interface ListView<T> {
  /** The view asked for last (the controls show it, even while it loads or after it failed). */
  state: ListState;
  items: T[];
  total: number;
  status: 'idle' | 'loading' | 'error';
  /** What the current or failed load does: a new list or the next page. */
  mode: 'replace' | 'append';
  error: ListErrorKind | null;
  /** Completed loads (for announcements): 0 while the server-rendered first page is shown. */
  loads: number;
}

export interface CatalogueListOptions<T> {
  /** '/api/books' */
  endpoint: string;
  /** Page language: Accept-Language and lang= of every request (spec §7). */
  locale: string;
  pageSize: number;
  /** The server-rendered first page and the view it shows. */
  initial: { state: ListState; items: T[]; total: number };
  /** Parses each page (e.g. pageOf(BookCardSchema)). */
  schema?: z.ZodType<Page<T>>;
  /**
   * Loads that schema on the first request instead: the first page is static HTML, so zod (~24 KB
   * gzip) is fetched only once the visitor filters, sorts or loads more.
   */
  loadSchema?: () => Promise<z.ZodType<Page<T>>>;
  fetcher?: typeof fetch;
  /** Waits before a retry; replaceable in tests. */
  sleep?: (ms: number) => Promise<void>;
}

/** The api client reports a failed fetch as a 500 'Network Error' without an envelope code (spec §7). */
function errorKind(error: unknown): ListErrorKind {
  return error instanceof ApiClientError && error.code === undefined && error.message === 'Network Error' ? 'network' : 'server';
}

export interface CatalogueList<T> {
  $view: MapStore<ListView<T>>;
  /** Shows another view: its first page replaces the list. */
  show: (state: ListState) => Promise<void>;
  /** Appends the next page of the current view. */
  loadMore: () => Promise<void>;
  /** Repeats the load that failed. */
  retry: () => Promise<void>;
  /** Shows a view kept from an earlier visit (list-snapshot.ts) without asking the server. */
  restore: (view: { state: ListState; items: T[]; total: number }) => void;
}

export function createCatalogueList<T>(options: CatalogueListOptions<T>): CatalogueList<T> {
  const client = createApiClient({ language: () => options.locale, fetch: options.fetcher, sleep: options.sleep });
  const $view = map<ListView<T>>({
    state: options.initial.state,
    items: options.initial.items,
    total: options.initial.total,
    status: 'idle',
    mode: 'replace',
    error: null,
    loads: 0,
  });
  let controller: AbortController | undefined;
  let latest = 0;

  async function load(state: ListState, mode: 'replace' | 'append'): Promise<void> {
    controller?.abort();
    const own = new AbortController();
    controller = own;
    const id = ++latest;
    const offset = mode === 'append' ? $view.get().items.length : 0;
    $view.set({ ...$view.get(), state, status: 'loading', mode, error: null });
    const url = `${options.endpoint}?${listApiSearch(state, { offset, limit: options.pageSize, lang: options.locale })}`;
    try {
      const schema = options.schema ?? (options.loadSchema ? await options.loadSchema() : undefined);
      const page = await client.get<Page<T>>(url, { signal: own.signal, schema });
      if (id !== latest) return;
      const current = $view.get();
      $view.set({
        ...current,
        items: mode === 'append' ? [...current.items, ...page.items] : page.items,
        total: page.total,
        status: 'idle',
        error: null,
        loads: current.loads + 1,
      });
    } catch (error) {
      if (id !== latest || own.signal.aborted) return;
      $view.set({ ...$view.get(), status: 'error', error: errorKind(error) });
    } finally {
      if (controller === own) controller = undefined;
    }
  }

  return {
    $view,
    show: (state) => load(state, 'replace'),
    loadMore: () => load($view.get().state, 'append'),
    retry: () => load($view.get().state, $view.get().mode),
    restore: ({ state, items, total }) => {
      controller?.abort();
      latest++;
      $view.set({ ...$view.get(), state, items, total, status: 'idle', mode: 'replace', error: null });
    },
  };
}
