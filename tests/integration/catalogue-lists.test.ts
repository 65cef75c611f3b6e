/**
 * The list pages from the in-memory copy of the catalogue (issue 10; src/domain/catalogue-lists.ts)
 * against their reference, the SQL of db/queries/lists.ts, on the seeded catalogue with ratings and
 * author reviews added (averages that need rounding, ties, and a book with 3,000 ratings whose average
 * equals another's 10/3): for every sort,
 * filter and language and a spread of offsets (past the end too) both answers are the same JSON text.
 * Then, over HTTP with the version checked on every request (setup-env.ts: CATALOGUE_CHECK_MS=0), an
 * admin's renames and genre change, a rating and an author review show in the very next list answer,
 * again equal to the SQL's.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../db/client.ts';
import { listAuthors, listBooks, listSeries } from '../../db/queries/lists.ts';
import { readCatalogueSnapshot } from '../../db/queries/search-snapshot.ts';
import { CatalogueLists } from '../../src/domain/catalogue-lists.ts';
import { LOCALES, SERIES_KINDS, type Locale } from '../../src/domain/enums.ts';
import { SavedSchema } from '../../src/domain/schemas/editorial.ts';
import {
  AuthorListQuerySchema,
  BOOK_SORTS,
  BookListQuerySchema,
  PEOPLE_SORTS,
  SERIES_SIZES,
  SeriesListQuerySchema,
  type BookListQuery,
} from '../../src/domain/schemas/lists.ts';
import { editorForTests } from '../support/editorial.ts';
import { createReader, dataOf, serveForTests } from '../support/readers.ts';

const RATERS = 3_000;
const EMAIL = 'catalogue-lists-%@bench.invalid';

/** Raters inserted directly (no password use), deleted at the end with their ratings and reviews (cascade). */
async function addRatings(): Promise<void> {
  const db = await getDb();
  await db.execute(sql`
    INSERT INTO users (email, password_hash, email_verified_at)
    SELECT replace(${EMAIL}, '%', g::text), 'x', now() FROM generate_series(1, ${RATERS}) g`);
  // Rater n rates every book whose id mod 7 ≤ n mod 5 among the first ~600 books, 1-5 by a fixed rule:
  // many averages with .x5 ties, equal averages with different counts.
  await db.execute(sql`
    WITH raters AS (SELECT id, row_number() OVER (ORDER BY email)::int AS n FROM users WHERE email LIKE ${EMAIL}),
         some_books AS (SELECT id FROM books ORDER BY md5(slug) LIMIT 600)
    INSERT INTO ratings (user_id, book_id, rating)
    SELECT r.id, b.id, 1 + ((b.id * 7 + r.n * 3) % 5)
    FROM raters r JOIN some_books b ON r.n <= 1 + (b.id % 9)`);
  // 10/3 on one book, 10000/3000 on another: equal averages, so the one with more ratings sorts first.
  await db.execute(sql`
    WITH raters AS (SELECT id, row_number() OVER (ORDER BY email)::int AS n FROM users WHERE email LIKE ${EMAIL}),
         two AS (SELECT id, row_number() OVER (ORDER BY md5(slug) DESC)::int AS k FROM books WHERE id NOT IN (SELECT book_id FROM ratings) ORDER BY md5(slug) DESC LIMIT 2)
    INSERT INTO ratings (user_id, book_id, rating)
    SELECT r.id, t.id, CASE WHEN r.n % 3 = 0 THEN 4 ELSE 3 END
    FROM raters r JOIN two t ON (t.k = 1 AND r.n <= 3) OR (t.k = 2 AND r.n <= 3000)`);
  await db.execute(sql`
    WITH raters AS (SELECT id, row_number() OVER (ORDER BY email)::int AS n FROM users WHERE email LIKE ${EMAIL} ORDER BY email LIMIT 12),
         some_authors AS (SELECT id FROM authors ORDER BY md5(slug) LIMIT 300)
    INSERT INTO author_reviews (user_id, author_id, rating)
    SELECT r.id, a.id, 1 + ((a.id * 5 + r.n) % 5)
    FROM raters r JOIN some_authors a ON r.n <= 1 + (a.id % 6)`);
}

async function removeRatings(): Promise<void> {
  await (await getDb()).execute(sql`DELETE FROM users WHERE email LIKE ${EMAIL}`);
}

/** Offsets from the start, around page boundaries, near and past the end. */
function offsets(total: number): number[] {
  // The edges and a middle (the suite's time: each offset is a SQL list query of its own).
  return [...new Set([0, 97, Math.floor(total / 2), Math.max(0, total - 1), total, 1_000_000])];
}

