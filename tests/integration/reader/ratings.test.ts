import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../../db/client.ts';
import { ROLES } from '../../../src/domain/enums.ts';
import { RatingResultSchema, REVIEW_MAX_LENGTH, ReviewPageSchema, REVIEWS_PAGE_SIZE } from '../../../src/domain/schemas/reader.ts';
import { createBook, createBooks, createReader, dataOf, errorOf, removeBooks, serveForTests } from '../../support/readers.ts';

const server = serveForTests();
const call = server.call;

const rate = (method: 'POST' | 'PUT', ref: string | number, cookie: string, body: unknown, lang?: string) => call(method, `/api/books/${ref}/ratings`, { cookie, body, lang });
const reviews = async (path: string) => dataOf(await call('GET', path), ReviewPageSchema);

/** A book of the test's own, removed after it. */
async function withBook(slug: string, test: (bookId: number) => Promise<void>) {
  const book = await createBook(slug);
  try {
    await test(book.id);
  } finally {
    await book.remove();
  }
}

describe('rating a book', () => {
  it('POST rates, PUT rates and reviews, POST keeps the review, PUT without review keeps it, blank or null removes it', () =>
    withBook('ratings-test-flow', async (bookId) => {
      const { cookie } = await createReader(server.url());
      expect(dataOf(await rate('POST', bookId, cookie, { rating: 3 }), RatingResultSchema)).toMatchObject({ own: { rating: 3, review: null }, summary: { average: 3, count: 1 } });
      expect(dataOf(await rate('PUT', bookId, cookie, { rating: 4, review: 'Gut.\nSehr gut.' }), RatingResultSchema).own).toMatchObject({ rating: 4, review: 'Gut.\nSehr gut.' });
      expect(dataOf(await rate('POST', bookId, cookie, { rating: 5 }), RatingResultSchema)).toMatchObject({ own: { rating: 5, review: 'Gut.\nSehr gut.' }, summary: { average: 5, count: 1 } });
      expect(dataOf(await rate('PUT', bookId, cookie, { rating: 2 }), RatingResultSchema).own).toMatchObject({ rating: 2, review: 'Gut.\nSehr gut.' });
      expect(dataOf(await rate('PUT', bookId, cookie, { rating: 2, review: ' \n\t ' }), RatingResultSchema).own).toMatchObject({ review: null });
      dataOf(await rate('PUT', bookId, cookie, { rating: 2, review: 'again' }), RatingResultSchema);
      expect(dataOf(await rate('PUT', bookId, cookie, { rating: 1, review: null }), RatingResultSchema)).toMatchObject({ own: { rating: 1, review: null }, summary: { count: 1 } });
      // One row per reader and book, however often they rate.
      const rows = await (await getDb()).execute(sql`SELECT count(*)::int AS n FROM ratings WHERE book_id = ${bookId}`);
      expect(rows.rows[0]).toEqual({ n: 1 });
    }));

  it('works by slug as by id, and answers private, no-store', () =>
    withBook('ratings-test-slug', async () => {
      const { cookie } = await createReader(server.url());
      const res = await rate('POST', 'ratings-test-slug', cookie, { rating: 4 });
      expect(dataOf(res, RatingResultSchema).summary).toEqual({ average: 4, count: 1 });
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }));

  it('DELETE removes only the own rating (204) and the summary follows; a second DELETE is a 404', () =>
    withBook('ratings-test-delete', async (bookId) => {
      const [a, b] = [await createReader(server.url()), await createReader(server.url())];
      dataOf(await rate('PUT', bookId, a.cookie, { rating: 5, review: 'A' }), RatingResultSchema);
      dataOf(await rate('PUT', bookId, b.cookie, { rating: 2, review: 'B' }), RatingResultSchema);
      const deleted = await call('DELETE', `/api/books/${bookId}/ratings`, { cookie: a.cookie });
      expect(deleted.status).toBe(204);
      expect(deleted.json).toBeUndefined();
      const page = await reviews(`/api/books/${bookId}/reviews`);
      expect(page.summary).toEqual({ average: 2, count: 1 });
      expect(page.items.map((r) => r.review)).toEqual(['B']);
      expect(errorOf(await call('DELETE', `/api/books/${bookId}/ratings`, { cookie: a.cookie, lang: 'de' }), 404).message).toBe('Sie haben dies noch nicht bewertet.');
    }));

  it('averages several readers to one decimal, null without ratings', () =>
    withBook('ratings-test-average', async (bookId) => {
      expect((await reviews(`/api/books/${bookId}/reviews`)).summary).toEqual({ average: null, count: 0 });
      let last;
      for (const stars of [5, 4, 4, 1, 3, 5]) last = dataOf(await rate('POST', bookId, (await createReader(server.url())).cookie, { rating: stars }), RatingResultSchema);
      // 22 / 6 = 3.666…
      expect(last!.summary).toEqual({ average: 3.7, count: 6 });
      expect((await reviews(`/api/books/${bookId}/reviews`)).summary).toEqual({ average: 3.7, count: 6 });
      const counters = await (await getDb()).execute(sql`SELECT rating_count AS n, rating_sum AS s FROM book_stats WHERE book_id = ${bookId}`);
      expect(counters.rows[0]).toEqual({ n: 6, s: 22 });
    }));
});

