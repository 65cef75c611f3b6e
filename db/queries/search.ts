/**
 * Typeahead search (issue 5) in Postgres: accent- and case-folded, prefix from the first character,
 * trigram typo tolerance from four characters on, translated edition titles find their book.
 * Ranking: exact, then prefix, then word start, then fuzzy (by similarity); ties by popularity
 * (award wins, then ratings) and then title, so results are stable. Books, authors and series follow
 * src/domain/search-ranking.ts (issue 29 point 10), as the in-memory index does: contained names rank
 * above similar ones, authors' and series' names find books, and the typo tier is asked only when
 * fewer than FUZZY_GATE better matches exist, keeping only close names (decided in TypeScript).
 * Speed (issue 5 item 6): names are matched on stored folds (no per-row unaccent/regexp), popularity
 * is read from trigger-kept counters, and per-row lookups run for candidates only.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../src/domain/enums.ts';
import { escapeLike, FUZZY_MIN_LENGTH, SEARCH_CAPS } from '../../src/domain/search-query.ts';
import { isCloseMatch, NAME_MATCH_MIN_LENGTH, NAME_MATCH_TIER, wantsFuzzy } from '../../src/domain/search-ranking.ts';
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

/** The stored folds of an author's or a series' name (`t`). */
const storedName: Folds = { fold: sql`t.name_fold`, translit: sql`t.name_translit` };

/**
 * Tier of a folded name against the query: 0 exact, 1 prefix, 2 word start, then (strict: books,
 * authors, series) 3 contained and 4 fuzzy, else 3 for both (genres and awards).
 */
function tier({ fold, translit }: Folds, strict = false): SQL {
  const rest = strict ? sql`WHEN ${fold} LIKE q.anywhere OR ${translit} LIKE q.anywhere THEN 3 ELSE 4` : sql`ELSE 3`;
  return sql`CASE
    WHEN ${fold} = q.f OR ${translit} = q.f THEN 0
    WHEN ${fold} LIKE q.prefix OR ${translit} LIKE q.prefix THEN 1
    WHEN ' ' || ${fold} LIKE q.word OR ' ' || ${translit} LIKE q.word THEN 2
    ${rest} END`;
}

/** A name equal to, starting with or with a word starting with the query (tiers 0-2; the index's `wordMatches`). */
function wordMatch({ fold, translit }: Folds): SQL {
  return sql`(${fold} LIKE q.anywhere OR ${translit} LIKE q.anywhere)
    AND (${fold} LIKE q.prefix OR ${translit} LIKE q.prefix OR ' ' || ${fold} LIKE q.word OR ' ' || ${translit} LIKE q.word)`;
}

/** Below this length only prefixes and word starts match (a single letter anywhere matches everything). */
const INFIX_MIN_LENGTH = 3;

