import { describe, expect, it } from 'vitest';
import { createCatalogueList, fetchListPage, ListLoadError, retryDelay } from './catalogue-list.ts';

type Item = { id: number };
const items = (from: number, count: number): Item[] => Array.from({ length: count }, (_, i) => ({ id: from + i }));
const ok = (data: unknown, init: ResponseInit = {}) => new Response(JSON.stringify({ success: true, data }), { status: 200, ...init });
const fail = (status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ success: false, error: { message: 'x', code: 'INTERNAL' } }), { status, headers });

/** A fetch whose responses the test releases by hand, in any order. */
function controlledFetch() {
  const calls: { url: string; init: RequestInit | undefined; resolve: (r: Response) => void; reject: (e: unknown) => void }[] = [];
  const fetcher = ((url: string, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      calls.push({ url, init, resolve, reject });
    })) as unknown as typeof fetch;
  return { calls, fetcher };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const initial = { state: { sort: 'newest', filters: {} }, items: items(0, 24), total: 3219 };

describe('createCatalogueList', () => {
  it('asks the API in the page language for the first page of a new view', async () => {
    const { calls, fetcher } = controlledFetch();
    const list = createCatalogueList<Item>({ endpoint: '/api/books', locale: 'de', pageSize: 24, initial, fetcher });
    const done = list.show({ sort: 'newest', filters: { genre: 'Horror' } });
    expect(list.$view.get()).toMatchObject({ status: 'loading', mode: 'replace', state: { filters: { genre: 'Horror' } } });
    expect(calls[0]?.url).toBe('/api/books?genre=Horror&sort=newest&offset=0&limit=24&lang=de');
    expect(new Headers(calls[0]?.init?.headers).get('accept-language')).toBe('de');
    calls[0]?.resolve(ok({ items: items(100, 24), total: 239, offset: 0, limit: 24 }));
    await done;
    expect(list.$view.get()).toMatchObject({ status: 'idle', total: 239, loads: 1 });
    expect(list.$view.get().items[0]).toEqual({ id: 100 });
  });

  it('appends the next page on load more (24 of N, then 48 of N)', async () => {
    const { calls, fetcher } = controlledFetch();
    const list = createCatalogueList<Item>({ endpoint: '/api/books', locale: 'en', pageSize: 24, initial, fetcher });
    const done = list.loadMore();
    expect(calls[0]?.url).toContain('offset=24&limit=24');
    calls[0]?.resolve(ok({ items: items(24, 24), total: 3219, offset: 24, limit: 24 }));
    await done;
    expect(list.$view.get().items).toHaveLength(48);
    expect(list.$view.get().total).toBe(3219);
  });

  it('never lets an older response overwrite a newer one', async () => {
    const { calls, fetcher } = controlledFetch();
    const list = createCatalogueList<Item>({ endpoint: '/api/books', locale: 'en', pageSize: 24, initial, fetcher });
    const first = list.show({ sort: 'oldest', filters: {} });
    const second = list.show({ sort: 'title_asc', filters: {} });
    // The first request was aborted; even if its response still arrives, it is ignored.
    expect(calls[0]?.init?.signal?.aborted).toBe(true);
    calls[1]?.resolve(ok({ items: items(500, 24), total: 3219, offset: 0, limit: 24 }));
    calls[0]?.resolve(ok({ items: items(900, 24), total: 1, offset: 0, limit: 24 }));
    await Promise.all([first, second]);
    expect(list.$view.get()).toMatchObject({ state: { sort: 'title_asc' }, total: 3219, status: 'idle', loads: 1 });
    expect(list.$view.get().items[0]).toEqual({ id: 500 });
  });

  it('keeps the items and offers a retry after a failure', async () => {
    let answer: Response = new Response('down', { status: 404 });
    const fetcher = (async () => answer) as unknown as typeof fetch;
    const list = createCatalogueList<Item>({ endpoint: '/api/books', locale: 'en', pageSize: 24, initial, fetcher, wait: async () => undefined });
    await list.loadMore();
    expect(list.$view.get()).toMatchObject({ status: 'error', error: 'server', mode: 'append' });
    expect(list.$view.get().items).toHaveLength(24);
    answer = ok({ items: items(24, 24), total: 3219, offset: 24, limit: 24 });
    await list.retry();
    expect(list.$view.get()).toMatchObject({ status: 'idle', error: null });
    expect(list.$view.get().items).toHaveLength(48);
  });

  it('reports a network failure as such', async () => {
    const fetcher = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const list = createCatalogueList<Item>({ endpoint: '/api/books', locale: 'en', pageSize: 24, initial, fetcher });
    await list.show({ sort: 'oldest', filters: {} });
    expect(list.$view.get()).toMatchObject({ status: 'error', error: 'network', state: { sort: 'oldest' } });
  });
});

describe('fetchListPage', () => {
  const signal = new AbortController().signal;

  it('retries 5xx and 429 twice, honouring Retry-After, then succeeds', async () => {
    const answers = [fail(503), fail(429, { 'retry-after': '2' }), ok({ items: [], total: 0, offset: 0, limit: 24 })];
    const waits: number[] = [];
    const page = await fetchListPage('/api/books', {
      locale: 'en',
      signal,
      fetcher: (async () => answers.shift()) as unknown as typeof fetch,
      wait: async (ms) => void waits.push(ms),
    });
    expect(page.total).toBe(0);
    expect(waits).toEqual([300, 2000]);
  });

  it('gives up after two retries and never retries a 400', async () => {
    let calls = 0;
    const always = (status: number) => (async () => (calls++, fail(status))) as unknown as typeof fetch;
    await expect(fetchListPage('/x', { locale: 'en', signal, fetcher: always(500), wait: async () => undefined })).rejects.toBeInstanceOf(ListLoadError);
    expect(calls).toBe(3);
    calls = 0;
    await expect(fetchListPage('/x', { locale: 'en', signal, fetcher: always(400), wait: async () => undefined })).rejects.toMatchObject({ kind: 'server' });
    expect(calls).toBe(1);
  });

  it('treats a body without the envelope as a server error', async () => {
    const fetcher = (async () => new Response('<html>', { status: 200 })) as unknown as typeof fetch;
    await expect(fetchListPage('/x', { locale: 'en', signal, fetcher })).rejects.toMatchObject({ kind: 'server' });
    await flush();
  });

  it('waits 300 ms doubling without Retry-After', () => {
    expect([0, 1, 2].map((attempt) => retryDelay(null, attempt))).toEqual([300, 600, 1200]);
    expect(retryDelay('1', 0)).toBe(1000);
    expect(retryDelay('soon', 1)).toBe(600);
  });
});
