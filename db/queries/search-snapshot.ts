/**
 * What the in-memory search index (src/domain/search-index.ts) is built from: the searchable folds,
 * popularity and tie-break ranks, computed by PostgreSQL with the same expressions as the SQL search
 * (queries/search.ts), so the two rank alike. Read in one REPEATABLE READ transaction together with
 * the catalogue version (catalogue_version, migration 0015): the copy and its number agree.
 */
import { sql } from 'drizzle-orm';
import { LOCALES, type Locale } from '../../src/domain/enums.ts';
import type { ListRatings, ListsSnapshot } from '../../src/domain/catalogue-lists.ts';
import type { CatalogueSnapshot, PersonRef, SnapshotLocalized, SnapshotNamed } from '../../src/domain/search-index.ts';
import type { Database } from '../client.ts';
import { localizedTitleSql } from './book-title.ts';
import { readListRatings, readListSnapshot } from './catalogue-lists-snapshot.ts';

export interface CatalogueVersion {
  catalogue: number;
  popularity: number;
}

/**
 * The catalogue's version: the catalogue counter's row and the sum of the 16 popularity stripes
 * (migration 0017; read at most every second per instance).
 */
export async function readCatalogueVersion(db: Database): Promise<CatalogueVersion> {
  const { rows } = await db.execute(sql`SELECT catalogue, (SELECT coalesce(sum(changes), 0) FROM popularity_changes) AS popularity FROM catalogue_version WHERE id = 1`);
  const row = rows[0] as { catalogue: string | number; popularity: string | number } | undefined;
  return { catalogue: Number(row?.catalogue ?? 0), popularity: Number(row?.popularity ?? 0) };
}

/**
 * Characters a query may hold, folded one by one as search_fold() folds them before its ' & ' and
 * apostrophe rules: Latin, Greek, Cyrillic, general punctuation and letter-like symbols, and every
 * character of the catalogue's names (as written, lower- and upper-cased). A character that folds to
 * a LIKE wildcard or the escape is left out (the SQL folds the escaped query; the index cannot).
 * The names' characters are collected first and cased one by one (issue 28 point 5): casing every
 * whole name took over 5 s (the statement timeout) at 100,000 books; the sets are the same.
 */
const CHAR_MAP_SQL = sql`
  WITH written AS (
    SELECT DISTINCT ch FROM (
      SELECT title AS x FROM editions UNION ALL SELECT name FROM authors UNION ALL SELECT name FROM series
      UNION ALL SELECT name FROM genres UNION ALL SELECT value FROM genres, jsonb_each_text(genres.names)
      UNION ALL SELECT name FROM awards UNION ALL SELECT value FROM awards, jsonb_each_text(awards.names)) s,
    regexp_split_to_table(s.x, '') ch)
  SELECT c, lower(public.immutable_unaccent(c)) AS f FROM (
    SELECT chr(g) AS c FROM generate_series(32, 767) g
    UNION SELECT chr(g) FROM generate_series(880, 1327) g
    UNION SELECT chr(g) FROM generate_series(7680, 8527) g
    UNION SELECT regexp_split_to_table(ch || lower(ch) || upper(ch), '') FROM written
  ) chars WHERE c <> ''`;

async function popularityRows(db: Database): Promise<Map<number, { wins: number; ratingCount: number }>> {
  const { rows } = await db.execute(sql`SELECT book_id, award_wins, rating_count FROM book_stats`);
  return new Map((rows as { book_id: number; award_wins: number; rating_count: number }[]).map((r) => [r.book_id, { wins: r.award_wins, ratingCount: r.rating_count }]));
}

