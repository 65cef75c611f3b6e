/**
 * The catalogue's own recommender (issue 15 points 3 and 6) against the seeded test database: the
 * real catalogue, real readers' ratings and lists written as the reader API writes them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedConnection, getDb, type Database } from '../../db/client.ts';
import { createUser } from '../../db/queries/accounts.ts';
import { recommendBooks, similarBooks, type RecommendAnswer, type Recommendation } from '../../db/queries/recommend.ts';

let db: Database;
const ids = new Map<string, number>();
const readers: string[] = [];
const id = (slug: string) => {
  const value = ids.get(slug);
  if (value === undefined) throw new Error(`No book ${slug} in the seed`);
  return value;
};
const slugs = (books: Recommendation[]) => books.map((b) => b.slug);

async function newReader(): Promise<string> {
  const row = await createUser(db, { email: `recommend-${Date.now()}-${readers.length}@example.org`, passwordHash: 'x', language: 'en', verified: true });
  if (!row) throw new Error('reader not created');
  readers.push(row.id);
  return row.id;
}

/** The contract B's chat relies on: every field present and typed, limits kept. */
function expectWellFormed(answer: RecommendAnswer, limit = 5) {
  expect(Array.isArray(answer.recognized)).toBe(true);
  expect(answer.books.length).toBeLessThanOrEqual(limit);
  for (const book of answer.books) {
    expect(book).toEqual({
      bookId: expect.any(Number),
      slug: expect.stringMatching(/^[a-z0-9-]+$/),
      title: expect.any(String),
      authors: expect.any(Array),
      explanation: expect.any(String),
      score: expect.any(Number),
    });
    expect(book.explanation.length).toBeGreaterThan(0);
  }
  expect(new Set(answer.books.map((b) => b.bookId)).size).toBe(answer.books.length);
}

beforeAll(async () => {
  db = await getDb();
  const rows = (await db.execute(sql`SELECT slug, id FROM books`)).rows as { slug: string; id: number }[];
  for (const row of rows) ids.set(row.slug, row.id);
});

afterAll(async () => {
  // Deleting the readers removes their ratings and list entries (and the trigger-kept counters follow).
  if (readers.length > 0) await db.execute(sql`DELETE FROM users WHERE id = ANY(${`{${readers.join(',')}}`}::uuid[])`);
  await closeSharedConnection();
});

