/**
 * The profile's own-data endpoints (issue 12, point 9) over HTTP against the real database: reading
 * statistics and the reader's own reviews, each reader seeing only their own rows.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { closeSharedConnection, getDb } from '../../../db/client.ts';
import { createUser } from '../../../db/queries/accounts.ts';
import { hashPassword } from '../../../netlify/functions/_shared/passwords.ts';
import { startLocalServer, type LocalServer } from '../../../scripts/local-server.ts';
import { ErrorEnvelopeSchema, successEnvelope } from '../../../src/domain/envelope.ts';
import { OwnBookReviewPageSchema, ReadingStatsSchema } from '../../../src/domain/schemas/reading-stats.ts';

let server: LocalServer;
const PASSWORD = 'Sternen-Staub-42!';
let seq = 0;

beforeAll(async () => {
  server = await startLocalServer({ trustTestClientIp: true });
});
afterAll(async () => {
  await server.close();
  await closeSharedConnection();
});

async function call(path: string, options: { cookie?: string; lang?: string } = {}) {
  const headers: Record<string, string> = { 'accept-language': options.lang ?? 'en', 'x-test-client-ip': `10.41.0.${++seq % 250}` };
  if (options.cookie) headers.cookie = options.cookie;
  const res = await fetch(`${server.url}${path}`, { headers });
  return { status: res.status, headers: res.headers, json: (await res.json()) as unknown };
}

/** A verified reader created in the database, signed in through the real login endpoint. */
async function reader(): Promise<{ id: string; cookie: string }> {
  const email = `stats-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;
  const user = await createUser(await getDb(), { email, passwordHash: await hashPassword(PASSWORD), firstName: 'Ada', language: 'en', verified: true });
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-test-client-ip': `10.42.0.${++seq % 250}` },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  return { id: user!.id, cookie: login.headers.get('set-cookie')!.split(';')[0]! };
}

const bookId = async (slug: string) => ((await (await getDb()).execute(sql`SELECT id FROM books WHERE slug = ${slug}`)).rows[0] as { id: number }).id;

describe('GET /api/profile/reading-stats', () => {
  it('counts read books per month and year, genres, pages and the rating distribution of this reader only', async () => {
    const db = await getDb();
    const [ada, other] = [await reader(), await reader()];
    const [dune, neuromancer, hyperion] = [await bookId('dune'), await bookId('neuromancer'), await bookId('hyperion')];
    await db.execute(sql`INSERT INTO reading_list (user_id, book_id, status, updated_at) VALUES
      (${ada.id}, ${dune}, 'read', '2025-03-04T10:00:00Z'), (${ada.id}, ${neuromancer}, 'read', '2026-01-15T10:00:00Z'),
      (${ada.id}, ${hyperion}, 'to_read', now()), (${other.id}, ${hyperion}, 'read', '2026-01-02T10:00:00Z')`);
    await db.execute(sql`INSERT INTO ratings (user_id, book_id, rating) VALUES (${ada.id}, ${dune}, 5), (${ada.id}, ${neuromancer}, 4), (${other.id}, ${hyperion}, 1)`);

    const answer = await call('/api/profile/reading-stats', { cookie: ada.cookie, lang: 'de' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const stats = successEnvelope(ReadingStatsSchema).parse(answer.json).data;
    expect(stats.readByMonth).toEqual([{ month: '2025-03', count: 1 }, { month: '2026-01', count: 1 }]);
    expect(stats.readByYear).toEqual([{ year: 2025, count: 1 }, { year: 2026, count: 1 }]);
    expect(stats.ratings).toEqual([1, 2, 3, 4, 5].map((stars) => ({ stars, count: stars >= 4 ? 1 : 0 })));
    expect(stats.totals).toEqual({ to_read: 1, reading: 0, read: 2 });
    expect(stats.genres.reduce((n, g) => n + g.count, 0)).toBeGreaterThanOrEqual(2);
    expect(stats.genres.map((g) => g.slug)).toContain('science-fiction');
    const pages = (await db.execute(sql`
      SELECT coalesce(sum(coalesce(b.pages, e.pages)), 0)::int AS pages FROM books b
      LEFT JOIN editions e ON e.book_id = b.id AND e.is_primary_edition WHERE b.id IN (${dune}, ${neuromancer})`)).rows[0] as { pages: number };
    expect(stats.pagesRead).toBe(pages.pages);
  });

  it('gives a new reader zeros, not an error', async () => {
    const stats = successEnvelope(ReadingStatsSchema).parse((await call('/api/profile/reading-stats', { cookie: (await reader()).cookie })).json).data;
    expect(stats).toMatchObject({ readByMonth: [], readByYear: [], genres: [], pagesRead: 0, totals: { to_read: 0, reading: 0, read: 0 } });
    expect(stats.ratings.every((r) => r.count === 0)).toBe(true);
  });

  it('answers 401 in the envelope when signed out', async () => {
    const answer = await call('/api/profile/reading-stats', { lang: 'it' });
    expect(answer.status).toBe(401);
    expect(ErrorEnvelopeSchema.parse(answer.json).error.code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/profile/reviews', () => {
  it('lists only this reader’s ratings and reviews, newest first, with the title in the request language, a page at a time', async () => {
    const db = await getDb();
    const [ada, other] = [await reader(), await reader()];
    const [dune, neuromancer] = [await bookId('dune'), await bookId('neuromancer')];
    await db.execute(sql`INSERT INTO ratings (user_id, book_id, rating, review, updated_at) VALUES
      (${ada.id}, ${dune}, 5, ${'Spice <b>must</b> flow\nsecond line'}, '2026-02-01T00:00:00Z'),
      (${ada.id}, ${neuromancer}, 3, NULL, '2026-03-01T00:00:00Z'),
      (${other.id}, ${dune}, 1, 'not mine', now())`);
    const page = successEnvelope(OwnBookReviewPageSchema).parse((await call('/api/profile/reviews', { cookie: ada.cookie, lang: 'de' })).json).data;
    expect(page.total).toBe(2);
    expect(page.items.map((r) => [r.slug, r.rating, r.review])).toEqual([
      ['neuromancer', 3, null],
      ['dune', 5, 'Spice <b>must</b> flow\nsecond line'],
    ]);
    expect(page.items[1]!.title).toBe('Der Wüstenplanet');
    const past = successEnvelope(OwnBookReviewPageSchema).parse((await call('/api/profile/reviews?page=9', { cookie: ada.cookie })).json).data;
    expect(past).toMatchObject({ items: [], total: 2, page: 9 });
  });

  it('refuses a bad page with a localized 400 and a signed-out call with 401', async () => {
    const { cookie } = await reader();
    const bad = await call('/api/profile/reviews?page=0', { cookie, lang: 'de' });
    expect(bad.status).toBe(400);
    expect(ErrorEnvelopeSchema.parse(bad.json).error.code).toBe('VALIDATION');
    expect((await call('/api/profile/reviews')).status).toBe(401);
  });
});

describe('GET /api/books?list= (the reading-list filter, spec §9)', () => {
  const Page = successEnvelope(z.object({ items: z.array(z.object({ slug: z.string() })), total: z.number() }));

  it('shows the signed-in reader their want-to-read, reading and read books, and the books not on their list', async () => {
    const db = await getDb();
    const [ada, other] = [await reader(), await reader()];
    const [dune, neuromancer, hyperion] = [await bookId('dune'), await bookId('neuromancer'), await bookId('hyperion')];
    await db.execute(sql`INSERT INTO reading_list (user_id, book_id, status) VALUES
      (${ada.id}, ${dune}, 'to_read'), (${ada.id}, ${neuromancer}, 'read'), (${other.id}, ${hyperion}, 'reading')`);
    const slugs = async (list: string) => {
      const answer = await call(`/api/books?list=${list}&limit=60&sort=title_asc`, { cookie: ada.cookie });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      return Page.parse(answer.json).data;
    };
    expect((await slugs('to_read')).items.map((b) => b.slug)).toEqual(['dune']);
    expect((await slugs('read')).items.map((b) => b.slug)).toEqual(['neuromancer']);
    expect((await slugs('reading')).total).toBe(0);
    const all = Page.parse((await call('/api/books?limit=1')).json).data.total;
    const none = await slugs('none');
    expect(none.total).toBe(all - 2);
    expect(none.items.map((b) => b.slug)).not.toContain('dune');
  });

  it('needs a session (401) and refuses an unknown filter with a localized 400', async () => {
    expect((await call('/api/books?list=read')).status).toBe(401);
    const bad = await call('/api/books?list=finished', { cookie: (await reader()).cookie, lang: 'de' });
    expect(bad.status).toBe(400);
    expect(ErrorEnvelopeSchema.parse(bad.json).error.details?.[0]?.key).toBe('validation.listFilter');
  });
});