describe('rating counters in stripes (migration 0017)', () => {
  /** Two connections of their own whose counter stripes (backend pid modulo 16) differ. */
  async function twoStripes(): Promise<[pg.Client, pg.Client]> {
    const opened: { client: pg.Client; stripe: number }[] = [];
    for (;;) {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      const stripe = (await client.query<{ s: number }>('SELECT counter_stripe() AS s')).rows[0]!.s;
      const other = opened.find((o) => o.stripe !== stripe);
      if (other) {
        await Promise.all(opened.filter((o) => o !== other).map((o) => o.client.end()));
        return [other.client, client];
      }
      opened.push({ client, stripe });
    }
  }

  it("a reader's rating does not wait for another reader's uncommitted rating of the same book, and the totals add up", () =>
    withBook('ratings-test-stripes', async (bookId) => {
      const [a, b] = [await createReader(server.url()), await createReader(server.url())];
      const [first, second] = await twoStripes();
      try {
        await first.query('BEGIN');
        await first.query('INSERT INTO ratings (user_id, book_id, rating) VALUES ($1, $2, 5)', [a.id, bookId]);
        // With one counter row per book this insert waited for the first transaction (lock_timeout ends the wait).
        await second.query("SET lock_timeout = '2s'");
        await second.query('INSERT INTO ratings (user_id, book_id, rating) VALUES ($1, $2, 2)', [b.id, bookId]);
        await first.query('COMMIT');
      } finally {
        await first.query('ROLLBACK').catch(() => undefined);
        await Promise.all([first.end(), second.end()]);
      }
      const db = await getDb();
      const stripes = await db.execute(sql`SELECT count(*)::int AS n FROM book_rating_stripes WHERE book_id = ${bookId}`);
      expect(stripes.rows[0]).toEqual({ n: 2 });
      const totals = await db.execute(sql`SELECT rating_count AS n, rating_sum AS s FROM book_stats WHERE book_id = ${bookId}`);
      expect(totals.rows[0]).toEqual({ n: 2, s: 7 });
      expect((await reviews(`/api/books/${bookId}/reviews`)).summary).toEqual({ average: 3.5, count: 2 });
    }));
});

