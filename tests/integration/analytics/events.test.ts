/**
 * POST /api/analytics/event (issue 14 point 1; spec §7) and the searches the search endpoints record:
 * what is stored (and that nothing identifying is), bad input, the 2 KB metadata cap, the per-client
 * rate limit, Global Privacy Control and Do Not Track, and the day's salt.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../../db/client.ts';
import { saltOfDay } from '../../../db/queries/analytics/events.ts';
import { utcDay } from '../../../src/domain/analytics/visitor.ts';
import { createReader, errorOf, serveForTests } from '../../support/readers.ts';

const server = serveForTests();
let clients = 0;
/** A client of its own (address from TEST-NET-3, its own agent), so rate limits and hashes are not shared between tests. */
const newClient = () => {
  clients += 1;
  return { ip: `203.0.113.${clients}`, agent: `AnalyticsTest/${clients} (${Date.now()})` };
};
type Client = ReturnType<typeof newClient>;

async function send(client: Client, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url()}/api/analytics/event`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', 'x-test-client-ip': client.ip, 'user-agent': client.agent, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

const marker = () => `m${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
const pageView = (route: string, requestId = marker()) => ({ eventType: 'page_view', route, metadata: { requestId, viewport: '1280x800', user_role: 'anonymous' } });

async function rowsWith(requestId: string) {
  const db = await getDb();
  return (await db.execute(sql`SELECT * FROM analytics_events WHERE metadata->>'requestId' = ${requestId}`)).rows as Record<string, unknown>[];
}

describe('storing an event', () => {
  it('stores a page view as route, language, entity and metadata, with a visitor hash and nothing that identifies anyone', async () => {
    const client = newClient();
    const reader = await createReader(server.url(), { email: `analytics-${Date.now()}@example.org` });
    const id = marker();
    const answer = await send(client, { ...pageView('/de/books/dune', id), metadata: { requestId: id, timestamp: new Date().toISOString(), viewport: '390x844', user_role: 'signed_in', source: 'navigation' } }, { cookie: reader.cookie });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('set-cookie')).toBeNull();
    const [row, ...more] = await rowsWith(id);
    expect(more).toEqual([]);
    expect(Object.keys(row!).sort()).toEqual(['created_at', 'entity_id', 'entity_type', 'event_type', 'id', 'locale', 'metadata', 'route', 'visitor_hash']);
    expect(row).toMatchObject({ event_type: 'page_view', route: '/books/dune', locale: 'de', entity_type: 'book', entity_id: 'dune' });
    expect(row!.metadata).toEqual({ requestId: id, viewport: '390x844', user_role: 'signed_in', source: 'navigation' });
    expect(row!.visitor_hash).toMatch(/^[0-9a-f]{32}$/);
    const stored = JSON.stringify(row);
    for (const identifying of [client.ip, client.agent, 'AnalyticsTest', reader.id, reader.email]) expect(stored).not.toContain(identifying);
  });

  it('gives one client one hash for the day, and another client another', async () => {
    const [a, b] = [newClient(), newClient()];
    const ids = [marker(), marker(), marker()];
    await send(a, pageView('/en/books', ids[0]));
    await send(a, pageView('/en/authors', ids[1]));
    await send(b, pageView('/en/books', ids[2]));
    const hashes = await Promise.all(ids.map(async (id) => (await rowsWith(id))[0]!.visitor_hash));
    expect(hashes[0]).toBe(hashes[1]);
    expect(hashes[2]).not.toBe(hashes[0]);
  });

  it('stores a pop-up opening, an interaction and a click with their entity and kind', async () => {
    const client = newClient();
    const ids = [marker(), marker(), marker()] as const;
    expect((await send(client, { eventType: 'modal_open', route: '/it/', entityType: 'book', entityId: '17', metadata: { requestId: ids[0], source: 'book_card' } })).status).toBe(204);
    expect((await send(client, { eventType: 'interaction', route: '/en/books/dune', entityType: 'book', entityId: 'dune', metadata: { requestId: ids[1], interaction_type: 'rating', source: 'popup' } })).status).toBe(204);
    expect((await send(client, { eventType: 'click', route: '/en/search', entityType: null, entityId: null, metadata: { requestId: ids[2], element_type: 'search_result', element_id: 'book:dune' } })).status).toBe(204);
    expect((await rowsWith(ids[0]))[0]).toMatchObject({ event_type: 'modal_open', route: '/', locale: 'it', entity_type: 'book', entity_id: '17' });
    expect((await rowsWith(ids[1]))[0]).toMatchObject({ event_type: 'interaction', metadata: { interaction_type: 'rating', source: 'popup' } });
    expect((await rowsWith(ids[2]))[0]).toMatchObject({ event_type: 'click', entity_type: null, metadata: { element_type: 'search_result', element_id: 'book:dune' } });
  });
});

