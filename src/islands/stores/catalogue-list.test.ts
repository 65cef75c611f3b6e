import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageOf } from '../../domain/schemas/lists.ts';
import { createCatalogueList } from './catalogue-list.ts';

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

const noWait = async () => undefined;
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

  it('loads the page schema with the first request and rejects a page that does not fit it', async () => {
    const { calls, fetcher } = controlledFetch();
    let loads = 0;
    const loadSchema = async () => {
      loads += 1;
      return pageOf(z.object({ id: z.number() })) as unknown as z.ZodType<import('../../domain/schemas/lists.ts').Page<Item>>;
    };
    const list = createCatalogueList<Item>({ endpoint: '/api/books', locale: 'en', pageSize: 24, initial, fetcher, loadSchema, sleep: noWait });
    expect(loads).toBe(0); // nothing fetched with the page
    const done = list.loadMore();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toBe(1);
    calls[0]?.resolve(ok({ items: [{ id: 'not a number' }], total: 3219, offset: 24, limit: 24 }));
    await done;
    expect(list.$view.get()).toMatchObject({ status: 'error' });
    expect(list.$view.get().items).toHaveLength(24);
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
    const list = createCatalogueList<Item>({ endpoint: '/api/books', locale: 'en', pageSize: 24, initial, fetcher, sleep: noWait });
    await list.loadMore();
    expect(list.$view.get()).toMatchObject({ status: 'error', error: 'server', mode: 'append' });
    expect(list.$view.get().items).toHaveLength(24);
    answer = ok({ items: items(24, 24), total: 3219, offset: 24, limit: 24 });
    await list.retry();
    expect(list.$view.get()).toMatchObject({ status: 'idle', error: null });
    expect(list.$view.get().items).toHaveLength(48);
  });

  it('restores a kept view without a request, and a late answer of an earlier request does not overwrite it', async () => {
    const { calls, fetcher } = controlledFetch();
    const list = createCatalogueList<Item>({ endpoint: '/api/books', locale: 'en', pageSize: 24, initial, fetcher });
    const pending = list.loadMore();
    list.restore({ state: { sort: 'newest', filters: { genre: 'Crossover' } }, items: items(0, 63), total: 63 });
    calls[0]?.resolve(ok({ items: items(24, 24), total: 3219, offset: 24, limit: 24 }));
    await pending;
    expect(calls).toHaveLength(1);
    expect(list.$view.get()).toMatchObject({ status: 'idle', total: 63, state: { filters: { genre: 'Crossover' } } });
    expect(list.$view.get().items).toHaveLength(63);
  });

  it('reports a network failure as such', async () => {
    const fetcher = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const list = createCatalogueList<Item>({ endpoint: '/api/books', locale: 'en', pageSize: 24, initial, fetcher, sleep: noWait });
    await list.show({ sort: 'oldest', filters: {} });
    expect(list.$view.get()).toMatchObject({ status: 'error', error: 'network', state: { sort: 'oldest' } });
  });
});

describe('requests of a list (through the API client)', () => {
  const ItemPage = pageOf(z.object({ id: z.number() }));

  it('retries a 503 and a 429 (spec §8) before showing the page', async () => {
    const answers = [fail(503), fail(429, { 'retry-after': '0' }), ok({ items: items(0, 3), total: 3, offset: 0, limit: 24 })];
    const fetcher = (async () => answers.shift()) as unknown as typeof fetch;
    const list = createCatalogueList<Item>({ endpoint: '/api/series', locale: 'it', pageSize: 24, initial, fetcher, sleep: noWait, schema: ItemPage });
    await list.show({ sort: 'books', filters: { size: '10+' } });
    expect(answers).toHaveLength(0);
    expect(list.$view.get()).toMatchObject({ status: 'idle', total: 3 });
  });

  it('does not retry a 400 and reports it as a server error', async () => {
    let calls = 0;
    const fetcher = (async () => (calls++, fail(400))) as unknown as typeof fetch;
    const list = createCatalogueList<Item>({ endpoint: '/api/books', locale: 'en', pageSize: 24, initial, fetcher, sleep: noWait });
    await list.show({ sort: 'newest', filters: { minRating: '9' } });
    expect(calls).toBe(1);
    expect(list.$view.get()).toMatchObject({ status: 'error', error: 'server' });
  });

  it('treats an answer that is not a page as a server error', async () => {
    const fetcher = (async () => ok({ rows: [] })) as unknown as typeof fetch;
    const list = createCatalogueList<Item>({ endpoint: '/api/books', locale: 'en', pageSize: 24, initial, fetcher, schema: ItemPage });
    await list.show({ sort: 'oldest', filters: {} });
    expect(list.$view.get()).toMatchObject({ status: 'error', error: 'server' });
    expect(list.$view.get().items).toHaveLength(24);
  });
});