describe('GET /api/books/{id}/reviews', () => {
  it('pages reviews with text newest first, ten per page, with display names per spec §3 and the summary of all ratings', () =>
    withBook('ratings-test-pages', async (bookId) => {
      const names: [string | null, string | null, string][] = [
        ['Ursula', 'Le Guin', 'Ursula Le Guin'],
        ['Octavia', null, 'Octavia'],
        [null, null, ''], // the e-mail before the @, filled in below
      ];
      const written: string[] = [];
      for (let n = 0; n < 12; n++) {
        const [firstName, lastName] = names[n % 3]!;
        const reader = await createReader(server.url(), { firstName, lastName, email: `pages-${n}-${Date.now()}@example.org` });
        if (n % 3 === 2) names[2]![2] = reader.email.split('@')[0]!;
        const review = n === 5 ? undefined : `Review number ${n}`;
        dataOf(await rate('PUT', bookId, reader.cookie, review ? { rating: 1 + (n % 5), review } : { rating: 1 + (n % 5) }), RatingResultSchema);
        if (review) written.push(review);
      }
      const first = await reviews(`/api/books/${bookId}/reviews`);
      expect(first).toMatchObject({ total: 11, page: 1, pageSize: REVIEWS_PAGE_SIZE });
      expect(first.summary.count).toBe(12);
      expect(first.items.map((r) => r.review)).toEqual(written.slice().reverse().slice(0, 10));
      const second = await reviews(`/api/books/${bookId}/reviews?page=2`);
      expect(second.items.map((r) => r.review)).toEqual([written[0]]);
      expect(second.items[0]!.displayName).toBe('Ursula Le Guin');
      expect(first.items.find((r) => r.review === 'Review number 10')!.displayName).toBe('Octavia');
      expect(first.items.find((r) => r.review === 'Review number 11')!.displayName).toMatch(/^pages-11-\d+$/);
      expect((await reviews(`/api/books/${bookId}/reviews?page=3`)).items).toEqual([]);
      // Nothing about the reviewers but their display name and id leaves the server.
      expect(JSON.stringify(first)).not.toContain('@example.org');
    }));

  it('is public, and 404s an unknown book', async () => {
    expect(dataOf(await call('GET', '/api/books/dune/reviews'), ReviewPageSchema).page).toBe(1);
    expect(errorOf(await call('GET', '/api/books/no-such-book-anywhere/reviews', { lang: 'it' }), 404).message).toBe('Libro non trovato.');
  });
});

