import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../../db/client.ts';
import { ModalDataSchema, RatingResultSchema, ReadingListEntrySchema, ReviewPageSchema } from '../../../src/domain/schemas/reader.ts';
import { createBooks, createReader, dataOf, READER_PASSWORD, removeBooks, serveForTests } from '../../support/readers.ts';

const server = serveForTests();
const call = server.call;

/** Books whose book_stats counters (the stripes summed) differ from a recount of their ratings (statement triggers, migrations 0003, 0008 and 0017). */
async function countersOffRecount(): Promise<unknown[]> {
  const result = await (await getDb()).execute(sql`
    SELECT coalesce(p.book_id, r.book_id) AS book_id, p.rating_count, p.rating_sum, r.n, r.s
    FROM book_stats p
    FULL JOIN (SELECT book_id, count(*)::int AS n, sum(rating)::int AS s FROM ratings GROUP BY book_id) r ON r.book_id = p.book_id
    WHERE coalesce(p.rating_count, 0) <> coalesce(r.n, 0) OR coalesce(p.rating_sum, 0) <> coalesce(r.s, 0)`);
  return result.rows;
}

describe('deleting an account (DELETE /api/profile)', () => {
  it("removes the reader's ratings, reviews, author reviews and reading list, and the averages and counters follow", async () => {
    const books = await createBooks(['deletion-test-a', 'deletion-test-b']);
    try {
      const [leaving, staying] = [await createReader(server.url(), { firstName: 'Leaving' }), await createReader(server.url(), { firstName: 'Staying' })];
      for (const book of books) {
        dataOf(await call('PUT', `/api/books/${book.id}/ratings`, { cookie: leaving.cookie, body: { rating: 5, review: 'Bye' } }), RatingResultSchema);
        dataOf(await call('PUT', `/api/books/${book.id}/ratings`, { cookie: staying.cookie, body: { rating: 2, review: 'Still here' } }), RatingResultSchema);
        dataOf(await call('POST', '/api/reading-list', { cookie: leaving.cookie, body: { bookId: book.id } }), ReadingListEntrySchema, 201);
      }
      dataOf(await call('PUT', '/api/authors/frank-herbert/reviews', { cookie: leaving.cookie, body: { rating: 5, review: 'Bye' } }), RatingResultSchema);
      const authorBefore = dataOf(await call('GET', '/api/authors/frank-herbert/reviews'), ReviewPageSchema).summary;
      expect(dataOf(await call('GET', `/api/books/${books[0]!.id}/reviews`), ReviewPageSchema).summary).toEqual({ average: 3.5, count: 2 });

      const deleted = await call('DELETE', '/api/profile', { cookie: leaving.cookie, body: { password: READER_PASSWORD } });
      expect(deleted.status).toBe(204);

      const db = await getDb();
      for (const table of ['ratings', 'author_reviews', 'reading_list']) {
        const left = await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE user_id = ${leaving.id}`);
        expect(left.rows[0], table).toEqual({ n: 0 });
      }
      for (const book of books) {
        const page = dataOf(await call('GET', `/api/books/${book.id}/reviews`), ReviewPageSchema);
        expect(page.summary).toEqual({ average: 2, count: 1 });
        expect(page.items.map((r) => r.review)).toEqual(['Still here']);
        const modal = dataOf(await call('GET', `/api/books/${book.id}/modal-data`), ModalDataSchema);
        expect(modal.ratings).toMatchObject({ average: 2, count: 1 });
      }
      const counters = await db.execute(sql`SELECT book_id, rating_count, rating_sum FROM book_stats WHERE book_id IN (${books[0]!.id}, ${books[1]!.id}) ORDER BY book_id`);
      expect(counters.rows).toEqual(books.map((b) => ({ book_id: b.id, rating_count: 1, rating_sum: 2 })));
      expect(dataOf(await call('GET', '/api/authors/frank-herbert/reviews'), ReviewPageSchema).summary.count).toBe(authorBefore.count - 1);
      expect(await countersOffRecount()).toEqual([]);
      // The session of the deleted account is gone with it.
      expect((await call('GET', '/api/reading-list', { cookie: leaving.cookie })).status).toBe(401);
    } finally {
      await removeBooks(books);
    }
  });

  it('keeps every counter equal to a recount after inserts, updates of stars and of text only, deletes and a cascade', async () => {
    const books = await createBooks(['deletion-test-c']);
    try {
      const readers = await Promise.all([1, 2, 3].map(() => createReader(server.url())));
      for (const [n, reader] of readers.entries()) dataOf(await call('POST', `/api/books/${books[0]!.id}/ratings`, { cookie: reader.cookie, body: { rating: n + 1 } }), RatingResultSchema);
      dataOf(await call('PUT', `/api/books/${books[0]!.id}/ratings`, { cookie: readers[0]!.cookie, body: { rating: 5, review: 'changed' } }), RatingResultSchema);
      dataOf(await call('PUT', `/api/books/${books[0]!.id}/ratings`, { cookie: readers[1]!.cookie, body: { rating: 2, review: 'text only' } }), RatingResultSchema);
      expect((await call('DELETE', `/api/books/${books[0]!.id}/ratings`, { cookie: readers[2]!.cookie })).status).toBe(204);
      expect(await countersOffRecount()).toEqual([]);
      const page = dataOf(await call('GET', `/api/books/${books[0]!.id}/reviews`), ReviewPageSchema);
      expect(page.summary).toEqual({ average: 3.5, count: 2 });
    } finally {
      await removeBooks(books);
    }
    // The book's ratings went with it (cascade), and so did its counter row.
    expect(await countersOffRecount()).toEqual([]);
  });
});
