/**
 * Search quality (issue 29 point 10): over SEARCH_QUALITY_SET (search-quality-set.ts, 130+ real
 * queries), the share whose expected book is among the first three book suggestions, Open Library's
 * measure. Both paths are measured on the seeded catalogue: the typeahead endpoint over HTTP (the
 * in-memory index) and the SQL (db/queries/search.ts, the fallback). The figure is printed; the test
 * fails below QUALITY_THRESHOLD. Then the three cases the issue quotes, and typos that must still work.
 *
 * Repeat: TEST_DATABASE_NAME=phantastika_search npx vitest run --project integration tests/integration/search/search-quality.test.ts
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { closeSharedConnection, getDb } from '../../../db/client.ts';
import { searchBooks } from '../../../db/queries/search.ts';
import { successEnvelope } from '../../../src/domain/envelope.ts';
import type { Locale } from '../../../src/domain/enums.ts';
import { BookHitSchema, type BookHit } from '../../../src/domain/schemas/search.ts';
import { startLocalServer, type LocalServer } from '../../../scripts/local-server.ts';
import { QUALITY_KINDS, SEARCH_QUALITY_SET, type QualityQuery } from './search-quality-set.ts';

/**
 * 2026-11-28, seed revision 3: 171 of 172 (99.4 %) on both paths (the one miss, "Asmiov", shares too
 * few trigrams with "Asimov" to be found at all). A little room for new seed data; a drop below this
 * is a regression to look at, not to lower the bar for.
 */
const QUALITY_THRESHOLD = 0.97;

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ trustTestClientIp: true });
});
afterAll(async () => {
  await server.close();
  await closeSharedConnection();
});

async function typeahead(q: string, lang: Locale): Promise<BookHit[]> {
  const res = await fetch(`${server.url}/api/books/search?q=${encodeURIComponent(q)}&lang=${lang}`);
  expect(res.status, q).toBe(200);
  return successEnvelope(z.array(BookHitSchema)).parse(await res.json()).data;
}

/** The slugs that count as correct for a query: its books, or every book of its author or series. */
async function expectedSlugs(item: QualityQuery): Promise<Set<string>> {
  const db = await getDb();
  if (item.author) {
    const { rows } = await db.execute(sql`SELECT b.slug FROM books b JOIN book_authors ba ON ba.book_id = b.id JOIN authors a ON a.id = ba.author_id WHERE a.slug = ${item.author}`);
    return new Set(rows.map((r) => String(r.slug)));
  }
  if (item.series) {
    const { rows } = await db.execute(sql`SELECT b.slug FROM books b JOIN book_series bs ON bs.book_id = b.id JOIN series s ON s.id = bs.series_id WHERE s.slug = ${item.series}`);
    return new Set(rows.map((r) => String(r.slug)));
  }
  const { rows } = await db.execute(sql`SELECT slug FROM books WHERE slug = ANY(${`{${item.books!.join(',')}}`}::text[])`);
  return new Set(rows.map((r) => String(r.slug)));
}

interface Outcome {
  item: QualityQuery;
  correct: boolean;
  top: string[];
}

function report(path: string, outcomes: Outcome[]): number {
  const share = outcomes.filter((o) => o.correct).length / outcomes.length;
  const byKind = QUALITY_KINDS.map((kind) => {
    const of = outcomes.filter((o) => o.item.kind === kind);
    return `${kind} ${of.filter((o) => o.correct).length}/${of.length}`;
  }).join(', ');
  const misses = outcomes.filter((o) => !o.correct).map((o) => `  "${o.item.q}" (${o.item.lang}) → ${o.top.join(' | ') || '(nothing)'}`);
  console.log(
    `[search quality] ${path}: ${outcomes.filter((o) => o.correct).length}/${outcomes.length} = ${(share * 100).toFixed(1)} % correct in the top 3 (${byKind})${misses.length ? `\n${misses.join('\n')}` : ''}`,
  );
  return share;
}