describe('recommendBooks: what the reader names', () => {
  it('"something like Hyperion but shorter" recommends its sequels and its 1990 shortlist neighbours, never Hyperion itself', async () => {
    const answer = await recommendBooks(db, { text: 'something like Hyperion but shorter', locale: 'en', userId: null, limit: 10 });
    expectWellFormed(answer, 10);
    expect(answer.recognized).toEqual([{ kind: 'book', id: id('hyperion'), slug: 'hyperion', name: 'Hyperion' }]);
    expect(slugs(answer.books)).not.toContain('hyperion');
    expect(answer.books[0]).toMatchObject({ slug: 'the-fall-of-hyperion', title: 'The Fall of Hyperion', authors: ['Dan Simmons'] });
    expect(answer.books[0]!.explanation).toBe('Next in Hyperion Cantos after Hyperion; also science fiction');
    expect(slugs(answer.books).slice(1, 3)).toEqual(['endymion', 'the-rise-of-endymion']);

    const shortlist = (await db.execute(sql`
      SELECT DISTINCT o.book_id AS id FROM book_awards h JOIN book_awards o ON o.award_id = h.award_id AND o.category_id = h.category_id AND o.year = h.year
      WHERE h.book_id = ${id('hyperion')} AND h.year = 1990 AND o.book_id <> h.book_id`)).rows.map((r) => (r as { id: number }).id);
    const neighbours = answer.books.filter((b) => shortlist.includes(b.bookId));
    expect(neighbours.length).toBeGreaterThanOrEqual(3);
    // A neighbour by Dan Simmons himself is explained by its author, the stronger reason.
    expect(neighbours.filter((b) => /^(Shortlisted for|Won) the 1990 (Hugo|Locus) Award.*Hyperion/.test(b.explanation)).length).toBeGreaterThanOrEqual(2);
  });

  it('recognizes a German edition title and answers in German, with German titles', async () => {
    const answer = await recommendBooks(db, { text: 'Ich mochte Die linke Hand der Dunkelheit, was noch?', locale: 'de', userId: null });
    expectWellFormed(answer);
    expect(answer.recognized).toEqual([{ kind: 'book', id: id('the-left-hand-of-darkness'), slug: 'the-left-hand-of-darkness', name: 'Die linke Hand der Dunkelheit' }]);
    expect(slugs(answer.books)).not.toContain('the-left-hand-of-darkness');
    expect(answer.books.find((b) => b.slug === 'the-dispossessed')).toMatchObject({
      title: 'Die Enteigneten',
      explanation: 'Ebenfalls von Ursula K. Le Guin, wie Die linke Hand der Dunkelheit; ebenfalls Science-Fiction',
    });
    expect(answer.books.filter((b) => /für den (Hugo|Nebula) Award 1970 nominiert/.test(b.explanation)).length).toBeGreaterThanOrEqual(2);
  });

  it('recognizes a mistyped German title through the typeahead search', async () => {
    const answer = await recommendBooks(db, { text: 'Ich mochte Die linke Hand der Dunkelhiet, was noch?', locale: 'de', userId: null });
    expect(answer.recognized.map((e) => e.slug)).toEqual(['the-left-hand-of-darkness']);
    expect(answer.books.length).toBe(5);
  });

  it('recognizes Italian requests: "qualcosa come Dune" and an Italian edition title', async () => {
    const dune = await recommendBooks(db, { text: 'qualcosa come Dune', locale: 'it', userId: null });
    expectWellFormed(dune);
    expect(dune.recognized.map((e) => [e.kind, e.slug])).toEqual([['book', 'dune']]);
    // Dune Messiah is not in the seed: Children of Dune is the next volume the catalogue has.
    expect(dune.books[0]).toMatchObject({ slug: 'children-of-dune', explanation: 'Il volume successivo a Dune in Dune Chronicles; anche fantascienza' });

    const tenebre = await recommendBooks(db, { text: 'mi è piaciuto La mano sinistra delle tenebre, cosa leggo dopo?', locale: 'it', userId: null });
    expect(tenebre.recognized).toEqual([{ kind: 'book', id: id('the-left-hand-of-darkness'), slug: 'the-left-hand-of-darkness', name: 'La mano sinistra delle tenebre' }]);
    expect(tenebre.books.some((b) => /^Candidato al Premio (Hugo|Nebula) 1970 insieme a La mano sinistra delle tenebre/.test(b.explanation))).toBe(true);
  });

  it('recognizes an author, a genre and an award named in words', async () => {
    const answer = await recommendBooks(db, { text: 'Hugo winners by Ursula K. Le Guin', locale: 'en', userId: null, limit: 3 });
    expect(answer.recognized.map((e) => [e.kind, e.slug])).toEqual([
      ['award', 'hugo'],
      ['author', 'ursula-k-le-guin'],
    ]);
    expect(answer.books.slice(0, 2).every((b) => b.authors.includes('Ursula K. Le Guin'))).toBe(true);

    const horror = await recommendBooks(db, { text: 'a good horror novel please', locale: 'en', userId: null });
    expect(horror.recognized.map((e) => [e.kind, e.slug])).toEqual([['genre', 'horror']]);
    expect(horror.books.length).toBe(5);
    const horrorIds = (await db.execute(sql`SELECT bg.book_id AS id FROM book_genres bg JOIN genres g ON g.id = bg.genre_id WHERE g.slug = 'horror'`)).rows.map((r) => (r as { id: number }).id);
    for (const book of horror.books) expect(horrorIds).toContain(book.bookId);
  });

  it('answers text that names nothing with an empty but valid answer', async () => {
    for (const text of ['zxqv wprt blorf', 'What should I read next?', '', '?!']) {
      const answer = await recommendBooks(db, { text, locale: 'en', userId: null });
      expect(answer, text).toEqual({ recognized: [], books: [], unmetHints: [] });
    }
  });
});