describe('bad input is a localized 400, never a 500', () => {
  it.each([
    ['a rating of 0', { rating: 0 }],
    ['a rating of 6', { rating: 6 }],
    ['a half star', { rating: 3.5 }],
    ['a rating as text', { rating: '4' }],
    ['no rating', {}],
    ['an unknown field', { rating: 4, userId: '00000000-0000-0000-0000-000000000000' }],
  ])('POST with %s', async (_name, body) => {
    const { cookie } = await createReader(server.url());
    const error = errorOf(await rate('POST', 'dune', cookie, body, 'de'), 400);
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toBe('Bitte überprüfen Sie Ihre Eingaben.');
    expect(error.details!.length).toBeGreaterThan(0);
  });

  it('says the spec sentence for a rating out of range, in each language', async () => {
    const { cookie } = await createReader(server.url());
    const detail = async (lang: string) => errorOf(await rate('PUT', 'dune', cookie, { rating: 9 }, lang), 400).details![0];
    expect(await detail('en')).toEqual({ path: 'rating', key: 'validation.rating.range', message: 'The rating must be between 1 and 5 stars.' });
    expect((await detail('de'))!.message).toBe('Die Bewertung muss zwischen 1 und 5 Sternen liegen.');
    expect((await detail('it'))!.message).toBe('La valutazione deve essere tra 1 e 5 stelle.');
  });

  it('refuses a review over 5,000 characters, control characters and non-text, and keeps 5,000 exactly', async () => {
    const { cookie } = await createReader(server.url());
    const key = async (review: unknown) => errorOf(await rate('PUT', 'dune', cookie, { rating: 4, review }, 'de'), 400).details![0];
    expect(await key('x'.repeat(REVIEW_MAX_LENGTH + 1))).toMatchObject({ path: 'review', key: 'validation.review.tooLong', message: 'Eine Rezension darf höchstens 5.000 Zeichen lang sein.' });
    expect(await key('nul\u0000byte')).toMatchObject({ key: 'validation.controlCharacters' });
    expect(await key('bell\u0007')).toMatchObject({ key: 'validation.controlCharacters' });
    expect(await key(42)).toMatchObject({ key: 'validation.review' });
    const max = 'ä'.repeat(REVIEW_MAX_LENGTH);
    expect(dataOf(await rate('PUT', 'dune', cookie, { rating: 4, review: max }), RatingResultSchema).own!.review).toBe(max);
  });

  it('refuses non-JSON bodies with 415 and malformed JSON with 400', async () => {
    const { cookie } = await createReader(server.url());
    expect(errorOf(await call('POST', '/api/books/dune/ratings', { cookie, raw: 'rating=4', contentType: 'application/x-www-form-urlencoded' }), 415).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(errorOf(await call('POST', '/api/books/dune/ratings', { cookie, raw: '{"rating":' }), 400).code).toBe('VALIDATION');
  });

  it('404s an unknown book and an id beyond the integer column; 400s a malformed one', async () => {
    const { cookie } = await createReader(server.url());
    for (const ref of ['no-such-book-anywhere', '2147483648', '9999999999']) {
      expect(errorOf(await rate('PUT', ref, cookie, { rating: 3 }), 404).code).toBe('NOT_FOUND');
      expect(errorOf(await call('DELETE', `/api/books/${ref}/ratings`, { cookie }), 404).code).toBe('NOT_FOUND');
      expect(errorOf(await call('GET', `/api/books/${ref}/reviews`), 404).code).toBe('NOT_FOUND');
    }
    expect(errorOf(await rate('POST', 'Dune!', cookie, { rating: 3 }), 400).details![0]!.key).toBe('validation.bookRef');
    expect(errorOf(await call('GET', '/api/books/dune/reviews?page=0', { lang: 'de' }), 400).details![0]).toMatchObject({ key: 'validation.page', message: 'Die Seite muss eine ganze Zahl ab 1 sein.' });
    expect(errorOf(await call('GET', '/api/books/dune/reviews?page=abc'), 400).details![0]!.key).toBe('validation.page');
  });
});

describe('roles and ownership (spec §6)', () => {
  it('answers 401 to an anonymous write', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await call(method, '/api/books/dune/ratings', method === 'DELETE' ? {} : { body: { rating: 4 } });
      expect(errorOf(res, 401).code).toBe('UNAUTHENTICATED');
    }
    expect(errorOf(await call('PUT', '/api/authors/frank-herbert/reviews', { body: { rating: 4 } }), 401).code).toBe('UNAUTHENTICATED');
  });

  it.each(ROLES)('lets a %s rate, review and delete their own rating', (role) =>
    withBook(`ratings-test-role-${role.toLowerCase().replace('_', '-')}`, async (bookId) => {
      const { cookie, id } = await createReader(server.url(), { role });
      dataOf(await rate('PUT', bookId, cookie, { rating: 5, review: `I am ${role}` }), RatingResultSchema);
      expect((await reviews(`/api/books/${bookId}/reviews`)).items).toEqual([expect.objectContaining({ userId: id, review: `I am ${role}` })]);
      expect((await call('DELETE', `/api/books/${bookId}/ratings`, { cookie })).status).toBe(204);
    }));

  it("leaves B's review alone whatever A sends: A's writes only ever touch A's row", () =>
    withBook('ratings-test-owner', async (bookId) => {
      const [a, b] = [await createReader(server.url()), await createReader(server.url())];
      dataOf(await rate('PUT', bookId, b.cookie, { rating: 5, review: 'B wrote this' }), RatingResultSchema);
      const [bReview] = (await reviews(`/api/books/${bookId}/reviews`)).items;
      // No field can name another reader or another rating: the schema refuses them.
      for (const body of [{ rating: 1, userId: b.id }, { rating: 1, id: bReview!.id }, { rating: 1, review: 'x', user_id: b.id }]) {
        expect(errorOf(await rate('PUT', bookId, a.cookie, body), 400).details![0]!.key).toBe('validation.unrecognizedKeys');
      }
      // A's DELETE finds no rating of A's: B's stays.
      expect((await call('DELETE', `/api/books/${bookId}/ratings`, { cookie: a.cookie })).status).toBe(404);
      // A's own rating is a second row; B's is unchanged.
      dataOf(await rate('PUT', bookId, a.cookie, { rating: 1, review: 'A wrote this' }), RatingResultSchema);
      const page = await reviews(`/api/books/${bookId}/reviews`);
      expect(page.items.find((r) => r.userId === b.id)).toEqual(bReview);
      expect(page.summary).toEqual({ average: 3, count: 2 });
    }));
});