/** Reads the version, the whole searchable catalogue and what the list pages show, in one snapshot. */
export async function readCatalogueSnapshot(db: Database): Promise<{ version: CatalogueVersion; snapshot: CatalogueSnapshot; lists: ListsSnapshot }> {
  return db.transaction(
    async (tx) => {
      const version = await readCatalogueVersion(tx as unknown as Database);
      const charRows = (await tx.execute(CHAR_MAP_SQL)).rows as { c: string; f: string }[];
      const charMap = new Map<string, string>();
      const wildcard = /[%_\\]/;
      for (const { c, f } of charRows) if (!wildcard.test(f) || f === c) charMap.set(c, f);
      await tx.execute(sql`SELECT word_similarity('a', 'a')`); // loads pg_trgm, whose setting is read next
      const threshold = (await tx.execute(sql`SELECT current_setting('pg_trgm.word_similarity_threshold', true) AS t`)).rows[0] as { t: string | null };

      const titles = LOCALES.map(
        (l) =>
          sql`SELECT b.id, ${l}::text AS locale, ${localizedTitleSql({ id: sql`b.id`, originalTitle: sql`b.original_title`, originalLanguage: sql`b.original_language` }, l)} AS title FROM books b`,
      );
      const titleRows = (
        await tx.execute(sql`SELECT id, locale, title, rank() OVER (PARTITION BY locale ORDER BY title)::int AS rank FROM (${sql.join(titles, sql` UNION ALL `)}) t`)
      ).rows as { id: number; locale: Locale; title: string; rank: number }[];
      const bookRows = (
        await tx.execute(sql`
          SELECT b.id, b.slug, b.original_title AS "originalTitle", b.publication_year AS year, b.cover_image_url AS "coverImage",
                 coalesce((SELECT json_agg(json_build_object('slug', a.slug, 'name', a.name) ORDER BY ba.position)
                           FROM book_authors ba JOIN authors a ON a.id = ba.author_id WHERE ba.book_id = b.id), '[]') AS authors,
                 coalesce((SELECT json_agg(ba.author_id ORDER BY ba.position) FROM book_authors ba WHERE ba.book_id = b.id), '[]') AS "authorIds",
                 coalesce((SELECT json_agg(bs.series_id ORDER BY bs.series_id) FROM book_series bs WHERE bs.book_id = b.id), '[]') AS "seriesIds"
          FROM books b ORDER BY b.id`)
      ).rows as { id: number; slug: string; originalTitle: string; year: number | null; coverImage: string | null; authors: PersonRef[]; authorIds: number[]; seriesIds: number[] }[];
      const popularity = await popularityRows(tx as unknown as Database);
      const titlesOf = new Map<number, Partial<Record<Locale, { title: string; rank: number }>>>();
      for (const t of titleRows) {
        const entry = titlesOf.get(t.id) ?? {};
        entry[t.locale] = { title: t.title, rank: t.rank };
        titlesOf.set(t.id, entry);
      }
      const books = bookRows.map((b) => ({
        ...b,
        titles: titlesOf.get(b.id) as Record<Locale, { title: string; rank: number }>,
        wins: popularity.get(b.id)?.wins ?? 0,
        ratingCount: popularity.get(b.id)?.ratingCount ?? 0,
      }));

      const editions = (await tx.execute(sql`SELECT book_id AS "bookId", title_fold AS fold, title_translit AS translit FROM editions ORDER BY id`)).rows as unknown as CatalogueSnapshot['editions'];
      const named = async (query: ReturnType<typeof sql>) =>
        ((await tx.execute(query)).rows as unknown as (SnapshotNamed & { popularity: string | number })[]).map((r) => ({ ...r, popularity: Number(r.popularity) }));
      const authors = await named(sql`
        SELECT t.id, t.slug, t.name, t.name_fold AS fold, t.name_translit AS translit, rank() OVER (ORDER BY t.sort_name)::int AS rank,
               (SELECT coalesce(sum(p.award_wins), 0) FROM book_authors bau JOIN book_popularity p ON p.book_id = bau.book_id WHERE bau.author_id = t.id) AS popularity
        FROM authors t ORDER BY t.id`);
      const series = await named(sql`
        SELECT t.id, t.slug, t.name, t.name_fold AS fold, t.name_translit AS translit, rank() OVER (ORDER BY t.name)::int AS rank,
               (SELECT count(*) FROM book_series bs WHERE bs.series_id = t.id) AS popularity
        FROM series t ORDER BY t.id`);
      const localized = async (table: 'genres' | 'awards', extra: ReturnType<typeof sql>) =>
        (
          await tx.execute(sql`
            SELECT t.id, t.name, ${extra}, rank() OVER (ORDER BY t.name)::int AS rank, coalesce(t.names, '{}'::jsonb) AS localized,
                   (SELECT json_agg(json_build_object('fold', search_fold(n.value), 'translit', search_translit(n.value)))
                    FROM (SELECT t.name AS value UNION ALL SELECT value FROM jsonb_each_text(t.names)) n) AS folds
            FROM ${sql.identifier(table)} t ORDER BY t.id`)
        ).rows as unknown as SnapshotLocalized[];
      const genres = await localized('genres', sql`'' AS slug, t.category`);
      const awards = await localized('awards', sql`t.slug, '' AS category`);
      const lists = await readListSnapshot(tx as unknown as Database, books);
      // book_titles holds the same titles as localized_book_title(): one string for both copies.
      for (const [i, b] of lists.books.entries()) {
        for (const l of LOCALES) {
          const listed = b.titles[l];
          if (listed && listed.title === books[i]!.titles[l]?.title) listed.title = books[i]!.titles[l].title;
        }
      }
      return {
        version,
        snapshot: { charMap, defaultThreshold: Number(threshold.t ?? 0.6), books, editions, authors, series, genres, awards },
        lists,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The popularity counters and the lists' ratings alone (a rating or an author review changed them; the rest of the copy still holds). */
export async function readPopularity(db: Database): Promise<{ version: CatalogueVersion; counters: Map<number, { wins: number; ratingCount: number }>; ratings: ListRatings }> {
  return db.transaction(
    async (tx) => ({
      version: await readCatalogueVersion(tx as unknown as Database),
      counters: await popularityRows(tx as unknown as Database),
      ratings: await readListRatings(tx as unknown as Database),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
