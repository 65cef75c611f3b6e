import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connect, getDb } from '../../../db/client.ts';
import { loadModalLive } from '../../../db/queries/reader/modal-data.ts';
import { ModalDataSchema, RatingResultSchema, ReadingListEntrySchema } from '../../../src/domain/schemas/reader.ts';
import { bookIds, createBook, createReader, dataOf, errorOf, serveForTests } from '../../support/readers.ts';

const server = serveForTests();
const call = server.call;

const modal = async (ref: string | number, options: { lang?: string; cookie?: string } = {}) => dataOf(await call('GET', `/api/books/${ref}/modal-data`, options), ModalDataSchema);

describe('GET /api/books/{id}/modal-data, signed out', () => {
  it('answers the whole pop-up for Dune in the shape of ModalDataSchema, with no personal data', async () => {
    const data = await modal('dune');
    expect(data.book).toMatchObject({ slug: 'dune', title: 'Dune', originalTitle: 'Dune', publicationYear: 1965, publisher: 'Chilton Company' });
    expect(data.book.authors.map((a) => a.name)).toEqual(['Frank Herbert']);
    expect(data.author).toMatchObject({ name: 'Frank Herbert', slug: data.book.authors[0]!.slug });
    expect(data.book.genres).toContainEqual(expect.objectContaining({ canonicalName: 'Science Fiction', name: 'Science Fiction', category: 'science_fiction' }));
    expect(data.book.allSeries).toContainEqual(expect.objectContaining({ position: 1 }));
    expect(data.book.editions.map((e) => e.title)).toEqual(expect.arrayContaining(['Dune', 'Der Wüstenplanet']));
    expect(data.book.editions[0]).toMatchObject({ isPrimaryEdition: true });
    expect(data.book.awards).toContainEqual(expect.objectContaining({ awardName: 'Hugo Award', category: 'Best Novel', year: 1966, isWinner: true, asTitle: null }));
    expect(data.book.awards).toContainEqual(expect.objectContaining({ awardName: 'Hugo Award', year: 1964, isWinner: false, asTitle: 'Dune World' }));
    expect(data.book.description).toMatch(/\S/);
    expect(data).toMatchObject({ isInReadingList: false, readingStatus: null, userRating: null, userReview: null });
  });

  it('answers the same for the numeric id as for the slug', async () => {
    const bySlug = await modal('dune');
    expect(await modal(bySlug.book.id)).toEqual(bySlug);
  });

  it('is private and never stored by a shared cache', async () => {
    const res = await call('GET', '/api/books/dune/modal-data');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('localized by Accept-Language', () => {
  it('gives Dune its German title, genre, award and category names and synopsis in de', async () => {
    const [en, de] = [await modal('dune', { lang: 'en' }), await modal('dune', { lang: 'de-DE,de;q=0.9' })];
    expect(de.book.title).toBe('Der Wüstenplanet');
    expect(de.book.originalTitle).toBe('Dune');
    expect(de.book.genres).toContainEqual(expect.objectContaining({ name: 'Science-Fiction', canonicalName: 'Science Fiction' }));
    expect(de.book.awards).toContainEqual(expect.objectContaining({ awardName: 'Hugo Award', category: 'Bester Roman', year: 1966 }));
    expect(de.book.description).not.toBe(en.book.description);
    expect(de.book.description).toMatch(/Arrakis/);
  });

  it('keeps the original title in it where no Italian edition exists, and uses the Italian one where it does', async () => {
    const dune = await modal('dune', { lang: 'it' });
    expect(dune.book.title).toBe('Dune');
    expect(dune.book.genres).toContainEqual(expect.objectContaining({ name: 'Fantascienza' }));
    expect(dune.book.awards).toContainEqual(expect.objectContaining({ awardName: 'Premio Hugo', category: 'Miglior romanzo' }));
    expect((await modal('the-left-hand-of-darkness', { lang: 'it' })).book.title).toBe('La mano sinistra delle tenebre');
  });
});

describe('the first author (spec §2: image and bio cut at 400 characters plus ...)', () => {
  it('cuts a long localized bio at 400 characters and appends ...; a short one stays whole; English is the fallback', async () => {
    const db = await getDb();
    const [author] = (await db.execute(sql`
      INSERT INTO authors (slug, name, sort_name, bio, profile_image_url)
      VALUES ('modal-test-author', 'Modal Test Author', 'Author, Modal Test',
              ${JSON.stringify({ en: `## Introduction\n\n**Born** on a [moon](https://example.org). ${'word '.repeat(120)}`, de: 'Kurz.' })}::jsonb,
              'https://example.org/a.jpg')
      RETURNING id`)).rows as { id: number }[];
    const [book] = (await db.execute(sql`INSERT INTO books (slug, original_title, original_language) VALUES ('modal-test-book', 'Modal Test Book', 'en') RETURNING id`)).rows as { id: number }[];
    await db.execute(sql`INSERT INTO book_authors (book_id, author_id, position) VALUES (${book!.id}, ${author!.id}, 0)`);
    try {
      const en = await modal('modal-test-book');
      expect(en.author).toMatchObject({ name: 'Modal Test Author', profileImageUrl: 'https://example.org/a.jpg' });
      // Plain text (heading, emphasis and link markup gone), then exactly 400 characters and '...'.
      expect(en.author!.bio).toHaveLength(403);
      expect(en.author!.bio!.startsWith('Born on a moon. word word')).toBe(true);
      expect(en.author!.bio!.endsWith('...')).toBe(true);
      expect((await modal('modal-test-book', { lang: 'de' })).author!.bio).toBe('Kurz.');
      expect((await modal('modal-test-book', { lang: 'it' })).author!.bio).toBe(en.author!.bio);
      expect(en.book).toMatchObject({ description: null, editions: [], genres: [], allSeries: [], awards: [] });
      expect(en.ratings).toEqual({ average: null, count: 0, reviews: [] });
    } finally {
      await db.execute(sql`DELETE FROM books WHERE id = ${book!.id}`);
      await db.execute(sql`DELETE FROM authors WHERE id = ${author!.id}`);
    }
  });
});

describe('the signed-in reader', () => {
  it('sees their own rating, review and list status, and nobody else sees them', async () => {
    const ids = await bookIds(['neuromancer']);
    const neuromancer = ids.get('neuromancer')!;
    const [reader, other] = [await createReader(server.url(), { firstName: 'William', lastName: 'Gibson' }), await createReader(server.url())];
    dataOf(await call('PUT', `/api/books/${neuromancer}/ratings`, { cookie: reader.cookie, body: { rating: 4, review: 'Cyberspace!' } }), RatingResultSchema);
    dataOf(await call('POST', '/api/reading-list', { cookie: reader.cookie, body: { bookId: neuromancer, status: 'reading' } }), ReadingListEntrySchema, 201);

    const mine = await modal('neuromancer', { cookie: reader.cookie });
    expect(mine).toMatchObject({ isInReadingList: true, readingStatus: 'reading', userRating: 4, userReview: 'Cyberspace!' });
    expect(mine.ratings.reviews[0]).toMatchObject({ userId: reader.id, displayName: 'William Gibson', rating: 4, review: 'Cyberspace!' });

    const theirs = await modal('neuromancer', { cookie: other.cookie });
    expect(theirs).toMatchObject({ isInReadingList: false, readingStatus: null, userRating: null, userReview: null });
    const anonymous = await modal('neuromancer');
    expect(anonymous).toMatchObject({ isInReadingList: false, userRating: null });
    // The public part is the same for everyone: the review shows for all, the counts agree.
    expect(theirs.ratings).toEqual(mine.ratings);
    expect(anonymous.ratings).toEqual(mine.ratings);
  });

  it('reads an ended or outdated session as signed out (the live query checks the session itself)', async () => {
    const ids = await bookIds(['neuromancer']);
    const neuromancer = ids.get('neuromancer')!;
    const [signedOut, outdated] = [await createReader(server.url()), await createReader(server.url())];
    for (const reader of [signedOut, outdated]) {
      dataOf(await call('POST', `/api/books/${neuromancer}/ratings`, { cookie: reader.cookie, body: { rating: 5 } }), RatingResultSchema);
      expect(await modal(neuromancer, { cookie: reader.cookie })).toMatchObject({ userRating: 5 });
    }
    // Signing out revokes the session row; a password or role change bumps the token version.
    expect((await call('POST', '/api/logout', { cookie: signedOut.cookie })).status).toBeLessThan(400);
    await (await getDb()).execute(sql`UPDATE users SET token_version = token_version + 1 WHERE id = ${outdated.id}`);
    for (const reader of [signedOut, outdated]) {
      expect(await modal(neuromancer, { cookie: reader.cookie })).toMatchObject({ isInReadingList: false, userRating: null, userReview: null });
    }
  });

  it('shows at most the two newest reviews with text, and the summary of all ratings', async () => {
    const book = await createBook('modal-test-reviews');
    try {
      const readers = await Promise.all([0, 1, 2, 3].map((n) => createReader(server.url(), { firstName: `Reader${n}` })));
      for (const [n, reader] of readers.entries()) {
        const body = n === 3 ? { rating: 2 } : { rating: 5 - n, review: `Review ${n}` };
        dataOf(await call('PUT', `/api/books/${book.id}/ratings`, { cookie: reader.cookie, body }), RatingResultSchema);
      }
      const data = await modal(book.id);
      // Newest first, text only: the fourth rating has no review.
      expect(data.ratings.reviews.map((r) => [r.displayName, r.review])).toEqual([
        ['Reader2', 'Review 2'],
        ['Reader1', 'Review 1'],
      ]);
      // (5 + 4 + 3 + 2) / 4
      expect(data.ratings).toMatchObject({ count: 4, average: 3.5 });
    } finally {
      await book.remove();
    }
  });
});

describe('bad references', () => {
  it('answers a localized 404 for an unknown book and for an id beyond the integer column', async () => {
    for (const ref of ['no-such-book-anywhere', '2147483648', '9999999999']) {
      const error = errorOf(await call('GET', `/api/books/${ref}/modal-data`, { lang: 'de' }), 404);
      expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'Buch nicht gefunden.' });
    }
  });

  it('answers a localized 400 for a malformed reference, never a 500', async () => {
    for (const ref of ['Dune!', '-1', 'a_b', 'du%20ne', 'a'.repeat(300)]) {
      const error = errorOf(await call('GET', `/api/books/${ref}/modal-data`, { lang: 'it' }), 400);
      expect(error.code).toBe('VALIDATION');
      expect(error.details?.[0]).toMatchObject({ path: 'id', key: 'validation.bookRef', message: 'ID o slug del libro non valido.' });
    }
  });
});

describe('the live statement is planned once per connection (issue 12 point 11)', () => {
  it('reuses a generic plan after the first executions instead of planning every pop-up afresh', async () => {
    // A book with many reviews, as popular books have: the costs of the generic and the custom plans
    // only part when the planner expects many reviews. Made in SQL, in one statement each.
    const db = await getDb();
    const book = await createBook('plan-cache-test-book');
    const emails = sql`'plan-cache-' || n || '@test.invalid'`;
    // One connection, so every execution and the view of its prepared statements below meet.
    const connection = connect(process.env.DATABASE_URL!, { max: 1 });
    try {
      await db.execute(sql`INSERT INTO users (email, password_hash, email_verified_at) SELECT ${emails}, 'x', now() FROM generate_series(1, 3000) n`);
      await db.execute(sql`INSERT INTO ratings (user_id, book_id, rating, review)
                           SELECT u.id, ${book.id}, 4, 'A review' FROM users u WHERE u.email LIKE 'plan-cache-%@test.invalid'`);
      await db.execute(sql`ANALYZE ratings`);
      for (let i = 0; i < 12; i++) expect((await loadModalLive(connection.db, book.id, null)).ratings.reviews).toHaveLength(2);
      const result = await connection.db.execute(sql`SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE 'modal_live%'`);
      const [plans] = result.rows as { generic_plans: number; custom_plans: number }[];
      // PostgreSQL tries five custom plans, then keeps the generic one when it is not costlier. With
      // LIMIT and OFFSET as parameters it guessed a tenth of the reviews and planned every time.
      expect(Number(plans!.custom_plans)).toBeLessThanOrEqual(5);
      expect(Number(plans!.generic_plans)).toBeGreaterThanOrEqual(7);
    } finally {
      await connection.close();
      await db.execute(sql`DELETE FROM users WHERE email LIKE 'plan-cache-%@test.invalid'`);
      await book.remove();
    }
  });
});