describe('review text is stored exactly as typed', () => {
  const require = createRequire(import.meta.url);
  const REFUSED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
  /** Every distinct string of the Big List of Naughty Strings with a visible character and no refused control character. */
  const naughty = [...new Set((require('big-list-of-naughty-strings/blns.json') as string[]).filter((s) => /\S/.test(s) && !REFUSED.test(s)))];
  // The list has 451 such strings; two-line pairs of them (CR LF kept) make up 500.
  const strings = [...naughty, ...naughty.slice(0, 500 - naughty.length).map((s, i) => `${s}\r\n${naughty[naughty.length - 1 - i]}`)];

  it('sends 500 naughty strings as reviews and reads every one back byte for byte', { timeout: 120_000 }, async () => {
    expect(strings).toHaveLength(500);
    expect(strings.every((s) => s.length <= REVIEW_MAX_LENGTH)).toBe(true);
    // 10 readers × 50 books: one review per reader and book, and each reader below the write limit.
    const books = await createBooks(Array.from({ length: 50 }, (_, i) => `ratings-test-naughty-${i}`));
    try {
      const readers = await Promise.all(Array.from({ length: 10 }, () => createReader(server.url())));
      const expected = new Map<string, string>();
      await Promise.all(
        readers.map(async (reader, r) => {
          for (const [b, book] of books.entries()) {
            const review = strings[r * 50 + b]!;
            const res = await rate('PUT', book.id, reader.cookie, { rating: 1 + ((r + b) % 5), review });
            expect(dataOf(res, RatingResultSchema).own!.review).toBe(review);
            expect(Buffer.from(JSON.stringify(review))).toEqual(Buffer.from(JSON.stringify(dataOf(res, RatingResultSchema).own!.review)));
            expected.set(`${book.id}/${reader.id}`, review);
          }
        }),
      );
      let compared = 0;
      for (const book of books) {
        const page = await reviews(`/api/books/${book.id}/reviews`);
        expect(page.total).toBe(10);
        for (const item of page.items) {
          expect(Buffer.from(item.review!, 'utf8').equals(Buffer.from(expected.get(`${book.id}/${item.userId}`)!, 'utf8'))).toBe(true);
          compared++;
        }
      }
      expect(compared).toBe(500);
    } finally {
      await removeBooks(books);
    }
  });
});

