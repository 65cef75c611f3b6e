import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { closeSharedConnection, getDb } from '../../db/client.ts';
import { loadCatalogueSnapshot } from '../../db/queries/catalogue.ts';
import { listBooks } from '../../db/queries/lists.ts';
import { books, editions } from '../../db/schema/index.ts';
import { localizedTitle } from '../../src/domain/catalogue-view.ts';
import { LOCALES } from '../../src/domain/enums.ts';
import { ErrorEnvelopeSchema, successEnvelope } from '../../src/domain/envelope.ts';
import { AuthorCardSchema, BookCardSchema, pageOf, SeriesCardSchema } from '../../src/domain/schemas/lists.ts';
import { startLocalServer, type LocalServer } from '../../scripts/local-server.ts';
import { purgeCdnTags } from '../../netlify/functions/_shared/cdn-purge.ts';
import { CATALOGUE_TAG } from '../../src/domain/cdn/cache-tags.ts';

const BooksPage = successEnvelope(pageOf(BookCardSchema));
const AuthorsPage = successEnvelope(pageOf(AuthorCardSchema));
const SeriesPage = successEnvelope(pageOf(SeriesCardSchema));
let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ trustTestClientIp: true });
});
afterAll(async () => {
  await server.close();
  await closeSharedConnection();
});
const get = async (path: string, lang = 'en') => fetch(`${server.url}${path}`, { headers: { 'accept-language': lang } });

describe('GET /api/books', () => {
  it('pages through all 3329 books newest first with an x-of-y total', async () => {
    const first = BooksPage.parse(await (await get('/api/books?limit=24')).json()).data;
    expect(first).toMatchObject({ total: 3329, offset: 0, limit: 24 });
    expect(first.items).toHaveLength(24);
    const years = first.items.map((b) => b.year ?? 0);
    expect([...years].sort((a, b) => b - a)).toEqual(years);
    const second = BooksPage.parse(await (await get('/api/books?limit=24&offset=24')).json()).data;
    expect(second.items.map((b) => b.id)).not.toContain(first.items[0]!.id);
  });

  it('filters by genre name and shows German titles sorted with the German alphabet', async () => {
    const page = BooksPage.parse(await (await get('/api/books?genre=Science%20Fiction&sort=title_desc&limit=60', 'de')).json()).data;
    expect(page.total).toBe(1550);
    expect(page.items.every((b) => b.genres.some((g) => g.slug === 'science-fiction'))).toBe(true);
    const dune = BooksPage.parse(await (await get('/api/books?sort=title_asc&limit=60&offset=0&genre=science-fiction', 'de')).json());
    expect(dune.data.total).toBe(1550);
    const all = [];
    for (let offset = 0; offset < 1550; offset += 60) {
      all.push(...BooksPage.parse(await (await get(`/api/books?sort=title_asc&limit=60&offset=${offset}&genre=science-fiction`, 'de')).json()).data.items);
    }
    const titles = all.map((b) => b.title);
    expect(titles).toContain('Der Wüstenplanet');
    // Initials in alphabetical order with umlauts folded onto their base letter (Ä with A, not after Z).
    const initials = titles.map((t) => t.normalize('NFD').charAt(0).toUpperCase()).filter((c) => /[A-Z]/.test(c));
    expect(initials).toEqual([...initials].sort());
    expect(titles.findIndex((t) => t.startsWith('Der Wüstenplanet'))).toBeLessThan(titles.findIndex((t) => t.startsWith('E')));
  });

  it('lists only rated books at or above a minimum rating (the seed has no ratings: readers add them)', async () => {
    const page = BooksPage.parse(await (await get('/api/books?minRating=4&limit=60')).json()).data;
    expect(page.items.every((book) => book.rating.count > 0 && book.rating.average !== null && book.rating.average >= 4)).toBe(true);
  });

  it('rejects bad parameters with a 400 envelope', async () => {
    for (const q of ['sort=best', 'limit=0', 'limit=1000', 'offset=-1', 'minRating=6', 'minRating=2.5', 'lang=fr', 'unknown=1']) {
      const res = await get(`/api/books?${q}`);
      expect(res.status, q).toBe(400);
      expect(ErrorEnvelopeSchema.parse(await res.json()).error.code).toBe('VALIDATION');
    }
  });
});

