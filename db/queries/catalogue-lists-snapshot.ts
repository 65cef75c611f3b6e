/**
 * What the in-memory lists (src/domain/catalogue-lists.ts) are built from, read inside the catalogue
 * snapshot's transaction (search-snapshot.ts) so the copy and its version agree. Everything the SQL
 * of lists.ts decides is computed here by PostgreSQL with the same expressions: titles and ranks from
 * book_titles, name ranks under each language's ICU collation, lower() of genre names, and the rating
 * columns (ratings(): rounded averages, the order of the unrounded numeric averages, the minimum
 * ratings each passes), which a rating or an author review reloads alone.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ListAuthor, ListBook, ListGenre, ListRating, ListRatings, ListSeries, ListsSnapshot, ListTitles } from '../../src/domain/catalogue-lists.ts';
import { LOCALES, type Locale } from '../../src/domain/enums.ts';
import type { Database } from '../client.ts';

const COLLATION: Record<Locale, string> = { en: 'en-x-icu', de: 'de-x-icu', it: 'it-x-icu' };

/** `dense_rank() OVER (ORDER BY <expr> COLLATE "<locale>")` per language, as rank_en, rank_de, rank_it. */
const nameRanks = (expr: SQL) =>
  sql.join(
    LOCALES.map((l) => sql`dense_rank() OVER (ORDER BY ${expr} COLLATE ${sql.raw(`"${COLLATION[l]}"`)})::int AS ${sql.identifier(`rank_${l}`)}`),
    sql`, `,
  );

type RankColumns = Record<`rank_${Locale}`, number>;
const ranksOf = (row: RankColumns): Record<Locale, number> => ({ en: row.rank_en, de: row.rank_de, it: row.rank_it });

/**
 * The rating columns of one list from its average expression (numeric, as lists.ts computes it) and
 * count, over `source` (rows with at least one rating): the average rounded as the cards show it,
 * the dense rank of the unrounded numeric average (division rounds it to 16 decimals here, so two
 * averages closer than that tie in the SQL's sort where an exact comparison of fractions would not),
 * and the greatest minimum rating 1-5 the average reaches (`avg >= m`, as the SQL's filter compares).
 */
async function ratingRows(db: Database, id: SQL, average: SQL, count: SQL, source: SQL): Promise<ListRating[]> {
  const { rows } = await db.execute(sql`
    SELECT ${id} AS id, ${count}::int AS count, round(${average}, 1)::float8 AS average,
           dense_rank() OVER (ORDER BY ${average} DESC)::int AS "averageRank",
           ((${average} >= 1)::int + (${average} >= 2)::int + (${average} >= 3)::int + (${average} >= 4)::int + (${average} >= 5)::int) AS "atLeast"
    ${source}`);
  return rows as unknown as ListRating[];
}

/** The lists' rating columns (book_stats counters, author reviews); the version's popularity number marks their changes. */
export async function readListRatings(db: Database): Promise<ListRatings> {
  return {
    books: await ratingRows(db, sql`book_id`, sql`rating_sum::numeric / rating_count`, sql`rating_count`, sql`FROM book_stats WHERE rating_count > 0`),
    authors: await ratingRows(db, sql`author_id`, sql`avg(rating)`, sql`count(*)`, sql`FROM author_reviews GROUP BY author_id`),
    series: await ratingRows(
      db,
      sql`bs.series_id`,
      sql`sum(p.rating_sum)::numeric / sum(p.rating_count)`,
      sql`sum(p.rating_count)`,
      sql`FROM book_series bs JOIN book_stats p ON p.book_id = bs.book_id WHERE p.rating_count > 0 GROUP BY bs.series_id`,
    ),
  };
}

/**
 * The lists' part of the catalogue, for `books` (id order: the search snapshot's book rows, whose
 * strings the lists share). Call inside the snapshot's REPEATABLE READ transaction.
 */
export async function readListSnapshot(db: Database, books: readonly ListBook[]): Promise<ListsSnapshot> {
  const titleRows = (await db.execute(sql`SELECT book_id, locale, title, title_rank FROM book_titles`)).rows as { book_id: number; locale: string; title: string; title_rank: number }[];
  const titles = new Map<number, ListTitles>();
  for (const t of titleRows) {
    if (!(LOCALES as readonly string[]).includes(t.locale)) continue;
    const entry = titles.get(t.book_id) ?? {};
    entry[t.locale as Locale] = { title: t.title, rank: t.title_rank };
    titles.set(t.book_id, entry);
  }
  const genreRows = (await db.execute(sql`SELECT book_id, genre_id FROM book_genres ORDER BY book_id, genre_id`)).rows as { book_id: number; genre_id: number }[];
  const genresOf = new Map<number, number[]>();
  for (const r of genreRows) {
    const list = genresOf.get(r.book_id);
    if (list) list.push(r.genre_id);
    else genresOf.set(r.book_id, [r.genre_id]);
  }
  const genres = (
    (
      await db.execute(sql`
        SELECT id, slug, lower(name) AS "lowerName", category,
               ${sql.join(LOCALES.map((l) => sql`coalesce(names->>${l}::text, name) AS ${sql.identifier(`name_${l}`)}`), sql`, `)}
        FROM genres ORDER BY id`)
    ).rows as (Omit<ListGenre, 'names'> & Record<`name_${Locale}`, string>)[]
  ).map(({ name_en, name_de, name_it, ...g }) => ({ ...g, names: { en: name_en, de: name_de, it: name_it } }));
  const authors = (
    (
      await db.execute(sql`
        SELECT a.id, a.slug, a.name, a.profile_image_url AS "profileImageUrl", a.birth_year AS "birthYear", a.death_year AS "deathYear",
               (SELECT count(*)::int FROM book_authors ba WHERE ba.author_id = a.id) AS "bookCount", ${nameRanks(sql`a.sort_name`)}
        FROM authors a ORDER BY a.id`)
    ).rows as (Omit<ListAuthor, 'ranks'> & RankColumns)[]
  ).map(({ rank_en, rank_de, rank_it, ...a }) => ({ ...a, ranks: ranksOf({ rank_en, rank_de, rank_it }) }));
  const series = (
    (
      await db.execute(sql`
        SELECT s.id, s.slug, s.name, s.image_url AS "imageUrl", s.kind, s.status,
               (SELECT count(*)::int FROM book_series bs WHERE bs.series_id = s.id) AS "bookCount",
               coalesce((SELECT json_agg(json_build_object('slug', a.slug, 'name', a.name) ORDER BY sa.position)
                         FROM series_authors sa JOIN authors a ON a.id = sa.author_id WHERE sa.series_id = s.id), '[]') AS authors,
               ${nameRanks(sql`s.name`)}
        FROM series s ORDER BY s.id`)
    ).rows as (Omit<ListSeries, 'ranks'> & RankColumns)[]
  ).map(({ rank_en, rank_de, rank_it, ...s }) => ({ ...s, ranks: ranksOf({ rank_en, rank_de, rank_it }) }));
  const printable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
  const { rows } = await db.execute(sql`SELECT lower(${printable}::text) AS lowered`);
  return {
    books: books.map((b) => ({ ...b, titles: titles.get(b.id) ?? {}, genreIds: genresOf.get(b.id) ?? [] })),
    genres,
    authors,
    series,
    ratings: await readListRatings(db),
    asciiLower: String((rows[0] as { lowered: string }).lowered),
  };
}