describe('author reviews', () => {
  it('needs a rating (text optional), is one per reader, pages newest first and deletes its own', async () => {
    const [a, b] = [await createReader(server.url(), { firstName: 'Ann' }), await createReader(server.url(), { firstName: 'Bob' })];
    const path = '/api/authors/frank-herbert/reviews';
    expect(errorOf(await call('PUT', path, { cookie: a.cookie, body: { review: 'No stars' }, lang: 'it' }), 400).details![0]).toMatchObject({
      path: 'rating',
      key: 'validation.rating.range',
      message: 'La valutazione deve essere tra 1 e 5 stelle.',
    });
    const before = (await reviews(path)).summary.count;
    expect(dataOf(await call('PUT', path, { cookie: a.cookie, body: { rating: 5 } }), RatingResultSchema).own).toMatchObject({ rating: 5, review: null });
    dataOf(await call('PUT', path, { cookie: a.cookie, body: { rating: 4, review: 'Dune!' } }), RatingResultSchema);
    dataOf(await call('PUT', path, { cookie: b.cookie, body: { rating: 2, review: 'Too long.' } }), RatingResultSchema);
    const page = await reviews(path);
    expect(page.summary.count).toBe(before + 2);
    expect(page.items.slice(0, 2).map((r) => [r.displayName, r.review, r.rating])).toEqual([
      ['Bob', 'Too long.', 2],
      ['Ann', 'Dune!', 4],
    ]);
    const [author] = (await (await getDb()).execute(sql`SELECT id FROM authors WHERE slug = 'frank-herbert'`)).rows as { id: number }[];
    expect(await reviews(`/api/authors/${author!.id}/reviews`)).toEqual(page);
    expect((await call('DELETE', path, { cookie: a.cookie })).status).toBe(204);
    expect((await call('DELETE', path, { cookie: a.cookie })).status).toBe(404);
    expect((await reviews(path)).items.map((r) => r.displayName)).not.toContain('Ann');
    expect(errorOf(await call('GET', '/api/authors/nobody-at-all/reviews', { lang: 'de' }), 404).message).toBe('Autor nicht gefunden.');
    expect(errorOf(await call('PUT', '/api/authors/Nobody!/reviews', { cookie: a.cookie, body: { rating: 3 } }), 400).details![0]!.key).toBe('validation.authorRef');
  });
});

describe('the reader’s own rating in a page of reviews', () => {
  it('names a rating without text as the signed-in reader’s own, privately; others and visitors get null', async () => {
    const [a, b] = [await createReader(server.url()), await createReader(server.url())];
    const path = '/api/authors/ursula-k-le-guin/reviews';
    dataOf(await call('PUT', path, { cookie: a.cookie, body: { rating: 4 } }), RatingResultSchema);
    try {
      const mine = await call('GET', path, { cookie: a.cookie });
      expect(dataOf(mine, ReviewPageSchema).own).toMatchObject({ rating: 4, review: null });
      expect(mine.headers.get('cache-control')).toBe('private, no-store');
      expect(dataOf(await call('GET', path, { cookie: b.cookie }), ReviewPageSchema).own).toBeNull();
      expect((await reviews(path)).own).toBeNull();
    } finally {
      expect((await call('DELETE', path, { cookie: a.cookie })).status).toBe(204);
    }
  });
});

