/**
 * Typeahead search (issue 5) in Postgres: accent- and case-folded, prefix from the first character,
 * trigram typo tolerance from four characters on, translated edition titles find their book.
 * Ranking: exact, then prefix, then word start, then fuzzy (by similarity); ties by popularity
 * (award wins, then ratings) and then title, so results are stable.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../src/domain/enums.ts';
import { escapeLike, FUZZY_MIN_LENGTH, SEARCH_CAPS } from '../../src/domain/search-query.ts';
import type { AuthorHit, AwardHit, BookHit, GenreHit, SeriesHit } from '../../src/domain/schemas/search.ts';
import type { Database } from '../client.ts';

/** Similarity a fuzzy match needs (pg_trgm word similarity, 0..1). */
const FUZZY_THRESHOLD = 0.45;

/** Tier of a folded name against the query: 0 exact, 1 prefix, 2 word start, 3 fuzzy. */
function tier(name: SQL): SQL {
  return sql`CASE
    WHEN search_fold(${name}) = q.f OR search_translit(${name}) = q.f THEN 0
    WHEN search_fold(${name}) LIKE q.prefix OR search_translit(${name}) LIKE q.prefix THEN 1
    WHEN ' ' || search_fold(${name}) LIKE q.word OR ' ' || search_translit(${name}) LIKE q.word THEN 2
    ELSE 3 END`;
}

/** Below this length only prefixes and word starts match (a single letter anywhere matches everything). */
const INFIX_MIN_LENGTH = 3;

function matches(name: SQL, query: string): SQL {
  const fuzzy = query.length >= FUZZY_MIN_LENGTH;
  const partial =
    query.length >= INFIX_MIN_LENGTH
      ? sql`search_fold(${name}) LIKE q.anywhere OR search_translit(${name}) LIKE q.anywhere`
      : sql`search_fold(${name}) LIKE q.prefix OR ' ' || search_fold(${name}) LIKE q.word OR search_translit(${name}) LIKE q.prefix`;
  return fuzzy ? sql`(${partial} OR q.f <% search_fold(${name}) OR q.f <% search_translit(${name}))` : sql`(${partial})`;
}

function similarity(name: SQL): SQL {
  return sql`greatest(word_similarity(q.f, search_fold(${name})), word_similarity(q.f, search_translit(${name})))`;
}

/** The folded query and its LIKE patterns as a one-row relation `q`. */
function queryRelation(query: string): SQL {
  const folded = sql`search_fold(${query}::text)`;
  return sql`(SELECT f, escaped || '%' AS prefix, '% ' || escaped || '%' AS word, '%' || escaped || '%' AS anywhere
              FROM (SELECT ${folded} AS f, search_fold(${escapeLike(query)}::text) AS escaped) x) q`;
}

