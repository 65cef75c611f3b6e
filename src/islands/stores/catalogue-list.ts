/**
 * State and calls of a list page (issue 3): the view on screen (filters, sort, loaded items, total)
 * and the requests that change it. One store per list island (DESIGN.md §2: stores own state and
 * calls, components subscribe).
 *
 * - A new filter or sort replaces the list with its first page; "load more" appends the next page.
 * - Only the latest request may change the view: every request aborts the one before, and a
 *   response that arrives anyway for an older request id is dropped (no stale overwrite).
 * - GET only, so retries are safe: 429 and 5xx are retried up to 2 times, waiting Retry-After
 *   seconds if given, else 300 ms doubling (spec §8); other failures are not retried.
 * - Responses are checked for the envelope's shape by hand rather than with the zod schemas, which
 *   would ship zod to every list visitor.
 */
import { map, type MapStore } from 'nanostores';
import type { Page } from '../../domain/schemas/lists.ts';
import { listApiSearch, type ListState } from '../../domain/list-query.ts';

/** Why a load failed: no answer at all, or an answer that was an error. */
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
  fetcher?: typeof fetch;
  /** Waits before a retry; replaceable in tests. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export const MAX_RETRIES = 2;
export const RETRY_BASE_MS = 300;
const MAX_RETRY_AFTER_MS = 30_000;

export class ListLoadError extends Error {
  constructor(readonly kind: ListErrorKind) {
    super(`list load failed: ${kind}`);
    this.name = 'ListLoadError';
  }
}

const abortableWait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** The delay before retry number `attempt` (0-based): Retry-After seconds if given, else 300 ms doubling. */
export function retryDelay(retryAfter: string | null, attempt: number): number {
  const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  return RETRY_BASE_MS * 2 ** attempt;
}

function isPage(body: unknown): body is { success: true; data: Page<unknown> } {
  if (typeof body !== 'object' || body === null || (body as { success?: unknown }).success !== true) return false;
  const data = (body as { data?: unknown }).data as Partial<Page<unknown>> | undefined;
  return typeof data === 'object' && data !== null && Array.isArray(data.items) && typeof data.total === 'number';
}

/** GETs one page of a list API with the spec's retry rule; throws ListLoadError or the abort reason. */
export async function fetchListPage<T>(
  url: string,
  options: { locale: string; signal: AbortSignal; fetcher?: typeof fetch; wait?: (ms: number, signal: AbortSignal) => Promise<void> },
): Promise<Page<T>> {
  const fetcher = options.fetcher ?? fetch;
  const wait = options.wait ?? abortableWait;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetcher(url, {
        headers: { accept: 'application/json', 'accept-language': options.locale },
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal.aborted) throw error;
      throw new ListLoadError('network');
    }
    if (response.ok) {
      const body: unknown = await response.json().catch(() => undefined);
      if (isPage(body)) return body.data as Page<T>;
      throw new ListLoadError('server');
    }
    if ((response.status === 429 || response.status >= 500) && attempt < MAX_RETRIES) {
      await wait(retryDelay(response.headers.get('retry-after'), attempt), options.signal);
      continue;
    }
    throw new ListLoadError('server');
  }
}

export interface CatalogueList<T> {
  $view: MapStore<ListView<T>>;
  /** Shows another view: its first page replaces the list. */
  show: (state: ListState) => Promise<void>;
  /** Appends the next page of the current view. */
  loadMore: () => Promise<void>;
  /** Repeats the load that failed. */
  retry: () => Promise<void>;
}

export function createCatalogueList<T>(options: CatalogueListOptions<T>): CatalogueList<T> {
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
      const page = await fetchListPage<T>(url, { locale: options.locale, signal: own.signal, fetcher: options.fetcher, wait: options.wait });
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
      $view.set({ ...$view.get(), status: 'error', error: error instanceof ListLoadError ? error.kind : 'network' });
    } finally {
      if (controller === own) controller = undefined;
    }
  }

  return {
    $view,
    show: (state) => load(state, 'replace'),
    loadMore: () => load($view.get().state, 'append'),
    retry: () => load($view.get().state, $view.get().mode),
  };
}