describe('what the reader read, listed or rated is never recommended', () => {
  it('leaves out rated and listed books, in recommendBooks and similarBooks', async () => {
    const reader = await newReader();
    await db.execute(sql`INSERT INTO ratings (user_id, book_id, rating) VALUES (${reader}::uuid, ${id('the-fall-of-hyperion')}, 5)`);
    await db.execute(sql`INSERT INTO reading_list (user_id, book_id, status) VALUES (${reader}::uuid, ${id('endymion')}, 'to_read'), (${reader}::uuid, ${id('the-boat-of-a-million-years')}, 'read')`);
    const answer = await recommendBooks(db, { text: 'something like Hyperion', locale: 'en', userId: reader, limit: 10 });
    expectWellFormed(answer, 10);
    expect(answer.books.length).toBe(10);
    for (const slug of ['hyperion', 'the-fall-of-hyperion', 'endymion', 'the-boat-of-a-million-years']) expect(slugs(answer.books)).not.toContain(slug);
    expect(slugs(answer.books)).toContain('the-rise-of-endymion');

    const similar = await similarBooks(db, id('hyperion'), { locale: 'en', userId: reader, limit: 10 });
    expect(similar.length).toBe(10);
    for (const slug of ['hyperion', 'the-fall-of-hyperion', 'endymion', 'the-boat-of-a-million-years']) expect(slugs(similar)).not.toContain(slug);
    // Another reader gets them.
    expect(slugs(await similarBooks(db, id('hyperion'), { locale: 'en', userId: null, limit: 3 }))).toContain('the-fall-of-hyperion');
  });
});

describe('similarBooks', () => {
  it('puts the next in the series first, names it in the reader language, and never the book itself', async () => {
    const books = await similarBooks(db, id('the-fall-of-hyperion'), { locale: 'de', userId: null });
    expect(books.length).toBe(5);
    expect(books[0]).toMatchObject({ slug: 'endymion', explanation: 'Der nächste Band von Hyperion Cantos nach Der Sturz von Hyperion; ebenfalls Science-Fiction' });
    expect(slugs(books)).not.toContain('the-fall-of-hyperion');
    expect(books.map((b) => b.score)).toEqual([...books.map((b) => b.score)].sort((a, b) => b - a));
  });

  it('recommends what readers who liked a book also liked (co-ratings), with the count', async () => {
    // A book of this test's own: other test files rate the catalogue's books (Dune above all), and
    // their ratings would weigh against these three readers' in the co-rating score.
    const seed = (await db.execute(sql`INSERT INTO books (slug, original_title, original_language) VALUES ('co-rating-seed-book', 'Co-Rating Seed', 'en') RETURNING id`)).rows[0] as { id: number };
    try {
      const liked = id('a-deadly-education'); // a 2020 fantasy: nothing else in common with the seed book
      for (let i = 0; i < 3; i++) {
        const reader = await newReader();
        await db.execute(sql`INSERT INTO ratings (user_id, book_id, rating) VALUES (${reader}::uuid, ${seed.id}, 5), (${reader}::uuid, ${liked}, 4)`);
      }
      const books = await similarBooks(db, seed.id, { locale: 'en', userId: null, limit: 10 });
      expect(books.find((b) => b.bookId === liked)?.explanation).toBe('3 readers who liked Co-Rating Seed liked this too');
      // A reader's own likes are excluded for that reader.
      expect(slugs(await similarBooks(db, seed.id, { locale: 'en', userId: readers.at(-1)!, limit: 10 }))).not.toContain('a-deadly-education');
    } finally {
      await db.execute(sql`DELETE FROM books WHERE id = ${seed.id}`);
    }
  });

  it('answers an unknown book with nothing', async () => {
    expect(await similarBooks(db, 2_000_000_000, { locale: 'en', userId: null })).toEqual([]);
    expect(await similarBooks(db, -1, { locale: 'en', userId: null })).toEqual([]);
  });
});

