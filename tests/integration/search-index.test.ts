/**
 * The in-memory search index (issue 10; src/domain/search-index.ts) against its reference, the SQL of
 * db/queries/search.ts, on the seeded catalogue: for ~450 queries of the kinds the typeahead sees
 * (prefixes of titles and names from one letter on, typos, umlauts, German and Italian words, LIKE
 * wildcards, punctuation) every one of the five searches answers exactly what PostgreSQL answers, in
 * every language, at the typeahead's caps and at the results page's limit. Then, over HTTP with the
 * version checked on every request (setup-env.ts: CATALOGUE_CHECK_MS=0), an admin's write and a
 * reader's rating show in the very next answer of the searches, the editions and the book list.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getDb } from '../../db/client.ts';
import { readCatalogueSnapshot } from '../../db/queries/search-snapshot.ts';
import { searchAuthors, searchAwards, searchBooks, searchGenres, searchSeries } from '../../db/queries/search.ts';
import { LOCALES } from '../../src/domain/enums.ts';
import { SavedSchema } from '../../src/domain/schemas/editorial.ts';
import { BookHitSchema } from '../../src/domain/schemas/search.ts';
import { SearchIndex } from '../../src/domain/search-index.ts';
import { isSearchable, normalizeSearchQuery } from '../../src/domain/search-query.ts';
import { editorForTests } from '../support/editorial.ts';
import { createReader, dataOf, serveForTests } from '../support/readers.ts';

/** A fixed pseudo-random sequence (mulberry32), so a failure repeats. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIXED = [
  'd', 'du', 'dune', 'wustenplanet', 'wüstenplanet', 'Wüstenplanet', 'foundaton', 'the left hand', 'citta', 'città', 'neuromancer', 'snow krash',
  'le guin', 'tchaikovksy', 'k', 'expanse', 'cul', 'fanta', 'hugo', 'the', 'ender', "ender's", 'enders game', 'asimov', 'lasswitz', 'laßwitz',
  'solaris', 'la mano sinistra', 'fantascienza', 'nebula', 'horror', 'science', 'locus', 'the city & the city', 'the city and the city',
  '100%', 'a_b', 'x\\y', '50% off', "'", 'l’uomo', 'ü', 'ö', 'æ', 'ø', 'Ł', 'ж', '東京', 'é', 'J.', 'j. r. r.', 'sci-fi', 'three-body',
  'wuestenplanet', 'hyperion', 'HYPERION', 'der', 'die', 'il', 'la', 'of', 'an', 'abc', 'xyz', 'zzzz', 'qqqqq', '1984', '2001', '451',
];

/** Queries as the bench asks them: prefixes of catalogue titles and names, and typos of them. */
async function queries(): Promise<string[]> {
  const db = await getDb();
  const terms = (
    await db.execute(sql`
      (SELECT original_title AS t FROM books ORDER BY md5(slug) LIMIT 120)
      UNION ALL (SELECT title FROM editions WHERE NOT is_original_language ORDER BY md5(title) LIMIT 40)
      UNION ALL (SELECT name FROM authors ORDER BY md5(slug) LIMIT 60)
      UNION ALL (SELECT name FROM series ORDER BY md5(slug) LIMIT 40)
      UNION ALL (SELECT name FROM genres ORDER BY md5(slug) LIMIT 10)
      UNION ALL (SELECT name FROM awards ORDER BY md5(slug) LIMIT 10)`)
  ).rows.map((r) => String(r.t));
  const r = prng(10);
  const out = new Set(FIXED);
  for (const term of terms) {
    const lower = r() < 0.7 ? term.toLowerCase() : term;
    out.add(lower.slice(0, 1 + Math.floor(r() * Math.min(lower.length, 14))));
    if (lower.length > 5) {
      // A typo: one letter dropped or two swapped.
      const at = 1 + Math.floor(r() * (Math.min(lower.length, 14) - 2));
      const typo = r() < 0.5 ? lower.slice(0, at) + lower.slice(at + 1) : lower.slice(0, at) + lower[at + 1] + lower[at] + lower.slice(at + 2);
      out.add(typo.slice(0, 14));
    }
  }
  return [...out].map((q) => normalizeSearchQuery(q)).filter((q): q is string => q !== null && isSearchable(q));
}

describe('the in-memory index answers what the SQL answers', () => {
  let index: SearchIndex;
  let list: string[];
  beforeAll(async () => {
    index = new SearchIndex((await readCatalogueSnapshot(await getDb())).snapshot);
    list = await queries();
  });

  it('for every query, search and language (and at the results page limit)', { timeout: 300_000 }, async () => {
    const db = await getDb();
    expect(list.length).toBeGreaterThan(350);
    let compared = 0;
    let fromIndex = 0;
    const check = async (what: string, fromSql: unknown[], mine: unknown[] | null) => {
      compared++;
      if (mine === null) return;
      fromIndex++;
      expect(JSON.stringify(mine), what).toBe(JSON.stringify(fromSql));
    };
    for (const [n, q] of list.entries()) {
      for (const locale of LOCALES) {
        await check(`books ${q} ${locale}`, await searchBooks(db, q, locale), index.search('books', q, locale));
        await check(`genres ${q} ${locale}`, await searchGenres(db, q, locale), index.search('genres', q, locale));
        await check(`awards ${q} ${locale}`, await searchAwards(db, q, locale), index.search('awards', q, locale));
      }
      await check(`authors ${q}`, await searchAuthors(db, q), index.search('authors', q, 'en'));
      await check(`series ${q}`, await searchSeries(db, q), index.search('series', q, 'en'));
      if (n % 10 === 0) {
        await check(`books ${q} limit 60`, await searchBooks(db, q, 'de', 60), index.search('books', q, 'de', 60));
        await check(`authors ${q} limit 60`, await searchAuthors(db, q, 'en', 60), index.search('authors', q, 'en', 60));
      }
    }
    // Only queries with characters outside the folding map go to PostgreSQL ('東京' here).
    expect(fromIndex / compared).toBeGreaterThan(0.99);
  });
});