describe('the in-memory lists answer what the SQL answers', () => {
  let lists: CatalogueLists;
  beforeAll(async () => {
    await removeRatings();
    await addRatings();
    lists = new CatalogueLists((await readCatalogueSnapshot(await getDb())).lists);
  }, 120_000);
  afterAll(removeRatings);

  const same = (what: string, mine: unknown, fromSql: unknown) => expect(JSON.stringify(mine), what).toBe(JSON.stringify(fromSql));

  it('for every book sort, genre and rating filter, language and offset', { timeout: 600_000 }, async () => {
    const db = await getDb();
    const genres = (await db.execute(sql`SELECT name, slug FROM genres ORDER BY id`)).rows as { name: string; slug: string }[];
    expect(genres.length).toBeGreaterThan(3);
    const genreFilters = [undefined, 'science-fiction', 'FANTASY', 'no-such-genre', ...genres.slice(0, 4).map((g) => g.name.toUpperCase()), ...genres.slice(4, 10).map((g) => g.slug)];
    let compared = 0;
    for (const locale of LOCALES) {
      for (const sort of BOOK_SORTS) {
        for (const [n, genre] of [...new Set(genreFilters)].entries()) {
          for (const minRating of [undefined, 1, 3, 4, 5]) {
            // Every genre with every minimum rating on the rating sort; elsewhere a sample.
            if (sort !== 'rating' && minRating !== undefined && n % 3 !== 0) continue;
            const base = BookListQuerySchema.parse({ sort, genre, minRating, limit: 24 });
            const total = (await listBooks(db, base, locale)).total;
            for (const offset of offsets(total)) {
              for (const limit of offset === 0 ? [24, 60, 1] : [24]) {
                const query: BookListQuery = { ...base, offset, limit };
                same(`books ${locale} ${JSON.stringify(query)}`, lists.books(query, locale), await listBooks(db, query, locale));
                compared++;
              }
            }
          }
        }
      }
    }
    console.log(`catalogue-lists: ${compared} book list queries compared`);
    expect(compared).toBeGreaterThan(800);
  });

  it('for every author and series sort, kind, size, language and offset', { timeout: 600_000 }, async () => {
    const db = await getDb();
    let compared = 0;
    for (const locale of LOCALES) {
      for (const sort of PEOPLE_SORTS) {
        const base = AuthorListQuerySchema.parse({ sort });
        for (const offset of offsets((await listAuthors(db, base, locale)).total)) {
          for (const limit of [24, 60]) {
            const query = { ...base, offset, limit };
            same(`authors ${locale} ${JSON.stringify(query)}`, lists.authors(query, locale), await listAuthors(db, query, locale));
            compared++;
          }
        }
        for (const kind of [undefined, ...SERIES_KINDS]) {
          for (const size of [undefined, ...SERIES_SIZES]) {
            const series = SeriesListQuerySchema.parse({ sort, kind, size });
            for (const offset of offsets((await listSeries(db, series, locale)).total)) {
              const query = { ...series, offset };
              same(`series ${locale} ${JSON.stringify(query)}`, lists.series(query, locale), await listSeries(db, query, locale));
              compared++;
            }
          }
        }
      }
    }
    console.log(`catalogue-lists: ${compared} author and series list queries compared`);
    expect(compared).toBeGreaterThan(500);
  });

  it('leaves to PostgreSQL the reading-list filter and genres beyond printable ASCII', () => {
    expect(lists.books(BookListQuerySchema.parse({ list: 'read' }), 'en')).toBeNull();
    expect(lists.books(BookListQuerySchema.parse({ genre: 'Science Fİction' }), 'en')).toBeNull();
    expect(lists.books(BookListQuerySchema.parse({ genre: 'Fantasy' }), 'en')).not.toBeNull();
  });

  it('the seeded ratings make the rating sorts meaningful (equal averages: more ratings first)', async () => {
    const top = lists.books(BookListQuerySchema.parse({ sort: 'rating', limit: 60 }), 'en')!;
    expect(top.items[0]!.rating.count).toBeGreaterThan(0);
    // 10/3 and 10000/3000 are the same numeric (3.3333333333333333): the tie goes to the count.
    const all = [];
    for (let offset = 0; ; offset += 60) {
      const page = lists.books(BookListQuerySchema.parse({ sort: 'rating', limit: 60, offset }), 'en')!;
      all.push(...page.items);
      if (page.items.length < 60) break;
    }
    const third = all.findIndex((b) => b.rating.count === 3 && b.rating.average === 3.3);
    const many = all.findIndex((b) => b.rating.count === 3000);
    expect(all[many]!.rating.average).toBe(3.3);
    expect(third).toBeGreaterThan(many);
    const page = lists.authors(AuthorListQuerySchema.parse({ sort: 'rating' }), 'de');
    expect(page.items[0]!.rating.average).not.toBeNull();
  });
});