describe('recommendBooks: what the explanations and hints say (issue 29 point 21)', () => {
  it('says a tie as the catalogue has it: Dune and This Immortal shared the 1966 Hugo', async () => {
    const answer = await recommendBooks(db, { text: 'something like Dune', locale: 'en', userId: null, limit: 10 });
    expect(answer.books.find((b) => b.slug === 'this-immortal')?.explanation).toBe('Shared the 1966 Hugo Award with Dune; also science fiction');
    // Never "…, for which Dune was shortlisted too" for a year Dune won.
    expect(answer.books.filter((b) => /1966 (Hugo|Nebula) Award, for which Dune was shortlisted/.test(b.explanation))).toEqual([]);
    const german = await recommendBooks(db, { text: 'etwas wie Dune', locale: 'de', userId: null, limit: 10 });
    expect(german.books.find((b) => b.slug === 'this-immortal')?.explanation).toMatch(/^Teilte sich den Hugo Award 1966 mit /);
  });

  it('gives each book of a named author a fact of its own, not only the author asked for', async () => {
    const answer = await recommendBooks(db, { text: 'books by Le Guin', locale: 'en', userId: null, limit: 10 });
    expect(answer.books.length).toBe(10);
    for (const book of answer.books) expect(book.explanation).toMatch(/^By Ursula K\. Le Guin; (won|shortlisted for) the \d{4} /);
    expect(answer.books.find((b) => b.slug === 'the-left-hand-of-darkness')?.explanation).toBe('By Ursula K. Le Guin; won the 1970 Hugo Award');
    const italian = await recommendBooks(db, { text: 'libri di Le Guin', locale: 'it', userId: null, limit: 3 });
    for (const book of italian.books) expect(book.explanation).toMatch(/^Di Ursula K\. Le Guin; (ha vinto il|candidato al) /);
  });

  it('reads the year beside a named award: "the 1966 Hugo" is that year\'s list, winners first', async () => {
    const answer = await recommendBooks(db, { text: 'the 1966 Hugo', locale: 'en', userId: null, limit: 10 });
    const list = (await db.execute(sql`SELECT b.slug FROM book_awards ba JOIN books b ON b.id = ba.book_id JOIN awards a ON a.id = ba.award_id WHERE a.slug = 'hugo' AND ba.year = 1966`)).rows.map((r) => (r as { slug: string }).slug);
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(slugs(answer.books).slice(0, list.length).sort()).toEqual([...list].sort());
    expect(slugs(answer.books).slice(0, 2).sort()).toEqual(['dune', 'this-immortal']);
  });

  it('says "shorter" could not be followed without page counts, and follows it once editions have them', async () => {
    const without = await recommendBooks(db, { text: 'something like Hyperion but shorter', locale: 'en', userId: null, limit: 10 });
    expect(without.unmetHints).toEqual(['shorter']);
    expect((await recommendBooks(db, { text: 'something like Hyperion', locale: 'en', userId: null })).unmetHints).toEqual([]);

    const pages = { hyperion: 482, 'prentice-alvin': 342, 'the-boat-of-a-million-years': 668 } as const;
    const score = (answer: RecommendAnswer, slug: string) => answer.books.find((b) => b.slug === slug)?.score ?? Number.NaN;
    try {
      for (const [slug, count] of Object.entries(pages)) await db.execute(sql`UPDATE editions SET pages = ${count} WHERE book_id = ${id(slug)}`);
      const shorter = await recommendBooks(db, { text: 'something like Hyperion but shorter', locale: 'en', userId: null, limit: 10 });
      const plain = await recommendBooks(db, { text: 'something like Hyperion', locale: 'en', userId: null, limit: 10 });
      expect(shorter.unmetHints).toEqual([]);
      expect(score(shorter, 'prentice-alvin') - score(plain, 'prentice-alvin')).toBeCloseTo(1, 2);
      expect(score(shorter, 'the-boat-of-a-million-years') - score(plain, 'the-boat-of-a-million-years')).toBeCloseTo(-1, 2);
    } finally {
      await db.execute(sql`UPDATE editions SET pages = NULL WHERE book_id = ANY(${`{${Object.keys(pages).map(id).join(',')}}`}::int[])`);
    }
  });
});