function matches({ fold, translit }: Folds, query: string, withFuzzy = true): SQL {
  const fuzzy = withFuzzy && query.length >= FUZZY_MIN_LENGTH;
  const partial =
    query.length >= INFIX_MIN_LENGTH
      ? sql`${fold} LIKE q.anywhere OR ${translit} LIKE q.anywhere`
      : sql`${fold} LIKE q.prefix OR ' ' || ${fold} LIKE q.word OR ${translit} LIKE q.prefix`;
  return fuzzy ? sql`(${partial} OR q.f <% ${fold} OR q.f <% ${translit})` : sql`(${partial})`;
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

/** Ids as one array parameter (drizzle would expand a JS array into a list). */
const idArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * Books: matching editions give each book its best tier (stored folds, trigram indexes from three
 * characters on), and from three characters a word of an author's or a series' name starting with
 * the query gives its books NAME_MATCH_TIER. Popularity comes from the book_stats counters (one row
 * per book, kept by triggers) and the title in the request language from the same rule as the list
 * and detail pages (book-title.ts), one indexed lookup per candidate (it is the last tie-break).
 * Authors are collected for the final rows only. The typo tier is a second query, asked only when
 * the first found fewer than FUZZY_GATE books (search-ranking.ts): titles, authors' and series' names
 * similar to the query, keeping the books with a close one. `byNames: false` matches titles alone
 * (the recommender asks the author search for names itself).
 */
export async function searchBooks(db: Database, query: string, locale: Locale, limit: number = SEARCH_CAPS.books, { byNames = true } = {}): Promise<BookHit[]> {
  const fuzzy = query.length >= FUZZY_MIN_LENGTH;
  const title: Folds = { fold: sql`e.title_fold`, translit: sql`e.title_translit` };
  const names =
    byNames && query.length >= NAME_MATCH_MIN_LENGTH
      ? sql`UNION ALL SELECT ba.book_id, ${NAME_MATCH_TIER}::int FROM authors t JOIN book_authors ba ON ba.author_id = t.id, ${queryRelation(query)} WHERE ${wordMatch(storedName)}
            UNION ALL SELECT bs.book_id, ${NAME_MATCH_TIER}::int FROM series t JOIN book_series bs ON bs.series_id = t.id, ${queryRelation(query)} WHERE ${wordMatch(storedName)}`
      : sql``;
  const rows = (m: SQL, order: SQL, extra: SQL) => sql`
      WITH m AS (${m}), ranked AS (
        SELECT m.*, b.slug, b.original_title, b.publication_year, b.cover_image_url,
               coalesce(p.award_wins, 0) AS wins, coalesce(p.rating_count, 0) AS rating_count,
               ${localizedTitleSql({ id: sql`b.id`, originalTitle: sql`b.original_title`, originalLanguage: sql`b.original_language` }, locale)} AS title
        FROM m JOIN books b ON b.id = m.book_id
        LEFT JOIN book_stats p ON p.book_id = m.book_id
      )
      SELECT book_id AS id, slug, title, original_title AS "originalTitle", publication_year AS year, cover_image_url AS "coverImage",
             coalesce((SELECT json_agg(json_build_object('slug', a.slug, 'name', a.name) ORDER BY ba.position)
                       FROM book_authors ba JOIN authors a ON a.id = ba.author_id WHERE ba.book_id = ranked.book_id), '[]') AS authors${extra}
      FROM ranked
      ORDER BY ${order}`;
  return inFuzzyTransaction(db, fuzzy, async (tx) => {
    const found = (
      await tx.execute(
        rows(
          sql`SELECT book_id, min(tier) AS tier FROM (
                SELECT e.book_id, ${tier(title, true)} AS tier FROM editions e, ${queryRelation(query)} WHERE ${matches(title, query, false)}
                ${names}) hit
              GROUP BY book_id`,
          sql`tier, wins DESC, rating_count DESC, title, id LIMIT ${limit}`,
          sql``,
        ),
      )
    ).rows as BookHit[];
    if (!wantsFuzzy(query.length, FUZZY_MIN_LENGTH, found.length, limit)) return found;
    const similar = (
      await tx.execute(
        rows(
          sql`SELECT book_id, max(sim) AS sim, array_agg(fold) || array_agg(translit) AS names, min(f) AS f FROM (
                ${similarNames(query, sql`e.book_id`, sql`editions e`, title)}
                ${byNames ? sql`UNION ALL ${similarNames(query, sql`ba.book_id`, sql`authors t JOIN book_authors ba ON ba.author_id = t.id`, storedName)}
                UNION ALL ${similarNames(query, sql`bs.book_id`, sql`series t JOIN book_series bs ON bs.series_id = t.id`, storedName)}` : sql``}) hit
              WHERE NOT book_id = ANY(${idArray(found.map((b) => b.id))})
              GROUP BY book_id`,
          sql`sim DESC, wins DESC, rating_count DESC, title, id`,
          sql`, names, f`,
        ),
      )
    ).rows as (BookHit & { names: string[]; f: string })[];
    return [...found, ...closeOnes(similar, limit - found.length)];
  });
}

/** Names similar to the query (typo tier) and the book each one finds: a title, or an author's or series' name. */
function similarNames(query: string, bookId: SQL, from: SQL, { fold, translit }: Folds): SQL {
  return sql`SELECT ${bookId} AS book_id, greatest(word_similarity(q.f, ${fold}), word_similarity(q.f, ${translit})) AS sim, ${fold} AS fold, ${translit} AS translit, q.f
    FROM ${from}, ${queryRelation(query)} WHERE q.f <% ${fold} OR q.f <% ${translit}`;
}

/** The similar rows whose names are close to the query (search-ranking.ts), without the columns that decided it. */
function closeOnes<T extends { names: string[]; f: string }>(rows: T[], room: number): Omit<T, 'names' | 'f'>[] {
  return rows.filter((r) => isCloseMatch(r.f, r.names)).slice(0, Math.max(0, room)).map(({ names: _names, f: _f, ...hit }) => hit);
}

/**
 * Authors and series are searched alike: one name with stored folds, a popularity measure, a cap.
 * Better tiers first; the typo tier, as for books, only below FUZZY_GATE matches and close names.
 */
async function searchByName<T extends { id: number }>(db: Database, query: string, from: SQL, name: Folds, popularity: SQL, tieBreak: SQL, cap: number): Promise<T[]> {
  return inFuzzyTransaction(db, query.length >= FUZZY_MIN_LENGTH, async (tx) => {
    const found = (
      await tx.execute(sql`
        SELECT m.id, m.slug, m.name FROM (
          SELECT t.id, t.slug, t.name, ${tier(name, true)} AS tier, ${tieBreak} AS tie_break
          FROM ${from}, ${queryRelation(query)}
          WHERE ${matches(name, query, false)}
        ) m
        ORDER BY m.tier, ${popularity} DESC, m.tie_break, m.id
        LIMIT ${cap}`)
    ).rows as T[];
    if (!wantsFuzzy(query.length, FUZZY_MIN_LENGTH, found.length, cap)) return found;
    const similar = (
      await tx.execute(sql`
        SELECT m.id, m.slug, m.name, m.names, m.f FROM (
          SELECT t.id, t.slug, t.name, ARRAY[${name.fold}, ${name.translit}] AS names, q.f, ${tieBreak} AS tie_break,
                 greatest(word_similarity(q.f, ${name.fold}), word_similarity(q.f, ${name.translit})) AS sim
          FROM ${from}, ${queryRelation(query)}
          WHERE (q.f <% ${name.fold} OR q.f <% ${name.translit}) AND NOT t.id = ANY(${idArray(found.map((r) => r.id))})
        ) m
        ORDER BY m.sim DESC, ${popularity} DESC, m.tie_break, m.id`)
    ).rows as (T & { names: string[]; f: string })[];
    return [...found, ...(closeOnes(similar, cap - found.length) as unknown as T[])];
  });
}

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