describe('bad input', () => {
  const client = newClient();
  it.each([
    ['an unknown event type', { eventType: 'scroll', route: '/en/books' }, 'eventType'],
    ['a route that is no page of the site', { eventType: 'page_view', route: '/en/wp-admin' }, 'route'],
    ['an API path', { eventType: 'page_view', route: '/api/books/search' }, 'route'],
    ['a route with a query', { eventType: 'page_view', route: '/en/search?q=dune' }, 'route'],
    ['a page view of the start page', { eventType: 'page_view', route: '/en/' }, 'route'],
    ['a page view of the dashboard', { eventType: 'page_view', route: '/en/admin/analytics' }, 'route'],
    ['an entity type without an id', { eventType: 'modal_open', route: '/en/books', entityType: 'book' }, 'entityId'],
    ['an unknown entity type', { eventType: 'modal_open', route: '/en/books', entityType: 'user', entityId: '1' }, 'entityType'],
    ['a pop-up opening without a book', { eventType: 'modal_open', route: '/en/books' }, 'entityType'],
    ['an interaction without its kind', { eventType: 'interaction', route: '/en/books', metadata: {} }, 'metadata.interaction_type'],
    ['a click without its element', { eventType: 'click', route: '/en/books', metadata: { element_id: 'x' } }, 'metadata.element_type'],
    ['an unknown metadata field', { eventType: 'page_view', route: '/en/books', metadata: { email: 'someone@example.org' } }, 'metadata'],
    ['a malformed viewport', { eventType: 'page_view', route: '/en/books', metadata: { viewport: 'wide' } }, 'metadata.viewport'],
    ['an unknown top-level field', { eventType: 'page_view', route: '/en/books', userId: 'abc' }, ''],
    ['no object at all', [1, 2], ''],
  ])('refuses %s with a localized 400', async (_name, body, path) => {
    const error = errorOf(await send(client, body, { 'accept-language': 'de' }), 400);
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toBe('Bitte überprüfen Sie Ihre Eingaben.');
    expect(error.details?.map((d) => d.path)).toContain(path);
  });

  it('refuses malformed JSON with 400 and another content type with 415', async () => {
    expect(errorOf(await send(client, '{"eventType":'), 400).code).toBe('VALIDATION');
    const res = await fetch(`${server.url()}/api/analytics/event`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(pageView('/en/books')) });
    expect(res.status).toBe(415);
  });

  it('refuses metadata over 2 KB and stores nothing of it', async () => {
    const id = marker();
    const error = errorOf(await send(client, { eventType: 'click', route: '/en/books', metadata: { requestId: id, element_type: 'buy_link', element_id: 'x'.repeat(2100) } }, { 'accept-language': 'it' }), 400);
    expect(error.message).toBe('I metadati dell’evento possono occupare al massimo 2 KB.');
    expect(await rowsWith(id)).toEqual([]);
    // Just under the cap is fine (the field's own limit is 1,500 characters).
    expect((await send(client, { eventType: 'click', route: '/en/books', metadata: { requestId: marker(), element_type: 'buy_link', element_id: 'x'.repeat(1500) } })).status).toBe(204);
  });

  it('refuses metadata nested too deep to measure with the same 400, never a 500', async () => {
    const deep = `{"eventType":"click","route":"/en/books","metadata":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    expect(errorOf(await send(client, deep), 400).message).toBe('The event’s metadata may be at most 2 KB.');
  });

  it('answers other methods with 405', async () => {
    expect((await server.call('GET', '/api/analytics/event')).status).toBe(405);
  });
});

describe('rate limit per client', () => {
  it('refuses a client past 60 events a minute with 429 and Retry-After, and not another client', async () => {
    const busy = newClient();
    const answers = [];
    for (let i = 0; i < 60; i++) answers.push((await send(busy, pageView('/en/books'))).status);
    expect(answers.every((s) => s === 204)).toBe(true);
    const id = marker();
    const refused = await send(busy, pageView('/en/books', id));
    expect(errorOf(refused, 429).code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rowsWith(id)).toEqual([]);
    expect((await send(newClient(), pageView('/en/books'))).status).toBe(204);
    // Another agent behind the same address is another client.
    expect((await send({ ip: busy.ip, agent: `${busy.agent} other` }, pageView('/en/books'))).status).toBe(204);
  });
});

describe('Global Privacy Control and Do Not Track', () => {
  it.each([
    ['Sec-GPC: 1', { 'sec-gpc': '1' }],
    ['DNT: 1', { dnt: '1' }],
  ])('with %s answers 204 and stores nothing', async (_name, headers) => {
    const id = marker();
    const answer = await send(newClient(), pageView('/en/books', id), headers);
    expect(answer.status).toBe(204);
    expect(await rowsWith(id)).toEqual([]);
  });

  it('with DNT: 0 stores as usual', async () => {
    const id = marker();
    expect((await send(newClient(), pageView('/en/books', id), { dnt: '0' })).status).toBe(204);
    expect(await rowsWith(id)).toHaveLength(1);
  });
});

describe('searches', () => {
  const search = (kind: string, q: string, client: Client, headers: Record<string, string> = {}) =>
    fetch(`${server.url()}/api/${kind}/search?q=${encodeURIComponent(q)}&lang=en`, { headers: { 'x-test-client-ip': client.ip, 'user-agent': client.agent, ...headers } });
  const recorded = async (query: string) => {
    const db = await getDb();
    return (await db.execute(sql`SELECT query, hits, visitor_hash, created_at FROM analytics_searches WHERE query = ${query} ORDER BY id`)).rows as { query: string; hits: number; visitor_hash: string }[];
  };

  it('records each endpoint’s answer (lower-cased, with its hit count) after answering, without address or agent', async () => {
    const client = newClient();
    const word = `Zqx${Date.now()}`;
    for (const kind of ['books', 'authors', 'series', 'genres', 'awards']) expect((await search(kind, word, client)).status).toBe(200);
    expect((await search('books', 'Dune', client)).status).toBe(200);
    await expect.poll(async () => (await recorded(word.toLowerCase())).length, { timeout: 5_000 }).toBe(5);
    const rows = await recorded(word.toLowerCase());
    expect(rows.map((r) => r.hits)).toEqual([0, 0, 0, 0, 0]);
    expect(new Set(rows.map((r) => r.visitor_hash)).size).toBe(1);
    expect(JSON.stringify(rows)).not.toContain(client.ip);
    await expect.poll(async () => (await recorded('dune')).some((r) => r.hits > 0 && r.visitor_hash === rows[0]!.visitor_hash), { timeout: 5_000 }).toBe(true);
  });

  it('records nothing for a visitor with Global Privacy Control or Do Not Track', async () => {
    const word = `gpc${Date.now()}`;
    await search('books', word, newClient(), { 'sec-gpc': '1' });
    await search('books', `${word}x`, newClient(), { dnt: '1' });
    const control = `ctl${Date.now()}`;
    await search('books', control, newClient());
    await expect.poll(async () => (await recorded(control)).length, { timeout: 5_000 }).toBe(1);
    expect(await recorded(word)).toEqual([]);
    expect(await recorded(`${word}x`)).toEqual([]);
  });
});

describe('the salt of the day', () => {
  it('keeps one salt for today only: yesterday’s is deleted, a new day gets a new one', async () => {
    const db = await getDb();
    const today = utcDay(new Date());
    await db.execute(sql`INSERT INTO analytics_salts (day, salt) VALUES (${today}::date - 1, 'yesterday') ON CONFLICT (day) DO NOTHING`);
    const salt = await saltOfDay(db, today);
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(await saltOfDay(db, today)).toBe(salt);
    const days = async () => ((await db.execute(sql`SELECT day::text AS day FROM analytics_salts ORDER BY day`)).rows as { day: string }[]).map((r) => r.day);
    expect(await days()).toEqual([today]);
    const tomorrow = utcDay(new Date(Date.now() + 86_400_000));
    const next = await saltOfDay(db, tomorrow);
    expect(next).not.toBe(salt);
    expect(await days()).toEqual([tomorrow]);
    // Back to today's (the running server keeps its own for the day in memory).
    await db.execute(sql`DELETE FROM analytics_salts`);
  });
});