describe('over HTTP, after a write', () => {
  const server = serveForTests();
  const editor = editorForTests(server);

  const hits = async (q: string) => dataOf(await server.call('GET', `/api/books/search?q=${encodeURIComponent(q)}&lang=en`), z.array(BookHitSchema));

  /** A book of the admin's with one edition titled `title` (the search finds books by their editions). */
  async function bookWithEdition(title: string, authorId: number) {
    const book = dataOf(await server.call('POST', '/api/books', { cookie: editor().cookie, body: { title, authorIds: [authorId] } }), SavedSchema, 201);
    const edition = dataOf(
      await server.call('POST', `/api/books/${book.id}/editions`, { cookie: editor().cookie, body: { title, languageCode: 'en', isOriginalLanguage: true } }),
      z.object({ id: z.number() }),
      201,
    );
    return { ...book, editionId: edition.id };
  }

  it("an admin's new edition, renames and a deleted book show in the next answer", async () => {
    const word = `Qzxv${Date.now().toString(36)}`;
    expect(await hits(word)).toEqual([]);
    const author = dataOf(await server.call('POST', '/api/authors', { cookie: editor().cookie, body: { name: `${word} Author` } }), SavedSchema, 201);
    const book = await bookWithEdition(`${word} Rising`, author.id);
    const before = dataOf(await server.call('GET', `/api/books/${book.id}/editions`), z.array(z.object({ title: z.string() })));
    expect(before.map((e) => e.title)).toEqual([`${word} Rising`]);
    expect((await hits(word)).map((h) => [h.title, h.authors.map((a) => a.name)])).toEqual([[`${word} Rising`, [`${word} Author`]]]);

    dataOf(await server.call('PATCH', `/api/authors/${author.id}`, { cookie: editor().cookie, body: { name: `${word} Renamed` } }), SavedSchema);
    expect((await hits(word)).map((h) => h.authors.map((a) => a.name))).toEqual([[`${word} Renamed`]]);
    const authors = dataOf(await server.call('GET', `/api/authors/search?q=${word}`), z.array(z.object({ name: z.string() })));
    expect(authors.map((a) => a.name)).toEqual([`${word} Renamed`]);

    // The edition's title is what the search matches; the hit shows the book's title (the title rule).
    const patched = await server.call('PATCH', `/api/editions/${book.editionId}`, { cookie: editor().cookie, body: { title: `${word} Falling`, languageCode: 'en', isOriginalLanguage: true } });
    expect(patched.status, JSON.stringify(patched.json)).toBe(200);
    expect((await hits(`${word} Falling`)).map((h) => [h.id, h.title])).toEqual([[book.id, `${word} Rising`]]);
    // The public editions answer (cached under the catalogue's version) shows the new title at once.
    const editions = dataOf(await server.call('GET', `/api/books/${book.id}/editions`), z.array(z.object({ title: z.string() })));
    expect(editions.map((e) => e.title)).toEqual([`${word} Falling`]);
    dataOf(await server.call('PATCH', `/api/books/${book.id}`, { cookie: editor().cookie, body: { title: `${word} Fallen` } }), SavedSchema);
    expect((await hits(`${word} Falling`)).map((h) => [h.id, h.title])).toEqual([[book.id, `${word} Fallen`]]);

    expect((await server.call('DELETE', `/api/books/${book.id}`, { cookie: editor().cookie })).status).toBeLessThan(300);
    expect(await hits(word)).toEqual([]);
  });

  it('a rating moves a book up among equals in the next answer (popularity counters)', async () => {
    const word = `Qzrt${Date.now().toString(36)}`;
    const author = dataOf(await server.call('POST', '/api/authors', { cookie: editor().cookie, body: { name: `${word} Writer` } }), SavedSchema, 201);
    const a = await bookWithEdition(`${word} Alpha`, author.id);
    const b = await bookWithEdition(`${word} Beta`, author.id);
    expect((await hits(word)).map((h) => h.id)).toEqual([a.id, b.id]);
    const topRated = async () =>
      dataOf(await server.call('GET', '/api/books?sort=rating&minRating=5&limit=60'), z.object({ items: z.array(z.object({ id: z.number(), rating: z.object({ count: z.number() }) })) })).items;
    expect((await topRated()).some((item) => item.id === b.id)).toBe(false);
    const reader = await createReader(server.url());
    const rated = await server.call('POST', `/api/books/${b.id}/ratings`, { cookie: reader.cookie, body: { rating: 5 } });
    expect(rated.status, JSON.stringify(rated.json)).toBeLessThan(300);
    expect((await hits(word)).map((h) => h.id)).toEqual([b.id, a.id]);
    // The book list (cached under the catalogue's and the counters' version) shows the rating at once.
    expect((await topRated()).find((item) => item.id === b.id)?.rating.count).toBe(1);
  });
});
