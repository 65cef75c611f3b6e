/**
 * Typeahead search (issue 5) in Postgres: accent- and case-folded, prefix from the first character,
 * trigram typo tolerance from four characters on, translated edition titles find their book.
 * Ranking: exact, then prefix, then word start, then fuzzy (by similarity); ties by popularity
 * (award wins, then ratings) and then title, so results are stable.
 * Speed (issue 5 item 6): names are matched on stored folds (no per-row unaccent/regexp), popularity
 * is read from trigger-kept counters, and per-row lookups run for candidates only.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../src/domain/enums.ts';
import { escapeLike, FUZZY_MIN_LENGTH, SEARCH_CAPS } from '../../src/domain/search-query.ts';
import type { AuthorHit, AwardHit, BookHit, GenreHit, SeriesHit } from '../../src/domain/schemas/search.ts';
import type { Database } from '../client.ts';
import { localizedTitleSql } from './book-title.ts';

/** Similarity a fuzzy match needs (pg_trgm word similarity, 0..1). */
const FUZZY_THRESHOLD = 0.45;

/**
 * A searchable name: its two stored folds (migration 0003: generated columns `*_fold` and
 * `*_translit`, trigram-indexed), so matching and ranking read plain text instead of folding every
 * row per query. Genres and awards (few rows, names in jsonb) fold at query time.
 */
interface Folds {
  fold: SQL;
  translit: SQL;
}

const folded = (name: SQL): Folds => ({ fold: sql`search_fold(${name})`, translit: sql`search_translit(${name})` });

/** Tier of a folded name against the query: 0 exact, 1 prefix, 2 word start, 3 fuzzy. */
function tier({ fold, translit }: Folds): SQL {
  return sql`CASE
    WHEN ${fold} = q.f OR ${translit} = q.f THEN 0
    WHEN ${fold} LIKE q.prefix OR ${translit} LIKE q.prefix THEN 1
    WHEN ' ' || ${fold} LIKE q.word OR ' ' || ${translit} LIKE q.word THEN 2
    ELSE 3 END`;
}

/** Below this length only prefixes and word starts match (a single letter anywhere matches everything). */
const INFIX_MIN_LENGTH = 3;

function matches({ fold, translit }: Folds, query: string): SQL {
  const fuzzy = query.length >= FUZZY_MIN_LENGTH;
  const partial =
    query.length >= INFIX_MIN_LENGTH
      ? sql`${fold} LIKE q.anywhere OR ${translit} LIKE q.anywhere`
      : sql`${fold} LIKE q.prefix OR ' ' || ${fold} LIKE q.word OR ${translit} LIKE q.prefix`;
  return fuzzy ? sql`(${partial} OR q.f <% ${fold} OR q.f <% ${translit})` : sql`(${partial})`;
}

/**
 * Similarity orders the fuzzy tier (3) only, so it is computed for tier-3 rows only; below
 * INFIX_MIN_LENGTH every match is a prefix or word start (tier 0..2) and it is not computed at all.
 */
function similarity({ fold, translit }: Folds, query: string): SQL {
  if (query.length < INFIX_MIN_LENGTH) return sql`0::real`;
  return sql`greatest(word_similarity(q.f, ${fold}), word_similarity(q.f, ${translit}))`;
}

/** The folded query and its LIKE patterns as a one-row relation `q`. */
function queryRelation(query: string): SQL {
  const folded = sql`search_fold(${query}::text)`;
  return sql`(SELECT f, escaped || '%' AS prefix, '% ' || escaped || '%' AS word, '%' || escaped || '%' AS anywhere
              FROM (SELECT ${folded} AS f, search_fold(${escapeLike(query)}::text) AS escaped) x) q`;
}

/**
 * Fuzzy searches run in a transaction that sets the similarity threshold for `<%` and leaves the
 * planner bitmap scans only (no sequential or plain index scans, for this transaction only): it
 * cannot know how dear word_similarity is per row, and for some queries ("wustenplanet") chose to
 * compute it on every edition (~30 ms), by a sequential or a full index scan, instead of asking the
 * trigram indexes (~1 ms). From four characters on the trigram indexes are always the better way.
 */
