/**
 * The dashboard (issue 14 points 2-3): GET /api/admin/analytics for super users only, daily rollups
 * of a finished day (every metric, typeahead prefixes left out, zero-result searches, genres through
 * the viewed books), retention of raw rows, and today's figures read live beside the rollups.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../db/client.ts';
import { rollUpFinishedDays } from '../../../db/queries/analytics/rollup.ts';
import { utcDay } from '../../../src/domain/analytics/visitor.ts';
import type { Role } from '../../../src/domain/enums.ts';
import { AnalyticsDashboardSchema } from '../../../src/domain/schemas/analytics.ts';
import { createReader, dataOf, errorOf, serveForTests, type Reader } from '../../support/readers.ts';

const server = serveForTests();
const call = server.call;
const DAY = 86_400_000;
const today = utcDay(new Date());
/** A finished day two days back, and one beyond the default retention of 90 days. */
const past = utcDay(new Date(Date.now() - 2 * DAY));
const expired = utcDay(new Date(Date.now() - 100 * DAY));
const at = (day: string, seconds: number) => new Date(Date.parse(`${day}T10:00:00Z`) + seconds * 1000);

let admin: Reader;
let dune: { id: number; authorId: number; authorSlug: string; genreIds: number[] };
let rolled: Awaited<ReturnType<typeof rollUpFinishedDays>>;

async function seedFinishedDay(): Promise<void> {
  const db = await getDb();
  const [book] = (await db.execute(sql`
    SELECT b.id, a.id AS author_id, a.slug AS author_slug, array(SELECT genre_id FROM book_genres WHERE book_id = b.id ORDER BY 1) AS genre_ids
    FROM books b JOIN book_authors ba ON ba.book_id = b.id AND ba.position = 0 JOIN authors a ON a.id = ba.author_id WHERE b.slug = 'dune'`)).rows as { id: number; author_id: number; author_slug: string; genre_ids: number[] }[];
  dune = { id: book!.id, authorId: book!.author_id, authorSlug: book!.author_slug, genreIds: book!.genre_ids };
  for (const day of [past, expired]) {
    await db.execute(sql`DELETE FROM analytics_rolled_days WHERE day = ${day}::date`);
    await db.execute(sql`DELETE FROM analytics_daily WHERE day = ${day}::date`);
  }
  const event = (type: string, route: string, entityType: string | null, entityId: string | null, visitor: string, seconds: number, metadata: object = {}, day = past) =>
    sql`(${type}::analytics_event_type, ${route}, 'en', ${entityType}, ${entityId}, ${JSON.stringify(metadata)}::jsonb, ${visitor}, ${at(day, seconds).toISOString()}::timestamptz)`;
  const events = [
    event('page_view', '/books/dune', 'book', 'dune', 'v1', 0),
    event('page_view', '/books/dune', 'book', 'dune', 'v1', 30),
    event('page_view', '/books/dune', 'book', 'dune', 'v2', 60),
    event('modal_open', '/', 'book', String(dune.id), 'v3', 90),
    event('modal_open', '/books', 'book', String(dune.id), 'v3', 120),
    event('page_view', `/authors/${dune.authorSlug}`, 'author', dune.authorSlug, 'v2', 150),
    event('page_view', '/books/no-such-book', 'book', 'no-such-book', 'v2', 160),
    event('interaction', '/books/dune', 'book', 'dune', 'v1', 180, { interaction_type: 'list_add' }),
    event('click', '/books/dune', 'book', 'dune', 'v2', 210, { element_type: 'buy_link' }),
    event('page_view', '/books', null, null, 'v9', 0, {}, expired),
  ];
  await db.execute(sql`INSERT INTO analytics_events (event_type, route, locale, entity_type, entity_id, metadata, visitor_hash, created_at) VALUES ${sql.join(events, sql`, `)}`);
  // The typeahead asks five endpoints per keystroke: v1 types d, du, dun, dune; v2 searches dune; v1 and v3 search xyzzy (nothing found);
  // v3 searches dun and stops there.
  const search = (query: string, hits: number, visitor: string, seconds: number) =>
    ['books', 'authors', 'series', 'genres', 'awards'].map((_, i) => sql`(${query}, ${i === 0 ? hits : 0}, ${visitor}, ${at(past, seconds).toISOString()}::timestamptz)`);
  const searches = [
    ...search('d', 12, 'v1', 0),
    ...search('du', 12, 'v1', 0.4),
    ...search('dun', 5, 'v1', 0.8),
    ...search('dune', 3, 'v1', 1.2),
    ...search('dune', 3, 'v2', 10),
    ...search('xyzzy', 0, 'v1', 100),
    ...search('xyzzy', 0, 'v3', 200),
    ...search('dun', 5, 'v3', 300),
  ];
  await db.execute(sql`INSERT INTO analytics_searches (query, hits, visitor_hash, created_at) VALUES ${sql.join(searches, sql`, `)}`);
  // A reader who registered that day, added Dune to the list and reviewed it.
  const reader = await createReader(server.url());
  const then = at(past, 400).toISOString();
  await db.execute(sql`UPDATE users SET created_at = ${then}::timestamptz WHERE id = ${reader.id}`);
  await db.execute(sql`INSERT INTO reading_list (user_id, book_id, created_at) VALUES (${reader.id}, ${dune.id}, ${then}::timestamptz)`);
  await db.execute(sql`INSERT INTO ratings (user_id, book_id, rating, review, created_at) VALUES (${reader.id}, ${dune.id}, 5, 'A desert planet.', ${then}::timestamptz)`);
}

