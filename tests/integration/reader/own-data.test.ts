/**
 * The reader's own-data endpoints (issue 12, points 5 and 9) over HTTP against the real database:
 * reading statistics, the reader's own reviews and the books list's reading-list filter, each reader
 * seeing only their own rows. Rows are arranged in the database; the write endpoints have their own tests.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getDb } from '../../../db/client.ts';
import { OwnReviewPageSchema, ReadingStatsSchema } from '../../../src/domain/schemas/reading-stats.ts';
import { bookIds, createBooks, createReader, dataOf, errorOf, removeBooks, serveForTests, type TestBook } from '../../support/readers.ts';

const server = serveForTests();
const call = (path: string, options: { cookie?: string; lang?: string } = {}) => server.call('GET', path, options);
const reader = () => createReader(server.url());
const bookId = async (slug: string) => (await bookIds([slug])).get(slug)!;

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
    const stats = dataOf(answer, ReadingStatsSchema);
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
    const stats = dataOf(await call('/api/profile/reading-stats', { cookie: (await reader()).cookie }), ReadingStatsSchema);
    expect(stats).toMatchObject({ readByMonth: [], readByYear: [], genres: [], pagesRead: 0, totals: { to_read: 0, reading: 0, read: 0 } });
    expect(stats.ratings.every((r) => r.count === 0)).toBe(true);
  });

  it('answers 401 in the envelope when signed out', async () => {
    expect(errorOf(await call('/api/profile/reading-stats', { lang: 'it' }), 401).code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/profile/reviews', () => {
  it('lists only this reader’s ratings and reviews of books and authors, latest first, with the title in the request language, a page at a time', async () => {
    const db = await getDb();
    const [ada, other] = [await reader(), await reader()];
    const [dune, neuromancer] = [await bookId('dune'), await bookId('neuromancer')];
    const [leGuin] = (await db.execute(sql`SELECT id FROM authors WHERE slug = 'ursula-k-le-guin'`)).rows as { id: number }[];
    await db.execute(sql`INSERT INTO ratings (user_id, book_id, rating, review, updated_at) VALUES
      (${ada.id}, ${dune}, 5, ${'Spice <b>must</b> flow\nsecond line'}, '2026-02-01T00:00:00Z'),
      (${ada.id}, ${neuromancer}, 3, NULL, '2026-03-01T00:00:00Z'),
      (${other.id}, ${dune}, 1, 'not mine', now())`);
    await db.execute(sql`INSERT INTO author_reviews (user_id, author_id, rating, review, updated_at) VALUES
      (${ada.id}, ${leGuin!.id}, 4, 'Earthsea!', '2026-02-15T00:00:00Z'),
      (${other.id}, ${leGuin!.id}, 2, 'not mine either', now())`);
    const page = dataOf(await call('/api/profile/reviews', { cookie: ada.cookie, lang: 'de' }), OwnReviewPageSchema);
    expect(page.total).toBe(3);
    expect(page.items.map((r) => [r.target, r.slug, r.rating, r.review])).toEqual([
      ['book', 'neuromancer', 3, null],
      ['author', 'ursula-k-le-guin', 4, 'Earthsea!'],
      ['book', 'dune', 5, 'Spice <b>must</b> flow\nsecond line'],
    ]);
    expect(page.items[0]!.id).toBe(neuromancer);
    expect(page.items[1]).toMatchObject({ id: leGuin!.id, title: 'Ursula K. Le Guin', updatedAt: '2026-02-15T00:00:00.000Z' });
    expect(page.items[2]!.title).toBe('Der Wüstenplanet');
    const past = dataOf(await call('/api/profile/reviews?page=9', { cookie: ada.cookie }), OwnReviewPageSchema);
    expect(past).toMatchObject({ items: [], total: 3, page: 9 });
  });

  it('refuses a bad page with a localized 400 and a signed-out call with 401', async () => {
    const { cookie } = await reader();
    expect(errorOf(await call('/api/profile/reviews?page=0', { cookie, lang: 'de' }), 400).code).toBe('VALIDATION');
    expect((await call('/api/profile/reviews')).status).toBe(401);
  });
});

describe('GET /api/books?list= (the reading-list filter, spec §9)', () => {
  const Page = z.object({ items: z.array(z.object({ slug: z.string() })), total: z.number() });

  it('shows the signed-in reader their want-to-read, reading and read books, and the books not on their list', async () => {
    const db = await getDb();
    const [ada, other] = [await reader(), await reader()];
    const [dune, neuromancer, hyperion] = [await bookId('dune'), await bookId('neuromancer'), await bookId('hyperion')];
    await db.execute(sql`INSERT INTO reading_list (user_id, book_id, status) VALUES
      (${ada.id}, ${dune}, 'to_read'), (${ada.id}, ${neuromancer}, 'read'), (${other.id}, ${hyperion}, 'reading')`);
    const slugs = async (list: string) => {
      const answer = await call(`/api/books?list=${list}&limit=60&sort=title_asc`, { cookie: ada.cookie });
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      return dataOf(answer, Page);
    };
    expect((await slugs('to_read')).items.map((b) => b.slug)).toEqual(['dune']);
    expect((await slugs('read')).items.map((b) => b.slug)).toEqual(['neuromancer']);
    expect((await slugs('reading')).total).toBe(0);
    const all = dataOf(await call('/api/books?limit=1'), Page).total;
    const none = await slugs('none');
    expect(none.total).toBe(all - 2);
    expect(none.items.map((b) => b.slug)).not.toContain('dune');
  });

  it('needs a session (401) and refuses an unknown filter with a localized 400', async () => {
    expect((await call('/api/books?list=read')).status).toBe(401);
    expect(errorOf(await call('/api/books?list=finished', { cookie: (await reader()).cookie, lang: 'de' }), 400).details?.[0]?.key).toBe('validation.listFilter');
  });
});

describe('GET /api/books: rating filter and sort on real ratings (issue 12, point 5)', () => {
  it('averages the readers’ ratings from the counters, filters by the minimum and sorts best first', async () => {
    const db = await getDb();
    const stamp = Date.now().toString(36);
    const books = await createBooks([`rated-best-${stamp}`, `rated-low-${stamp}`]);
    const [best, low] = books as [TestBook, TestBook];
    try {
      const readers = [await reader(), await reader(), await reader()];
      await db.execute(sql`INSERT INTO ratings (user_id, book_id, rating) VALUES
        (${readers[0]!.id}, ${best.id}, 5), (${readers[1]!.id}, ${best.id}, 5), (${readers[2]!.id}, ${best.id}, 4),
        (${readers[0]!.id}, ${low.id}, 4), (${readers[1]!.id}, ${low.id}, 3)`);
      const Page = z.object({ items: z.array(z.object({ slug: z.string(), rating: z.object({ average: z.number().nullable(), count: z.number() }) })) });
      // A query no other test asks, so the per-instance answer cache cannot answer it from before these ratings.
      const page = dataOf(await call(`/api/books?sort=rating&minRating=4&limit=60&lang=it`), Page);
      const mine = page.items.filter((b) => b.slug.endsWith(stamp));
      expect(mine).toEqual([{ slug: `rated-best-${stamp}`, rating: { average: 4.7, count: 3 } }]);
      const averages = page.items.map((b) => b.rating.average ?? 0);
      expect(averages).toEqual([...averages].sort((a, b) => b - a));
      expect(averages.every((a) => a >= 4)).toBe(true);
    } finally {
      await removeBooks(books);
    }
  });
});