async function inFuzzyTransaction<T>(db: Database, fuzzy: boolean, run: (tx: Database) => Promise<T>): Promise<T> {
  if (!fuzzy) return run(db);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true), set_config('enable_seqscan', 'off', true),
                 set_config('enable_indexscan', 'off', true)`,
    );
    return run(tx as unknown as Database);
  });
}

/**
 * Books in two steps: the matching editions give each book its best tier (stored folds, trigram
 * indexes from three characters on); popularity comes from the book_stats counters (one row
 * per book, kept by triggers) and the title in the request language from the same rule as the list
 * and detail pages (book-title.ts), one indexed lookup per candidate (it is the last tie-break). Authors are collected for the final rows only.
 */
export async function searchBooks(db: Database, query: string, locale: Locale, limit: number = SEARCH_CAPS.books): Promise<BookHit[]> {
  const fuzzy = query.length >= FUZZY_MIN_LENGTH;
  const title: Folds = { fold: sql`e.title_fold`, translit: sql`e.title_translit` };
  return inFuzzyTransaction(db, fuzzy, async (tx) => {
    const result = await tx.execute(sql`
      WITH hit AS (
        SELECT e.book_id, e.title_fold, e.title_translit, ${tier(title)} AS tier
        FROM editions e, ${queryRelation(query)}
        WHERE ${matches(title, query)}
      ), m AS (
        SELECT e.book_id, min(e.tier) AS tier, max(CASE WHEN e.tier = 3 THEN ${similarity(title, query)} END) AS sim
        FROM hit e, ${queryRelation(query)}
        GROUP BY e.book_id
      ), ranked AS (
        SELECT m.book_id, m.tier, m.sim, b.slug, b.original_title, b.publication_year, b.cover_image_url,
               coalesce(p.award_wins, 0) AS wins, coalesce(p.rating_count, 0) AS rating_count,
               ${localizedTitleSql({ id: sql`b.id`, originalTitle: sql`b.original_title`, originalLanguage: sql`b.original_language` }, locale)} AS title
        FROM m JOIN books b ON b.id = m.book_id
        LEFT JOIN book_stats p ON p.book_id = m.book_id
      )
      SELECT book_id AS id, slug, title, original_title AS "originalTitle", publication_year AS year, cover_image_url AS "coverImage",
             coalesce((SELECT json_agg(json_build_object('slug', a.slug, 'name', a.name) ORDER BY ba.position)
                       FROM book_authors ba JOIN authors a ON a.id = ba.author_id WHERE ba.book_id = ranked.book_id), '[]') AS authors
      FROM ranked
      ORDER BY tier, CASE WHEN tier = 3 THEN -sim ELSE 0 END, wins DESC, rating_count DESC, title, id
      LIMIT ${limit}`);
    return result.rows as BookHit[];
  });
}

/** Authors and series are searched alike: one name with stored folds, a popularity measure, a cap. */
async function searchByName<T>(db: Database, query: string, from: SQL, name: Folds, popularity: SQL, tieBreak: SQL, cap: number): Promise<T[]> {
  return inFuzzyTransaction(db, query.length >= FUZZY_MIN_LENGTH, async (tx) => {
    const result = await tx.execute(sql`
      SELECT m.id, m.slug, m.name FROM (
        SELECT t.id, t.slug, t.name, t.name_fold, t.name_translit, ${tier(name)} AS tier, ${tieBreak} AS tie_break
        FROM ${from}, ${queryRelation(query)}
        WHERE ${matches(name, query)}
      ) m, ${queryRelation(query)}
      ORDER BY m.tier, CASE WHEN m.tier = 3 THEN -${similarity({ fold: sql`m.name_fold`, translit: sql`m.name_translit` }, query)} ELSE 0 END,
               ${popularity} DESC, m.tie_break, m.id
      LIMIT ${cap}`);
    return result.rows as T[];
  });
}

const storedName: Folds = { fold: sql`t.name_fold`, translit: sql`t.name_translit` };

/** An author's popularity: the award wins of their books (counters in book_popularity). */
export const searchAuthors = (db: Database, query: string, _locale?: Locale, limit: number = SEARCH_CAPS.authors): Promise<AuthorHit[]> =>
  searchByName(
    db,
    query,
    sql`authors t`,
    storedName,
    sql`(SELECT coalesce(sum(p.award_wins), 0) FROM book_authors bau JOIN book_popularity p ON p.book_id = bau.book_id WHERE bau.author_id = m.id)`,
    sql`t.sort_name`,
    limit,
  );

export const searchSeries = (db: Database, query: string, _locale?: Locale, limit: number = SEARCH_CAPS.series): Promise<SeriesHit[]> =>
  searchByName(db, query, sql`series t`, storedName, sql`(SELECT count(*) FROM book_series bs WHERE bs.series_id = m.id)`, sql`t.name`, limit);

/**
 * Genres and awards are few and named in every language (jsonb `names`): every localized name is
 * matched, and the hit shows the request language.
 */
async function searchLocalizedNames<T>(db: Database, query: string, locale: Locale, table: 'genres' | 'awards', extra: SQL, cap: number): Promise<T[]> {
  const result = await db.execute(sql`
    SELECT t.id, coalesce(t.names->>${locale}::text, t.name) AS name, ${extra}
    FROM ${sql.identifier(table)} t, ${queryRelation(query)},
         LATERAL (SELECT min(${tier(folded(sql`n.value`))}) AS tier FROM (SELECT t.name AS value UNION ALL SELECT value FROM jsonb_each_text(t.names)) n
                  WHERE ${matches(folded(sql`n.value`), query)}) m
    WHERE m.tier IS NOT NULL
    ORDER BY m.tier, t.name
    LIMIT ${cap}`);
  return result.rows as T[];
}

export const searchGenres = (db: Database, query: string, locale: Locale, limit: number = SEARCH_CAPS.genres): Promise<GenreHit[]> =>
  searchLocalizedNames(db, query, locale, 'genres', sql`t.name AS "canonicalName", t.category`, limit);

export const searchAwards = (db: Database, query: string, locale: Locale, limit: number = SEARCH_CAPS.awards): Promise<AwardHit[]> =>
  searchLocalizedNames(db, query, locale, 'awards', sql`t.slug`, limit);