beforeAll(async () => {
  admin = await createReader(server.url(), { role: 'SUPER_USER' });
  await seedFinishedDay();
  rolled = await rollUpFinishedDays(await getDb(), today, 90);
});

async function stored(day: string): Promise<Record<string, number>> {
  const rows = (await (await getDb()).execute(sql`SELECT metric::text || ':' || dimension AS key, value FROM analytics_daily WHERE day = ${day}::date ORDER BY 1`)).rows as { key: string; value: number }[];
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

describe('role matrix', () => {
  it('GET /api/admin/analytics: anonymous 401, normal, power and golden 403, super user 200', async () => {
    expect(errorOf(await call('GET', '/api/admin/analytics?range=7'), 401).code).toBe('UNAUTHENTICATED');
    for (const role of ['NORMAL_USER', 'POWER_USER', 'GOLDEN_USER'] as Role[]) {
      const someone = await createReader(server.url(), { role });
      expect(errorOf(await call('GET', '/api/admin/analytics?range=7', { cookie: someone.cookie }), 403).code, role).toBe('FORBIDDEN');
    }
    dataOf(await call('GET', '/api/admin/analytics?range=7', { cookie: admin.cookie }), AnalyticsDashboardSchema);
  });

  it.each(['0', '14', 'all', '-7', '365.5'])('refuses range=%s with a localized 400', async (range) => {
    expect(errorOf(await call('GET', `/api/admin/analytics?range=${range}`, { cookie: admin.cookie, lang: 'it' }), 400).details?.[0]?.message).toBe('L’intervallo deve essere di 7, 30, 90 o 365 giorni.');
  });
});

describe('rolling up a finished day', () => {
  it('rolls up every finished day of the last 365 once, never today', async () => {
    expect(rolled.rolledDays).toContain(past);
    expect(rolled.rolledDays).not.toContain(today);
    expect((await rollUpFinishedDays(await getDb(), today, 90)).rolledDays).toEqual([]);
  });

  it('sums page views, daily visitors, pop-up opens, interactions by kind and views per book, author and genre', async () => {
    const day = await stored(past);
    expect(day).toMatchObject({
      'page_views:': 5,
      'visitors:': 3,
      'modal_opens:': 2,
      'interactions:list_add': 1,
      'interactions:buy_link': 1,
      // three page views by slug and two pop-up opens by id are the same book; an unknown slug counts for no book
      [`views_book:${dune.id}`]: 5,
      [`views_author:${dune.authorId}`]: 1,
      ...Object.fromEntries(dune.genreIds.map((g) => [`views_genre:${g}`, 5])),
    });
    expect(Object.keys(day).filter((k) => k.startsWith('views_book:'))).toEqual([`views_book:${dune.id}`]);
  });

  it('counts each search once per visitor, leaves out what was typed on, and marks searches that found nothing', async () => {
    const day = await stored(past);
    const searches = Object.fromEntries(Object.entries(day).filter(([k]) => k.startsWith('searches:') || k.startsWith('zero_searches:')));
    expect(searches).toEqual({ 'searches:dune': 2, 'searches:dun': 1, 'searches:xyzzy': 2, 'zero_searches:xyzzy': 2 });
  });

  it('counts reading-list additions, ratings, reviews and new users of the day', async () => {
    expect(await stored(past)).toMatchObject({ 'list_adds:': 1, 'ratings:': 1, 'reviews:': 1, 'new_users:': 1 });
  });

  it('removes raw events past the retention and keeps their day’s totals', async () => {
    expect(rolled.removedEvents).toBeGreaterThanOrEqual(1);
    const left = (await (await getDb()).execute(sql`SELECT count(*)::int AS n FROM analytics_events WHERE created_at < ${expired}::date + 1`)).rows[0] as { n: number };
    expect(left.n).toBe(0);
    expect(await stored(expired)).toMatchObject({ 'page_views:': 1, 'visitors:': 1 });
  });
});

describe('the dashboard', () => {
  it('draws the rolled-up day and today’s live figures, with the top lists named in the request language', async () => {
    const viewer = { ip: '198.51.100.77', agent: `DashboardTest ${Date.now()}` };
    // Today's searches of other test files (the API fuzz searches for naughty strings) would crowd the
    // top lists, which are asserted below: the files run one after another, so this removes only theirs.
    await (await getDb()).execute(sql`DELETE FROM analytics_searches WHERE created_at >= ${today}::date`);
    const before = dataOf(await call('GET', '/api/admin/analytics?range=7', { cookie: admin.cookie }), AnalyticsDashboardSchema);
    const res = await fetch(`${server.url()}/api/analytics/event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-client-ip': viewer.ip, 'user-agent': viewer.agent },
      body: JSON.stringify({ eventType: 'page_view', route: '/de/books/dune' }),
    });
    expect(res.status).toBe(204);
    const after = dataOf(await call('GET', '/api/admin/analytics?range=7', { cookie: admin.cookie, lang: 'de' }), AnalyticsDashboardSchema);
    expect(after.days).toHaveLength(7);
    expect(after.days.at(-1)).toBe(today);
    const i = after.days.indexOf(past);
    expect(after.series.page_views[i]).toBe(5);
    expect(after.series.visitors[i]).toBe(3);
    expect(after.series.interactions[i]).toBe(2);
    expect(after.series.list_adds[i]).toBe(1);
    expect(after.series.page_views.at(-1)).toBe(before.series.page_views.at(-1)! + 1);
    expect(after.series.visitors.at(-1)).toBeGreaterThanOrEqual(1);
    expect(after.top.books[0]).toMatchObject({ id: dune.id, slug: 'dune', name: 'Der Wüstenplanet' });
    expect(after.top.books[0]!.count).toBeGreaterThanOrEqual(6);
    expect(after.top.authors.map((a) => a.id)).toContain(dune.authorId);
    expect(after.top.genres.map((g) => g.id)).toEqual(expect.arrayContaining(dune.genreIds));
    expect(after.searches).toEqual(expect.arrayContaining([{ query: 'dune', count: expect.any(Number) }, { query: 'xyzzy', count: 2 }]));
    expect(after.zeroResultSearches[0]).toEqual({ query: 'xyzzy', count: 2 });
    // The past day's two kinds; today may add more of them (other test files send events too).
    const kinds = new Map(after.interactionsByType.map((k) => [k.type, k.count]));
    expect(kinds.get('list_add')).toBeGreaterThanOrEqual(1);
    expect(kinds.get('buy_link')).toBeGreaterThanOrEqual(1);
    expect(after.retentionDays).toBe(90);
  });

  it('leaves a day outside the range out', async () => {
    const week = dataOf(await call('GET', '/api/admin/analytics?range=7', { cookie: admin.cookie }), AnalyticsDashboardSchema);
    const quarter = dataOf(await call('GET', '/api/admin/analytics?range=90', { cookie: admin.cookie }), AnalyticsDashboardSchema);
    const year = dataOf(await call('GET', '/api/admin/analytics?range=365', { cookie: admin.cookie }), AnalyticsDashboardSchema);
    expect([week.days.length, quarter.days.length, year.days.length]).toEqual([7, 90, 365]);
    expect(quarter.days).not.toContain(expired);
    expect(year.series.page_views[year.days.indexOf(expired)]).toBe(1);
    expect(year.series.new_users.reduce((a, b) => a + b, 0)).toBeGreaterThan(week.series.new_users.reduce((a, b) => a + b, 0) - 1);
  });
});