describe('over HTTP, after a write', () => {
  const server = serveForTests();
  const editor = editorForTests(server);

  /** The data of a list answer as JSON text, and the SQL's answer to the same query. */
  async function bothBooks(query: Record<string, string | number>, locale: Locale) {
    const parsed = BookListQuerySchema.parse(query);
    const params = new URLSearchParams(Object.entries({ ...query, lang: locale }).map(([k, v]) => [k, String(v)]));
    const answer = await server.call('GET', `/api/books?${params}`);
    expect(answer.status).toBe(200);
    return { served: JSON.stringify((answer.json as { data: unknown }).data), sql: JSON.stringify(await listBooks(await getDb(), parsed, locale)) };
  }
  async function bothAuthors(query: Record<string, string | number>, locale: Locale) {
    const parsed = AuthorListQuerySchema.parse(query);
    const params = new URLSearchParams(Object.entries({ ...query, lang: locale }).map(([k, v]) => [k, String(v)]));
    const answer = await server.call('GET', `/api/authors?${params}`);
    expect(answer.status).toBe(200);
    return { served: JSON.stringify((answer.json as { data: unknown }).data), sql: JSON.stringify(await listAuthors(await getDb(), parsed, locale)) };
  }
  const itemsOf = (text: string) => (JSON.parse(text) as { items: { id: number; title?: string; name?: string; genres?: { slug: string }[]; rating: { average: number | null; count: number } }[] }).items;

  it("an admin's book rename, author rename and genre change show in the next list answer", async () => {
    const word = `Aaaa Qlst${Date.now().toString(36)}`;
    const author = dataOf(await server.call('POST', '/api/authors', { cookie: editor().cookie, body: { name: `${word} Author`, sortName: `Aaaa ${word}` } }), SavedSchema, 201);
    const book = dataOf(await server.call('POST', '/api/books', { cookie: editor().cookie, body: { title: `${word} Rising`, authorIds: [author.id], publicationYear: new Date().getUTCFullYear() + 5 } }), SavedSchema, 201);
    const newest = { sort: 'newest', limit: 5 };
    let both = await bothBooks(newest, 'de');
    expect(both.served).toBe(both.sql);
    expect(itemsOf(both.served)[0]).toMatchObject({ id: book.id, title: `${word} Rising` });

    dataOf(await server.call('PATCH', `/api/books/${book.id}`, { cookie: editor().cookie, body: { title: `${word} Fallen` } }), SavedSchema);
    both = await bothBooks(newest, 'de');
    expect(both.served).toBe(both.sql);
    expect(itemsOf(both.served)[0]).toMatchObject({ id: book.id, title: `${word} Fallen` });

    dataOf(await server.call('PATCH', `/api/authors/${author.id}`, { cookie: editor().cookie, body: { name: `${word} Renamed` } }), SavedSchema);
    both = await bothBooks(newest, 'it');
    expect(both.served).toBe(both.sql);
    expect(both.served).toContain(`${word} Renamed`);
    const authors = await bothAuthors({ sort: 'books', offset: 0, limit: 60 }, 'en');
    expect(authors.served).toBe(authors.sql);

    const genres = (await (await getDb()).execute(sql`SELECT id, slug FROM genres ORDER BY id LIMIT 2`)).rows as { id: number; slug: string }[];
    dataOf(await server.call('PATCH', `/api/books/${book.id}`, { cookie: editor().cookie, body: { genreIds: genres.map((g) => g.id) } }), SavedSchema);
    both = await bothBooks({ sort: 'newest', limit: 5, genre: genres[1]!.slug }, 'en');
    expect(both.served).toBe(both.sql);
    expect(itemsOf(both.served)[0]!.genres!.map((g) => g.slug)).toEqual(genres.map((g) => g.slug));

    expect((await server.call('DELETE', `/api/books/${book.id}`, { cookie: editor().cookie })).status).toBeLessThan(300);
    both = await bothBooks(newest, 'en');
    expect(both.served).toBe(both.sql);
    expect(itemsOf(both.served).map((i) => i.id)).not.toContain(book.id);
  });

  it('a rating and an author review show in the next list answer (popularity counters)', async () => {
    const word = `Qlsr${Date.now().toString(36)}`;
    const author = dataOf(await server.call('POST', '/api/authors', { cookie: editor().cookie, body: { name: `${word} Writer` } }), SavedSchema, 201);
    const book = dataOf(await server.call('POST', '/api/books', { cookie: editor().cookie, body: { title: `${word} Alpha`, authorIds: [author.id] } }), SavedSchema, 201);
    const reader = await createReader(server.url());
    const rated = await server.call('POST', `/api/books/${book.id}/ratings`, { cookie: reader.cookie, body: { rating: 5 } });
    expect(rated.status, JSON.stringify(rated.json)).toBeLessThan(300);
    const top = await bothBooks({ sort: 'rating', minRating: 5, limit: 60 }, 'en');
    expect(top.served).toBe(top.sql);
    expect(itemsOf(top.served).find((i) => i.id === book.id)?.rating).toEqual({ average: 5, count: 1 });

    const before = itemsOf((await bothAuthors({ sort: 'rating', limit: 60, offset: 0 }, 'en')).served).find((a) => a.id === author.id);
    expect(before).toBeUndefined();
    const reviewed = await server.call('PUT', `/api/authors/${author.id}/reviews`, { cookie: reader.cookie, body: { rating: 5 } });
    expect(reviewed.status, JSON.stringify(reviewed.json)).toBeLessThan(300);
    const authors = await bothAuthors({ sort: 'rating', limit: 60, offset: 0 }, 'en');
    expect(authors.served).toBe(authors.sql);
    expect(itemsOf(authors.served).find((a) => a.id === author.id)?.rating).toEqual({ average: 5, count: 1 });
  });
});
