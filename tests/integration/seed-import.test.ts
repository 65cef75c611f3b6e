import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type Connection } from '../../db/client.ts';
import { importSeedCatalogue } from '../../db/seed/import.ts';
import { loadSeedCatalogue } from '../../db/seed/seed-data.ts';

let connection: Connection;
beforeAll(() => {
  connection = connect(inject('databaseUrl'), { max: 2 });
});
afterAll(() => connection.close());

/** The name of the constraint a statement violates (drizzle wraps the driver's error as `cause`). */
async function violated(query: ReturnType<typeof sql>): Promise<string> {
  try {
    await connection.db.execute(query);
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string; message?: string } }).cause;
    return cause?.constraint ?? cause?.message ?? String(error);
  }
  return 'no violation';
}

const rows = async <T>(query: ReturnType<typeof sql>) => (await connection.db.execute(query)).rows as T[];

describe('the seed import (run once by the global set-up)', () => {
  it('imported every record of the catalogue files', async () => {
    const [counts] = await rows<Record<string, number>>(sql`
      SELECT (SELECT count(*) FROM books)::int AS books, (SELECT count(*) FROM authors)::int AS authors,
             (SELECT count(*) FROM series)::int AS series, (SELECT count(*) FROM awards)::int AS awards,
             (SELECT count(*) FROM award_categories)::int AS categories, (SELECT count(*) FROM book_awards)::int AS entries,
             (SELECT count(*) FROM editions)::int AS editions, (SELECT count(*) FROM genres)::int AS genres,
             (SELECT count(*) FROM book_series)::int AS in_series,
             (SELECT count(*) FROM books WHERE description ? 'de')::int AS described`);
    expect(counts).toEqual({
      books: 3219, authors: 1163, series: 186, awards: 4, categories: 7, entries: 3934,
      editions: 3219 + 339, genres: 4, in_series: 383, described: 110,
    });
  });

  it('changes nothing when it runs again', async () => {
    const before = await rows(sql`SELECT md5(string_agg(b::text, '' ORDER BY id)) AS h FROM books b`);
    const report = await importSeedCatalogue(connection.db, loadSeedCatalogue());
    expect(Object.values(report.inserted).every((n) => n === 0)).toBe(true);
    expect(await rows(sql`SELECT md5(string_agg(b::text, '' ORDER BY id)) AS h FROM books b`)).toEqual(before);
  });

  it('knows that Dune won the 1966 Hugo for Best Novel in a tie with This Immortal', async () => {
    const winners = await rows<{ slug: string; category: string }>(sql`
      SELECT b.slug, c.names->>'en' AS category FROM book_awards ba
      JOIN books b ON b.id = ba.book_id JOIN awards a ON a.id = ba.award_id JOIN award_categories c ON c.id = ba.category_id
      WHERE a.slug = 'hugo' AND ba.year = 1966 AND ba.is_winner ORDER BY b.slug`);
    expect(winners).toEqual([
      { slug: 'dune', category: 'Best Novel' },
      { slug: 'this-immortal', category: 'Best Novel' },
    ]);
  });

  it('gives every book exactly one primary original-language edition, and Dune its German title', async () => {
    const [check] = await rows<{ without: number; dune_de: string }>(sql`
      SELECT (SELECT count(*) FROM books b WHERE NOT EXISTS (
                SELECT 1 FROM editions e WHERE e.book_id = b.id AND e.is_primary_edition AND e.edition_type = 'original' AND e.is_original_language))::int AS without,
             (SELECT e.title FROM editions e JOIN books b ON b.id = e.book_id WHERE b.slug = 'dune' AND e.language_code = 'de') AS dune_de`);
    expect(check).toEqual({ without: 0, dune_de: 'Der Wüstenplanet' });
  });

  it('tags books with two genres as Crossover too', async () => {
    const genres = await rows<{ slug: string }>(sql`
      SELECT g.slug FROM book_genres bg JOIN genres g ON g.id = bg.genre_id JOIN books b ON b.id = bg.book_id
      WHERE b.id = (SELECT bg2.book_id FROM book_genres bg2 GROUP BY bg2.book_id HAVING count(*) = 4 LIMIT 1) ORDER BY g.slug`);
    expect(genres.map((g) => g.slug)).toEqual(['crossover', 'fantasy', 'horror', 'science-fiction']);
  });

  it('enforces the invariants as constraints', async () => {
    const dune = sql`(SELECT id FROM books WHERE slug = 'dune')`;
    expect(await violated(sql`INSERT INTO editions (book_id, title, is_primary_edition, edition_type) VALUES (${dune}, 'x', true, 'revised')`)).toMatch(/editions_one_primary_per_book/);
    expect(await violated(sql`INSERT INTO editions (book_id, title, edition_type) VALUES (${dune}, 'x', 'original')`)).toMatch(/editions_one_original_per_book/);
    expect(await violated(sql`INSERT INTO editions (book_id, title) VALUES (NULL, 'x')`)).toMatch(/null value/);
    await connection.db.execute(sql`INSERT INTO users (email, password_hash) VALUES ('Case@Example.org', 'x')`);
    expect(await violated(sql`INSERT INTO users (email, password_hash) VALUES ('case@example.ORG', 'x')`)).toMatch(/users_email_lower_key/);
    const user = sql`(SELECT id FROM users WHERE email = 'Case@Example.org')`;
    expect(await violated(sql`INSERT INTO ratings (user_id, book_id, rating) VALUES (${user}, ${dune}, 6)`)).toMatch(/ratings_range/);
    await connection.db.execute(sql`INSERT INTO ratings (user_id, book_id, rating) VALUES (${user}, ${dune}, 5)`);
    expect(await violated(sql`INSERT INTO ratings (user_id, book_id, rating) VALUES (${user}, ${dune}, 4)`)).toMatch(/ratings_user_book_key/);
    await connection.db.execute(sql`INSERT INTO reading_list (user_id, book_id) VALUES (${user}, ${dune})`);
    expect(await violated(sql`INSERT INTO reading_list (user_id, book_id) VALUES (${user}, ${dune})`)).toMatch(/reading_list_user_id_book_id_pk/);
    expect(await violated(sql`INSERT INTO books (slug, original_title) VALUES ('dune', 'Dune again')`)).toMatch(/books_slug_key/);
    await connection.db.execute(sql`DELETE FROM users WHERE email = 'Case@Example.org'`);
  });
});