describe('the search-quality set', () => {
  it('holds at least 100 queries, every expected book, author and series in the catalogue', async () => {
    expect(SEARCH_QUALITY_SET.length).toBeGreaterThanOrEqual(100);
    for (const item of SEARCH_QUALITY_SET) {
      const slugs = await expectedSlugs(item);
      expect(slugs.size, `${item.q}: expected books exist`).toBeGreaterThanOrEqual(item.books?.length ?? 1);
    }
  });

  it(`finds the expected book in the top 3 for at least ${QUALITY_THRESHOLD * 100} % of the queries (typeahead and SQL)`, { timeout: 120_000 }, async () => {
    const db = await getDb();
    const typeaheadOutcomes: Outcome[] = [];
    const sqlOutcomes: Outcome[] = [];
    for (const item of SEARCH_QUALITY_SET) {
      const expected = await expectedSlugs(item);
      const judge = (hits: BookHit[]): Outcome => ({ item, correct: hits.slice(0, 3).some((h) => expected.has(h.slug)), top: hits.slice(0, 3).map((h) => h.title) });
      typeaheadOutcomes.push(judge(await typeahead(item.q, item.lang)));
      sqlOutcomes.push(judge(await searchBooks(db, item.q, item.lang)));
    }
    const fromIndex = report('typeahead (in-memory index)', typeaheadOutcomes);
    const fromSql = report('SQL', sqlOutcomes);
    expect(fromIndex).toBeGreaterThanOrEqual(QUALITY_THRESHOLD);
    expect(fromSql).toBeGreaterThanOrEqual(QUALITY_THRESHOLD);
  });
});

describe('the cases issue 29 quotes', () => {
  it('"Dune" suggests the Dune books only, not Uprooted, The Left Hand of Darkness, A Scanner Darkly or The Dark Forest', async () => {
    for (const lang of ['en', 'de'] as const) {
      const hits = await typeahead('Dune', lang);
      expect(hits[0]?.slug).toBe('dune');
      expect(hits.every((h) => h.authors.some((a) => a.slug === 'frank-herbert')), hits.map((h) => h.title).join(', ')).toBe(true);
      for (const slug of ['uprooted', 'the-left-hand-of-darkness', 'a-scanner-darkly', 'the-dark-forest']) expect(hits.map((h) => h.slug)).not.toContain(slug);
    }
  });

  it('"Lem" lists books by Stanisław Lem first, before The Three-Body Problem (where "lem" is only inside a word)', async () => {
    const hits = await typeahead('Lem', 'en');
    const lems = hits.filter((h) => h.authors.some((a) => a.slug === 'stanislaw-lem'));
    expect(lems.length).toBeGreaterThan(0);
    expect(hits.slice(0, lems.length)).toEqual(lems);
    const threeBody = hits.findIndex((h) => h.slug === 'the-three-body-problem');
    expect(threeBody === -1 || threeBody >= lems.length).toBe(true);
  });

  it('"Drache" gives Drachenbrut, not Der Tausendjahresplan', async () => {
    const hits = await typeahead('Drache', 'de');
    expect(hits[0]?.title).toBe('Drachenbrut');
    expect(hits.map((h) => h.title)).not.toContain('Der Tausendjahresplan');
  });

  it('still forgives typos when nothing matches exactly: "Dunkelhiet", "Hyperon"', async () => {
    expect((await typeahead('Dunkelhiet', 'de'))[0]?.title).toBe('Die linke Hand der Dunkelheit');
    expect((await typeahead('Hyperon', 'en')).slice(0, 3).map((h) => h.slug)).toContain('hyperion');
  });

  it('an author\'s full name finds their books: "Ursula K. Le Guin" gives only her books', async () => {
    const hits = await typeahead('Ursula K. Le Guin', 'en');
    expect(hits.length).toBeGreaterThan(3);
    expect(hits.every((h) => h.authors.some((a) => a.slug === 'ursula-k-le-guin'))).toBe(true);
  });
});
