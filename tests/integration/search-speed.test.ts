import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { closeSharedConnection, getDb, type Database } from '../../db/client.ts';
import { searchBooks } from '../../db/queries/search.ts';

/**
 * Issue 5 item 6: the typeahead reads stored folds and trigger-kept popularity counters. These tests
 * check that the counters stay equal to a recount through every kind of change, that popularity
 * still breaks ties, and that fuzzy searches ask the trigram indexes.
 */
afterAll(async () => {
  await closeSharedConnection();
});

/** Books whose counters differ from a recount (on db: a transaction sees its own changes). */
async function drift(db?: Database): Promise<number> {
  db ??= await getDb();
  const { rows } = await db.execute(sql`
    SELECT count(*)::int AS n FROM books b LEFT JOIN book_stats p ON p.book_id = b.id
    WHERE coalesce(p.award_wins, 0) <> (SELECT count(*) FROM book_awards ba WHERE ba.book_id = b.id AND ba.is_winner)
       OR coalesce(p.rating_count, 0) <> (SELECT count(*) FROM ratings r WHERE r.book_id = b.id)`);
  return (rows[0] as { n: number }).n;
}

describe('book_popularity counters', () => {
  it('match a recount after seeding', async () => {
    expect(await drift()).toBe(0);
    const db = await getDb();
    const { rows } = await db.execute(sql`SELECT coalesce(sum(award_wins), 0)::int AS wins FROM book_stats`);
    expect((rows[0] as { wins: number }).wins).toBeGreaterThan(0);
  });

  it('follow ratings and award changes (insert, update, delete) and popularity breaks ties', async () => {
    const db = await getDb();
    await db.transaction(async (tx) => {
      // Two books that tie on "prefix match, no wins, no ratings" for the query "zz-test".
      const [u1, u2] = (
        await tx.execute(sql`INSERT INTO users (email, password_hash) VALUES ('speed-1@example.test', 'x'), ('speed-2@example.test', 'x') RETURNING id`)
      ).rows as { id: string }[];
      const books = (
        await tx.execute(sql`INSERT INTO books (slug, original_title, original_language) VALUES ('zz-test-a', 'Zz-test Alpha', 'en'), ('zz-test-b', 'Zz-test Beta', 'en') RETURNING id`)
      ).rows as { id: number }[];
      const [a, b] = books.map((row) => row.id);
      await tx.execute(sql`INSERT INTO editions (book_id, title, language_code, language_name) VALUES (${a}, 'Zz-test Alpha', 'en', 'English'), (${b}, 'Zz-test Beta', 'en', 'English')`);
      const titles = async () => (await searchBooks(tx as never, 'zz-test', 'en')).map((hit) => hit.title).filter((title) => title.startsWith('Zz-test'));
      expect(await titles()).toEqual(['Zz-test Alpha', 'Zz-test Beta']);

      await tx.execute(sql`INSERT INTO ratings (user_id, book_id, rating) VALUES (${u1!.id}, ${b}, 4), (${u2!.id}, ${b}, 5), (${u1!.id}, ${a}, 3)`);
      expect(await drift(tx as never)).toBe(0);
      expect(await titles()).toEqual(['Zz-test Beta', 'Zz-test Alpha']); // two ratings beat one
      await tx.execute(sql`UPDATE ratings SET book_id = ${a} WHERE user_id = ${u2!.id} AND book_id = ${b}`);
      expect(await titles()).toEqual(['Zz-test Alpha', 'Zz-test Beta']);
      await tx.execute(sql`DELETE FROM ratings WHERE book_id = ${a}`);
      expect(await drift(tx as never)).toBe(0);

      // An award win outweighs any number of ratings.
      const award = (await tx.execute(sql`SELECT ba.award_id, ba.category_id FROM book_awards ba WHERE ba.category_id IS NOT NULL LIMIT 1`)).rows[0] as {
        award_id: number;
        category_id: number;
      };
      await tx.execute(sql`INSERT INTO book_awards (book_id, award_id, category_id, year, is_winner) VALUES (${a}, ${award.award_id}, ${award.category_id}, 1901, false)`);
      expect(await titles()).toEqual(['Zz-test Beta', 'Zz-test Alpha']);
      await tx.execute(sql`UPDATE book_awards SET is_winner = true WHERE book_id = ${a}`);
      expect(await drift(tx as never)).toBe(0);
      expect(await titles()).toEqual(['Zz-test Alpha', 'Zz-test Beta']);
      await tx.execute(sql`DELETE FROM books WHERE id = ${a}`); // cascades to its awards and counters
      expect(await drift(tx as never)).toBe(0);
      tx.rollback();
    }).catch((error: unknown) => {
      if (!(error instanceof Error && /rollback/i.test(error.message))) throw error;
    });
    expect(await drift()).toBe(0);
  });
});

describe('query plans', () => {
  it('fuzzy book searches use the trigram indexes on the stored folds', async () => {
    const db = await getDb();
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', '0.45', true), set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`);
      const { rows } = await tx.execute(sql`EXPLAIN SELECT book_id FROM editions WHERE title_fold LIKE '%wustenplanet%' OR 'wustenplanet' <% title_fold`);
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('editions_title_fold_trgm');
  });
});

describe('the search endpoints\' cache', () => {
  it('shares one database call among concurrent requests for the same query, and keeps no failure', async () => {
    const { searchEndpoint } = await import('../../netlify/functions/_shared/search-endpoint.ts');
    // The SQL path (the in-memory index answers without `search`; search-index.test.ts covers it).
    process.env.SEARCH_INDEX = 'off';
    onTestFinished(() => void delete process.env.SEARCH_INDEX);
    let calls = 0;
    let fail = true;
    const endpoint = searchEndpoint('books', async (db, q) => {
      calls += 1;
      await db.execute(sql`SELECT pg_sleep(0.05)`);
      if (fail) throw new Error('database went away');
      return [q];
    });
    const ask = (q: string, headers: Record<string, string> = {}) => endpoint(new Request(`http://localhost/api/x/search?q=${q}&lang=en`, { headers }));

    // A failing call answers 500 to everyone who waited for it, and is not cached.
    const failed = await Promise.all([ask('dune'), ask('dune')]);
    expect(failed.map((r) => r.status)).toEqual([500, 500]);
    expect(calls).toBe(1);

    fail = false;
    const answers = await Promise.all(Array.from({ length: 20 }, () => ask('dune')));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(calls).toBe(2);
    expect(((await answers[0]!.json()) as { data: string[] }).data).toEqual(['dune']);
    await ask('DUNE');
    expect(calls).toBe(2); // case does not change the answer
    // A client cannot bypass the cache (issue 10): no-cache from the request changes nothing.
    await ask('dune', { 'cache-control': 'no-cache', pragma: 'no-cache' });
    expect(calls).toBe(2);
  });
});