async function inFuzzyTransaction<T>(db: Database, fuzzy: boolean, run: (tx: Database) => Promise<T>): Promise<T> {
  if (!fuzzy) return run(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`);
    return run(tx as unknown as Database);
  });
}

export async function searchBooks(db: Database, query: string, locale: Locale): Promise<BookHit[]> {
  const fuzzy = query.length >= FUZZY_MIN_LENGTH;
  return inFuzzyTransaction(db, fuzzy, async (tx) => {
    const result = await tx.execute(sql`
      WITH m AS (
        SELECT e.book_id, min(${tier(sql`e.title`)}) AS tier, max(${similarity(sql`e.title`)}) AS sim
        FROM editions e, ${queryRelation(query)}
        WHERE ${matches(sql`e.title`, query)}
        GROUP BY e.book_id
      ), ranked AS (
        SELECT m.*, b.slug, b.original_title, b.original_language, b.publication_year, b.cover_image_url,
               (SELECT count(*) FROM book_awards ba WHERE ba.book_id = m.book_id AND ba.is_winner) AS wins,
               (SELECT count(*) FROM ratings r WHERE r.book_id = m.book_id) AS rating_count,
               coalesce((SELECT e.title FROM editions e WHERE e.book_id = m.book_id AND e.language_code = ${locale}::text
                         AND NOT e.is_original_language AND b.original_language IS DISTINCT FROM ${locale} ORDER BY e.id LIMIT 1),
                        b.original_title) AS title
        FROM m JOIN books b ON b.id = m.book_id
      )
      SELECT book_id AS id, slug, title, original_title AS "originalTitle", publication_year AS year, cover_image_url AS "coverImage",
             coalesce((SELECT json_agg(json_build_object('slug', a.slug, 'name', a.name) ORDER BY ba.position)
                       FROM book_authors ba JOIN authors a ON a.id = ba.author_id WHERE ba.book_id = ranked.book_id), '[]') AS authors
      FROM ranked
      ORDER BY tier, CASE WHEN tier = 3 THEN -sim ELSE 0 END, wins DESC, rating_count DESC, title, id
      LIMIT ${SEARCH_CAPS.books}`);
    return result.rows as BookHit[];
  });
}

/** Authors and series are searched alike: one name column, a popularity measure, a cap. */
async function searchByName<T>(db: Database, query: string, from: SQL, name: SQL, popularity: SQL, tieBreak: SQL, cap: number): Promise<T[]> {
  return inFuzzyTransaction(db, query.length >= FUZZY_MIN_LENGTH, async (tx) => {
    const result = await tx.execute(sql`
      SELECT t.id, t.slug, t.name FROM ${from}, ${queryRelation(query)}
      WHERE ${matches(name, query)}
      ORDER BY ${tier(name)}, CASE WHEN ${tier(name)} = 3 THEN -${similarity(name)} ELSE 0 END, ${popularity} DESC, ${tieBreak}, t.id
      LIMIT ${cap}`);
    return result.rows as T[];
  });
}

export const searchAuthors = (db: Database, query: string): Promise<AuthorHit[]> =>
  searchByName(
    db,
    query,
    sql`authors t`,
    sql`t.name`,
    sql`(SELECT count(*) FROM book_awards ba JOIN book_authors bau ON bau.book_id = ba.book_id WHERE bau.author_id = t.id AND ba.is_winner)`,
    sql`t.sort_name`,
    SEARCH_CAPS.authors,
  );

export const searchSeries = (db: Database, query: string): Promise<SeriesHit[]> =>
  searchByName(db, query, sql`series t`, sql`t.name`, sql`(SELECT count(*) FROM book_series bs WHERE bs.series_id = t.id)`, sql`t.name`, SEARCH_CAPS.series);

/**
 * Genres and awards are few and named in every language (jsonb `names`): every localized name is
 * matched, and the hit shows the request language.
 */
async function searchLocalizedNames<T>(db: Database, query: string, locale: Locale, table: 'genres' | 'awards', extra: SQL, cap: number): Promise<T[]> {
  const result = await db.execute(sql`
    SELECT t.id, coalesce(t.names->>${locale}::text, t.name) AS name, ${extra}
    FROM ${sql.identifier(table)} t, ${queryRelation(query)},
         LATERAL (SELECT min(${tier(sql`n.value`)}) AS tier FROM (SELECT t.name AS value UNION ALL SELECT value FROM jsonb_each_text(t.names)) n
                  WHERE ${matches(sql`n.value`, query)}) m
    WHERE m.tier IS NOT NULL
    ORDER BY m.tier, t.name
    LIMIT ${cap}`);
  return result.rows as T[];
}

export const searchGenres = (db: Database, query: string, locale: Locale): Promise<GenreHit[]> =>
  searchLocalizedNames(db, query, locale, 'genres', sql`t.name AS "canonicalName", t.category`, SEARCH_CAPS.genres);

export const searchAwards = (db: Database, query: string, locale: Locale): Promise<AwardHit[]> =>
  searchLocalizedNames(db, query, locale, 'awards', sql`t.slug`, SEARCH_CAPS.awards);