describe('GET /api/authors and /api/series', () => {
  it('sorts authors by most books', async () => {
    const page = AuthorsPage.parse(await (await get('/api/authors?sort=books&limit=3')).json()).data;
    expect(page.total).toBe(1234);
    expect(page.items[0]).toMatchObject({ name: 'C. J. Cherryh' });
    expect(page.items[0]!.bookCount).toBeGreaterThanOrEqual(page.items[1]!.bookCount);
  });

  it('filters series by book-count range and kind', async () => {
    const mid = SeriesPage.parse(await (await get('/api/series?size=4-10&sort=books&limit=60')).json()).data;
    expect(mid.items.every((s) => s.bookCount >= 4 && s.bookCount <= 10)).toBe(true);
    expect(mid.items.length).toBeGreaterThan(0);
    const publisher = SeriesPage.parse(await (await get('/api/series?kind=publisher_series')).json()).data;
    expect(publisher.total).toBe(0);
    expect((await get('/api/series?size=11-20')).status).toBe(400);
  });
});

describe('book titles in lists match the detail pages', () => {
  it('prefers the primary edition among two editions in the page language, as the book page does', async () => {
    const db = await getDb();
    const [book] = await db
      .insert(books)
      .values({ slug: 'lists-test-two-german-editions', originalTitle: 'Two Editions', originalLanguage: 'en', publicationYear: 2999 })
      .returning({ id: books.id });
    try {
      // The older German edition has the lower id; the newer one is the primary edition, so it must win.
      const edition = { bookId: book!.id, formatType: 'physical', isOriginalLanguage: false, editionType: 'international' } as const;
      await db.insert(editions).values([
        { ...edition, title: 'Two Editions', languageCode: 'en', languageName: 'English', isOriginalLanguage: true, editionType: 'original' },
        { ...edition, title: 'Der alte Titel', languageCode: 'de', languageName: 'Deutsch' },
        { ...edition, title: 'Der neue Titel', languageCode: 'de', languageName: 'Deutsch', isPrimaryEdition: true },
        { ...edition, title: 'Il titolo', languageCode: 'it-CH', languageName: 'Italiano' },
      ]);
      // Written to the database directly: purge the CDN's lists as an editor's write does (ADR 0032).
      await purgeCdnTags([CATALOGUE_TAG]);
      // The newest book (year 2999) comes first on /api/books, as on the list pages.
      const first = async (lang: string) => BooksPage.parse(await (await get('/api/books?limit=1', lang)).json()).data.items[0];
      expect(await first('de')).toMatchObject({ slug: 'lists-test-two-german-editions', title: 'Der neue Titel', originalTitle: 'Two Editions' });
      expect(await first('it')).toMatchObject({ title: 'Il titolo' });
      expect(await first('en')).toMatchObject({ title: 'Two Editions' });

      const detail = (await loadCatalogueSnapshot(db)).books.find((b) => b.id === book!.id)!;
      expect(localizedTitle(detail, 'de').title).toBe('Der neue Titel');

      // Renaming an edition moves the book in the German alphabet at once (book_titles follows by
      // trigger): "Ääa Anfang" sits between its neighbours by German collation (Ä with A).
      await db.update(editions).set({ title: 'Ääa Anfang' }).where(eq(editions.title, 'Der neue Titel'));
      const byTitle = (await listBooks(db, { sort: 'title_asc', offset: 0, limit: 100_000 }, 'de')).items;
      const at = byTitle.findIndex((b) => b.id === book!.id);
      expect(byTitle[at]!.title).toBe('Ääa Anfang');
      const german = new Intl.Collator('de');
      expect(german.compare(byTitle[at - 1]!.title, 'Ääa Anfang')).toBeLessThanOrEqual(0);
      expect(german.compare('Ääa Anfang', byTitle[at + 1]!.title)).toBeLessThanOrEqual(0);
      expect(byTitle[at + 1]!.title.normalize('NFD').charAt(0).toUpperCase()).toBe('A');
    } finally {
      await db.delete(books).where(eq(books.id, book!.id));
    }
  });

  it('keeps book_titles equal to a full recount through inserts, renames, moves and deletes of books and editions', async () => {
    const db = await getDb();
    // What rebuild_book_titles (migration 0005) makes from scratch, beside what the incremental triggers (0010) keep.
    const drift = async () =>
      (
        await db.execute(sql`
          WITH fresh AS (
            SELECT 'en' AS locale, id AS book_id, title, rank() OVER (ORDER BY title COLLATE "en-x-icu")::int AS title_rank
              FROM (SELECT b.id, localized_book_title(b.id, b.original_title, b.original_language, 'en') AS title FROM books b) t
            UNION ALL SELECT 'de', id, title, rank() OVER (ORDER BY title COLLATE "de-x-icu")::int
              FROM (SELECT b.id, localized_book_title(b.id, b.original_title, b.original_language, 'de') AS title FROM books b) t
            UNION ALL SELECT 'it', id, title, rank() OVER (ORDER BY title COLLATE "it-x-icu")::int
              FROM (SELECT b.id, localized_book_title(b.id, b.original_title, b.original_language, 'it') AS title FROM books b) t)
          SELECT count(*)::int AS n FROM (
            (SELECT locale, book_id, title, dense_rank() OVER (PARTITION BY locale ORDER BY title_rank)::int FROM book_titles
             EXCEPT SELECT locale, book_id, title, dense_rank() OVER (PARTITION BY locale ORDER BY title_rank)::int FROM fresh)
            UNION ALL
            (SELECT locale, book_id, title, dense_rank() OVER (PARTITION BY locale ORDER BY title_rank)::int FROM fresh
             EXCEPT SELECT locale, book_id, title, dense_rank() OVER (PARTITION BY locale ORDER BY title_rank)::int FROM book_titles)) d`)
      ).rows[0];
    const made = await db
      .insert(books)
      .values([
        { slug: 'lists-test-titles-a', originalTitle: 'Aaaa Erster', originalLanguage: 'en', publicationYear: 2998 },
        { slug: 'lists-test-titles-b', originalTitle: 'Zzzz Zweiter', originalLanguage: 'en', publicationYear: 2998 },
      ])
      .returning({ id: books.id });
    const [a, b] = made.map((m) => m.id);
    try {
      expect(await drift()).toEqual({ n: 0 });
      const edition = { formatType: 'physical', isOriginalLanguage: false, editionType: 'international', languageCode: 'de', languageName: 'Deutsch' } as const;
      const [de] = await db.insert(editions).values({ ...edition, bookId: a!, title: 'Ölkrise' }).returning({ id: editions.id });
      expect(await drift()).toEqual({ n: 0 });
      await db.update(editions).set({ title: 'Äpfel' }).where(eq(editions.id, de!.id));
      expect(await drift()).toEqual({ n: 0 });
      await db.update(editions).set({ bookId: b! }).where(eq(editions.id, de!.id));
      expect(await drift()).toEqual({ n: 0 });
      await db.update(books).set({ originalTitle: 'Mmmm Umbenannt' }).where(eq(books.id, a!));
      expect(await drift()).toEqual({ n: 0 });
      await db.delete(editions).where(eq(editions.id, de!.id));
      expect(await drift()).toEqual({ n: 0 });
      await db.delete(books).where(eq(books.id, a!));
      expect(await drift()).toEqual({ n: 0 });
    } finally {
      for (const id of [a, b]) await db.delete(books).where(eq(books.id, id!));
    }
  });

  it('gives every book the same title in every locale as its detail page', async () => {
    const db = await getDb();
    const snapshot = await loadCatalogueSnapshot(db);
    for (const locale of LOCALES) {
      const page = await listBooks(db, { sort: 'title_asc', offset: 0, limit: 100_000 }, locale);
      expect(page.items).toHaveLength(snapshot.books.length);
      const listed = new Map(page.items.map((b) => [b.id, b.title]));
      const mismatches = snapshot.books
        .filter((b) => listed.get(b.id) !== localizedTitle(b, locale).title)
        .map((b) => `${locale} ${b.slug}: list "${listed.get(b.id)}", page "${localizedTitle(b, locale).title}"`);
      expect(mismatches).toEqual([]);
    }
  });
});