describe('writes are rate limited per reader', () => {
  it('answers 429 RATE_LIMITED with Retry-After past 60 writes a minute, for that reader only', async () => {
    const [busy, calm] = [await createReader(server.url()), await createReader(server.url())];
    for (let n = 0; n < 60; n++) expect((await rate('POST', 'dune', busy.cookie, { rating: 1 + (n % 5) })).status).toBe(200);
    const limited = await rate('POST', 'dune', busy.cookie, { rating: 3 }, 'de');
    const error = errorOf(limited, 429);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toMatch(/Bitte warten Sie/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(error.retryAfter).toBe(Number(limited.headers.get('retry-after')));
    // The list counts against the same budget; another reader has their own.
    expect((await call('POST', '/api/reading-list', { cookie: busy.cookie, body: { bookId: 1 } })).status).toBe(429);
    expect((await rate('POST', 'dune', calm.cookie, { rating: 3 })).status).toBe(200);
    // Reads are not limited.
    expect((await call('GET', '/api/books/dune/modal-data', { cookie: busy.cookie })).status).toBe(200);
  });
});

describe('a write checks the session in its own statement', () => {
  it('refuses a signed-out or outdated session with 401 (ratings and the reading list), writes nothing and counts nothing against the limit', async () => {
    const [signedOut, outdated] = [await createReader(server.url()), await createReader(server.url())];
    await withBook('ratings-dead-session', async (bookId) => {
      for (const reader of [signedOut, outdated]) expect((await rate('POST', bookId, reader.cookie, { rating: 2 })).status).toBe(200);
      expect((await call('POST', '/api/logout', { cookie: signedOut.cookie })).status).toBeLessThan(400);
      await (await getDb()).execute(sql`UPDATE users SET token_version = token_version + 1 WHERE id = ${outdated.id}`);
      const counters = async () =>
        (await (await getDb()).execute(sql`SELECT key, count FROM rate_limits WHERE key IN (${`readerWrite:user:${signedOut.id}`}, ${`readerWrite:user:${outdated.id}`}) ORDER BY key`)).rows;
      const before = await counters();
      for (const reader of [signedOut, outdated]) {
        expect(errorOf(await rate('PUT', bookId, reader.cookie, { rating: 5, review: 'Should not land' }), 401).code).toBe('UNAUTHENTICATED');
        expect(errorOf(await call('DELETE', `/api/books/${bookId}/ratings`, { cookie: reader.cookie }), 401).code).toBe('UNAUTHENTICATED');
        expect(errorOf(await call('POST', '/api/reading-list', { cookie: reader.cookie, body: { bookId } }), 401).code).toBe('UNAUTHENTICATED');
        expect(errorOf(await call('PATCH', `/api/reading-list/${bookId}`, { cookie: reader.cookie, body: { status: 'read' } }), 401).code).toBe('UNAUTHENTICATED');
        expect(errorOf(await call('DELETE', `/api/reading-list/${bookId}`, { cookie: reader.cookie }), 401).code).toBe('UNAUTHENTICATED');
      }
      expect((await (await getDb()).execute(sql`SELECT count(*)::int AS n FROM reading_list WHERE book_id = ${bookId}`)).rows[0]).toEqual({ n: 0 });
      expect(await counters()).toEqual(before);
      const stored = await (await getDb()).execute(sql`SELECT rating, review FROM ratings WHERE book_id = ${bookId} ORDER BY user_id`);
      expect(stored.rows).toEqual([{ rating: 2, review: null }, { rating: 2, review: null }]);
    });
  });
});

describe('the summary a write answers', () => {
  it('equals the summary read afterwards, for new, changed, unchanged and removed ratings of books and authors', async () => {
    const readers = [await createReader(server.url()), await createReader(server.url()), await createReader(server.url())];
    await withBook('ratings-summary-answers', async (bookId) => {
      const author = (await (await getDb()).execute(sql`SELECT id FROM authors ORDER BY id LIMIT 1 OFFSET 3`)).rows[0] as { id: number };
      for (const path of [`/api/books/${bookId}/ratings`, `/api/authors/${author.id}/reviews`]) {
        const read = async () => {
          const reviewsPath = path.endsWith('/ratings') ? `/api/books/${bookId}/reviews` : path;
          return (await reviews(reviewsPath)).summary;
        };
        const steps: [number, number | null][] = [[0, 4], [1, 5], [2, 1], [0, 2], [0, 2], [1, null], [2, 3], [2, null], [0, null]];
        for (const [who, rating] of steps) {
          const cookie = readers[who]!.cookie;
          const answer = rating === null ? await call('DELETE', path, { cookie }) : await call('PUT', path, { cookie, body: { rating, review: `Step ${who} ${rating}` } });
          if (rating === null) {
            expect(answer.status).toBe(204);
          } else {
            expect(dataOf(answer, RatingResultSchema).summary).toEqual(await read());
          }
        }
        expect(await read()).toEqual({ average: null, count: 0 });
      }
    });
  });
});
